/**
 * Location labels (issue 29 step 2; docs/locations.md "Labels"): `POST /sapi/wms/location/exportLabels` (permission
 * `location:label`, the manifest's `location.permissions.labels`) answers a PDF with one 100 x 50 mm label per
 * location through the label machinery of labels.ts: a Code 128 barcode of the location code (16 mm bars, the code
 * under them), the code in large bold type, and warehouse code / zone code with the location type.
 *
 * Body: the location list's query (its filters: warehouseId, zoneId, code, type, status; paging and sort are
 * ignored) and optionally `ids`:
 * - with `ids` (1..{@link MAX_LOCATION_LABELS}): those locations in that order; an unknown id or one outside the
 *   caller's warehouse scope is a 404 naming it, and no file;
 * - without: every location the list shows for that filter (cut to the caller's scope), by warehouse and code;
 *   none is a 400, more than {@link MAX_LOCATION_LABELS} a 400 asking to narrow the filter.
 * Success is the file itself (HTTP 200, application/pdf, attachment `location-labels.pdf`); refusals stay JSON
 * envelopes (everything is checked before the first byte). Location codes follow the manifest's `code` pattern
 * (letters, digits, - and _), so every one is a Code 128 barcode a scanner reads back.
 */
import type { FastifyReply } from 'fastify';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type * as yup from 'yup';
import { location, warehouse, warehouseZone } from '../../../generated/db/schema';
import { generatedMessages } from '../../../generated/client/i18n';
import { bindings } from '../../../generated/server/routes';
import { enumValues } from '../../../generated/shared/enums';
import { Code } from '../../shared/envelope';
import { fieldMessage, rules } from '../../shared/validation';
import { meta, queryWhere, type CrudCall } from '../crud/handlers';
import type { BodyRule } from '../http/body';
import { BizError, notFound } from '../http/errors';
import { scopeConditions } from '../http/guard';
// the PDF machinery (pdfkit, bwip-js, sharp) loads with the first label file, not with the server
type LabelKit = typeof import('./labels');

/** At most this many labels in one file (~10 s of work on this project's 2-core machine; docs/locations.md). */
export const MAX_LOCATION_LABELS = 2000;
/** Bar height of a location barcode: taller than a product label's, read from further away. */
const BAR_MM = 16;

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  tooMany: L(`{label} can be at most ${MAX_LOCATION_LABELS} per file`, `{label}每次最多${MAX_LOCATION_LABELS}个`),
  filterTooMany: L(`More than ${MAX_LOCATION_LABELS} locations match the filter; a label file holds at most ${MAX_LOCATION_LABELS}: narrow the filter or select locations`, `符合筛选条件的库位超过${MAX_LOCATION_LABELS}个，每个标签文件最多${MAX_LOCATION_LABELS}个：请缩小筛选范围或勾选库位`),
  none: L('No location matches the filter', '没有符合筛选条件的库位'),
  notEncodable: L('location code cannot be printed as a Code 128 barcode', '库位编码无法生成Code 128条码'),
};

/**
 * The body of exportLabels: the location query (the list's filters; the manifest's rules) plus `ids`
 * (1..MAX_LOCATION_LABELS location ids, optional).
 */
export const locationLabelsBody: BodyRule<{ ids?: number[] } & Record<string, unknown>> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    const label = meta(bindings.location);
    const ids = r.refs(label).min(1, r.text('required', label)).max(MAX_LOCATION_LABELS, fieldMessage(lang, { label }, texts.tooMany[lang]));
    return (bindings.location.schemas.query(lang) as yup.ObjectSchema<Record<string, unknown>>).shape({ ids });
  },
  labels: meta(bindings.location),
};

interface LabelRow { id: number; code: string; type: number; warehouseCode: string; zoneCode: string }

const TYPE_KEYS = new Map(enumValues.LocationType.map((e) => [e.value, e.key]));
const typeName = (type: number) => (generatedMessages.en.enums.LocationType as Record<string, string>)[TYPE_KEYS.get(type) ?? ''] ?? String(type);

