/**
 * The count sheet of a cycle count (issue 30; docs/counts.md, docs/print.md): an A4 sheet for counting on paper,
 * drawn with the documents' layout (./documents.ts drawSheet). Blind like the counting calls: location, SKU,
 * product and batch, and an empty "Counted" box per line; never the expected quantity. In walk order (pick
 * sequence, location code, SKU, batch). While the count runs, its frozen locations that hold no line get a row of
 * their own (goods found there are written in). During a recount only the lines open for recount are listed.
 * Filled in, the sheet is typed in with /sapi/wms/count/enter or the Excel import.
 */
import { count as countTable } from '../../../../generated/db/schema';
import { CountStatus } from '../../../../generated/shared/enums';
import { eq } from 'drizzle-orm';
import type { Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { stateText, T } from '../counts/common';
import { cols, drawSheet, label, names, wall } from './documents';

const words = {
  no: { en: 'No.', zh: '序号' },
  product: { en: 'Product', zh: '商品' },
  counted: { en: 'Counted', zh: '实盘数量' },
  empty: { en: '(no stock expected)', zh: '（账面无库存）' },
  countedBy: { en: 'Counted by', zh: '盘点人' },
  checkedBy: { en: 'Checked by', zh: '复核人' },
  recount: { en: 'Recount', zh: '重盘' },
};

/** The count sheet of count `id` (which exists: the caller checked it), a pdfkit document not yet ended. */
export async function countSheet(db: Db, id: number, lang: Lang, tzHours: number): Promise<PDFKit.PDFDocument> {
  const [c] = await db.select().from(countTable).where(eq(countTable.id, id));
  const recount = c.status === CountStatus.COUNTING && c.recountRound > 0;
  const rows = await rawQuery(db, `select l.code, l.pick_sequence, s.sku, s.name, cl.batch_no from ${T.line} cl
      join ${T.location} l on l.id = cl.location_id join ${T.sku} s on s.id = cl.sku_id where cl.count_id = $1${recount ? ' and cl.recounting' : ''}
    union all
    select l.code, l.pick_sequence, null, null, null from ${T.freeze} f join ${T.location} l on l.id = f.location_id
    where f.count_id = $1 and not $2::boolean and not exists (select 1 from ${T.line} cl where cl.count_id = $1 and cl.location_id = f.location_id)
    order by 2, 1, 3 nulls first, 5`, [id, recount]);
  const n = await names(db, c.warehouseId, c.ownerId);
  const C = (f: string) => label(lang, 'count', f);
  const LL = (f: string) => label(lang, 'countLine', f);
  return drawSheet({
    kind: 'countSheet', number: c.countNo ?? '',
    fields: [
      [C('warehouseId'), n.warehouse], [C('ownerId'), n.owner], [C('status'), `${stateText(c.status, lang)}${recount ? ` · ${words.recount[lang]} ${c.recountRound}` : ''}`], [C('startTime'), wall(c.startTime, tzHours)],
      [C('remark'), c.remark ?? '', 'wide'],
    ],
    sections: [{
      columns: cols([[words.no[lang], 0.07, 'right'], [LL('locationId'), 0.16], [LL('skuId'), 0.18], [words.product[lang], 0.31], [LL('batchNo'), 0.14], [words.counted[lang], 0.14, 'center']]),
      rows: rows.map((r, i) => [String(i + 1), String(r.code), r.sku === null ? '' : String(r.sku), r.sku === null ? words.empty[lang] : String(r.name), r.batch_no === null ? '' : String(r.batch_no), '[            ]']),
    }],
    signatures: [words.countedBy[lang], words.checkedBy[lang]],
  }, lang, tzHours);
}