/** The locations to print: by ids (in their order; any missing -> 404) or by the list's filter (module doc). */
async function labelRows(call: CrudCall): Promise<LabelRow[]> {
  const { db, ctx, user } = call;
  const { ids, ...query } = call.body as { ids?: number[] } & Record<string, unknown>;
  const select = (where: SQL | undefined) => db
    .select({ id: location.id, code: location.code, type: location.type, warehouseCode: warehouse.code, zoneCode: warehouseZone.code })
    .from(location)
    .innerJoin(warehouse, eq(warehouse.id, location.warehouseId))
    .innerJoin(warehouseZone, eq(warehouseZone.id, location.zoneId))
    .where(where);
  if (ids) {
    const wanted = [...new Set(ids)];
    const rows = await select(and(inArray(location.id, wanted), ...scopeConditions(user, { warehouse: location.warehouseId })));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = wanted.filter((id) => !byId.has(id));
    if (missing.length) throw notFound(ctx.lang, `${meta(bindings.location)[ctx.lang]} #${missing.join(', #')}`);
    return wanted.map((id) => byId.get(id)!);
  }
  const { where } = await queryWhere({ ...call, body: query }); // the list's filters and the caller's scope
  const rows = await select(where).orderBy(asc(warehouse.code), asc(location.code), asc(location.id)).limit(MAX_LOCATION_LABELS + 1);
  if (!rows.length) throw new BizError(Code.BAD_REQUEST, texts.none[ctx.lang]);
  if (rows.length > MAX_LOCATION_LABELS) throw new BizError(Code.BAD_REQUEST, texts.filterTooMany[ctx.lang]);
  return rows;
}

/** Adds one 100 x 50 mm location label page: barcode, code in large type, warehouse / zone and type. */
function drawLocationLabel(kit: LabelKit, doc: PDFKit.PDFDocument, l: LabelRow, barcode: Buffer): void {
  const { LABEL_SIZE, MM, drawBarcode, fitFontSize, helveticaSafe } = kit;
  const [W, H] = LABEL_SIZE;
  const mx = 4 * MM; // >= 10 modules of quiet zone at one point per module
  const innerW = W - 2 * mx;
  doc.addPage({ size: [W, H], margin: 0 });
  let y = 3 * MM;
  y += drawBarcode(doc, barcode, y, innerW) + 1 * MM;
  doc.font('Helvetica-Bold').fillColor('black');
  fitFontSize(doc, l.code, innerW, 26, 10);
  doc.text(l.code, mx, y, { width: innerW, align: 'center', lineBreak: false });
  const bottom = H - 3 * MM;
  doc.font('Helvetica').fontSize(9);
  const where = helveticaSafe(`${l.warehouseCode} / ${l.zoneCode}`);
  doc.text(where, mx, bottom - 9, { width: innerW * 0.65, height: 11, ellipsis: true, lineBreak: false });
  doc.text(typeName(l.type), mx + innerW * 0.65, bottom - 9, { width: innerW * 0.35, height: 11, align: 'right', lineBreak: false });
}

/** With the body of locationLabelsBody: checks scope and count, then streams the PDF into the reply (module doc). */
export async function exportLocationLabels(call: CrudCall, reply: FastifyReply): Promise<null> {
  const rows = await labelRows(call);
  const kit = await import('./labels');
  const barcodes = await kit.barcodesFor(rows.map((r) => r.code), BAR_MM);
  // codes follow the manifest's code pattern; one written around it (SQL) is refused, not printed unreadable
  const bad = rows.filter((r) => !barcodes.get(r.code));
  if (bad.length) throw new BizError(Code.BAD_REQUEST, `${texts.notEncodable[call.ctx.lang]}${call.ctx.lang === 'zh' ? '：' : ': '}${bad.map((r) => r.code).join(', ')}`);
  return kit.sendLabelPdf(reply, {
    fileName: 'location-labels.pdf',
    title: 'Location labels',
    count: rows.length,
    draw: (doc, i) => drawLocationLabel(kit, doc, rows[i], barcodes.get(rows[i].code)!),
  });
}
