/**
 * Counting a cycle count (issue 30; docs/counts.md "Counting"): what counters enter and read. Blind: nothing here
 * answers a counter the expected (book) quantity, the locked quantity, the previous count of a line being
 * recounted, or whether a line was expected; reviewers (counts/common.ts isReviewer) get them on the same calls.
 *
 * - {@link applyEntries}: quantities per (location, SKU, batch) into a count being COUNTED: `set` (typed) or `add`
 *   (scans); a line that does not exist yet is stock found that was not expected (a new line, expected 0). One
 *   statement writes them all (an upsert on the line's unique key), under the count's shared lock (common.ts
 *   lockCounting), so two counters scanning the same line add up and nothing lands after the counting ended.
 * - `enter {id, lines: [{locationId, skuId, batchNo?, countedQty}]}` (set) and `scan {id, location, code, batchNo?,
 *   qty?}` (add; location by code, SKU by SKU / supplier / platform code): answer the lines they wrote.
 * - `lines {id, locationId?, onlyOpen?, current?, size?}`, `locations {id}`, and the reviewer's
 *   `differences {id, current?, size?}`.
 */
import * as yup from 'yup';
import { and, inArray, sql } from 'drizzle-orm';
import { sku } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { CountStatus } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { requestLabels, rules, type Lang } from '../../../shared/validation';
import { manifestLabel, meta, type CrudCall } from '../../crud/handlers';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import type { BodyRule } from '../../http/body';
import type { UserContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { scopeIds } from '../../http/guard';
import { linesField, QTY_MAX } from '../documents';
import { skuCodeMatches } from '../sku';
import { BOOK_SQL, countInScope, isReviewer, lockCounting, T, type CountingDoc } from './common';

type Row = Record<string, unknown>;

/** One quantity entered: a location of the count, a SKU, its batch (undefined: the one batch there, else ''), units. */
export interface CountEntry { locationId: number; skuId: number; batchNo?: string | null; qty: number }

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  notLocation: L('the location is not a location of this count', '该库位不在本盘点单范围内'),
  notSku: L('the SKU is outside this count (its goods owner, its SKUs or your data scope)', '该商品不在本盘点单范围内（货主、商品或您的数据权限）'),
  batches: L('SKU {sku} has several batches on location {location} ({batches}): say which', '商品 {sku} 在库位 {location} 有多个批次（{batches}）：请指定批次'),
  twice: L('the same location, SKU and batch are listed twice', '同一库位、商品和批次重复'),
  notOpen: L('the line of SKU {sku} on location {location} is not open for recount', '库位 {location} 商品 {sku} 的明细不在重盘中'),
  noLocationCode: L('no location of this count has code "{code}"', '本盘点单没有编码为“{code}”的库位'),
  noSkuCode: L('no SKU of this count has code "{code}"', '本盘点单没有编码为“{code}”的商品'),
  skuCodeShared: L('code "{code}" names several SKUs ({skus}): choose one', '编码“{code}”对应多个商品（{skus}）：请选择一个'),
};
const lineLabel = (field: string) => manifestLabel(field, meta(bindings.countLine))!;
const entryLabels = L('Counted lines', '盘点明细');

/** The SKUs of `ids` a count may take: of its goods owner and SKU list, within the caller's owner scope. */
async function countSkus(db: Db, doc: CountingDoc, user: UserContext, ids: number[]): Promise<Map<number, { ownerId: number; sku: string }>> {
  const owners = scopeIds(user, 'owner');
  const rows = await db.select({ id: sku.id, ownerId: sku.ownerId, sku: sku.sku }).from(sku).where(inArray(sku.id, [...new Set(ids)]));
  return new Map(rows.filter((r) => (doc.ownerId === null || r.ownerId === doc.ownerId) && (!doc.skuIds.length || doc.skuIds.includes(r.id)) && (owners === 'all' || owners.includes(r.ownerId)))
    .map((r) => [r.id, { ownerId: r.ownerId, sku: r.sku }]));
}

/**
 * Writes `entries` into count `id` (which the caller read in scope): `set` puts each quantity, `add` adds it (a
 * scan). Checks, each a 400 naming the entry's line and field: the location is one of the count's, the SKU within
 * the count and the caller's scope, the batch known when the SKU has several on the location, no line twice (set).
 * While a recount runs, only lines open for recount (and new lines on their locations) take counts (409).
 * Returns the lines written, blind: {id, locationId, locationCode, skuId, sku, skuName, batchNo, countedQty}.
 * `single`: one entry of a call that has no lines (a scan): messages do not start with "Line 1: ".
 */
export async function applyEntries(tx: Db, id: number, entries: CountEntry[], mode: 'set' | 'add', user: UserContext, lang: Lang, single = false): Promise<Row[]> {
  const doc = await lockCounting(tx, id, lang);
  const at = (line: number, field: string, t: { en: string; zh: string }, args: Record<string, string> = {}, code: number = Code.BAD_REQUEST) =>
    fieldError(lang, { line: single ? undefined : line, label: lineLabel(field), field }, t[lang], args, code);
  const locations = new Map((await rawQuery(tx, `select f.location_id, l.code from ${T.freeze} f join ${T.location} l on l.id = f.location_id
    where f.count_id = $1 and f.location_id = any($2::int[])`, [id, [...new Set(entries.map((e) => e.locationId))]])).map((r) => [Number(r.location_id), String(r.code)]));
  const skus = await countSkus(tx, doc, user, entries.map((e) => e.skuId));
  entries.forEach((e, i) => {
    if (!locations.has(e.locationId)) throw at(i, 'locationId', texts.notLocation);
    if (!skus.has(e.skuId)) throw at(i, 'skuId', texts.notSku);
  });
  const existing = await rawQuery(tx, `select cl.location_id, cl.sku_id, cl.batch_no, cl.recounting from ${T.line} cl
    where cl.count_id = $1 and (cl.location_id, cl.sku_id) in (select * from unnest($2::int[], $3::int[]))`,
  [id, entries.map((e) => e.locationId), entries.map((e) => e.skuId)]);
  const linesAt = (loc: number, skuId: number) => existing.filter((r) => Number(r.location_id) === loc && Number(r.sku_id) === skuId);
  const isTrue = (v: unknown) => v === true || v === 't';
  // while a recount runs: the locations with lines open for recount (found goods may be added there)
  const recountAt = doc.recountRound > 0
    ? new Set((await rawQuery(tx, `select distinct location_id from ${T.line} where count_id = $1 and recounting`, [id])).map((r) => Number(r.location_id)))
    : new Set<number>();
  const keys = new Map<string, { e: CountEntry; batchNo: string; ownerId: number; qty: number }>();
  entries.forEach((e, i) => {
    const code = skus.get(e.skuId)!.sku;
    const location = locations.get(e.locationId)!;
    let batchNo = typeof e.batchNo === 'string' ? e.batchNo.trim() : undefined;
    if (batchNo === undefined) {
      const here = linesAt(e.locationId, e.skuId);
      if (here.length > 1) throw at(i, 'batchNo', texts.batches, { sku: code, location, batches: here.map((r) => String(r.batch_no) || '-').join(', ') });
      batchNo = here.length ? String(here[0].batch_no) : '';
    }
    if (doc.recountRound > 0) {
      const line = existing.find((r) => Number(r.location_id) === e.locationId && Number(r.sku_id) === e.skuId && String(r.batch_no) === batchNo);
      const open = line ? isTrue(line.recounting) : recountAt.has(e.locationId);
      if (!open) throw at(i, 'skuId', texts.notOpen, { sku: code, location }, Code.CONFLICT);
    }
    const key = `${e.locationId}/${e.skuId}/${batchNo}`;
    const same = keys.get(key);
    if (same && mode === 'set') throw at(i, 'batchNo', texts.twice);
    if (same) same.qty += e.qty;
    else keys.set(key, { e, batchNo, ownerId: skus.get(e.skuId)!.ownerId, qty: e.qty });
  });
  const v = [...keys.values()];
  return rawQuery(tx, `with w as (
      insert into ${T.line} as cl (count_id, warehouse_id, owner_id, location_id, inventory_id, sku_id, batch_no, expected_qty, locked_qty, unexpected, counted_qty, count_user_name, count_time)
      select $1, $2, v.owner_id, v.location_id, i.id, v.sku_id, v.batch_no, 0, 0, true, v.qty, $3, now()
      from unnest($4::int[], $5::int[], $6::int[], $7::varchar[], $8::int[]) as v(owner_id, location_id, sku_id, batch_no, qty)
      left join ${T.inventory} i on i.warehouse_id = $2 and i.owner_id = v.owner_id and i.sku_id = v.sku_id and i.batch_no = v.batch_no
      on conflict (count_id, location_id, sku_id, batch_no) do update set
        counted_qty = case when $9::boolean then coalesce(cl.counted_qty, 0) + excluded.counted_qty else excluded.counted_qty end,
        count_user_name = excluded.count_user_name, count_time = excluded.count_time, update_date = now()
      returning cl.id, cl.location_id, cl.sku_id, cl.batch_no, cl.counted_qty
    )
    select w.id, w.location_id as "locationId", l.code as "locationCode", w.sku_id as "skuId", s.sku, s.name as "skuName", w.batch_no as "batchNo", w.counted_qty as "countedQty"
    from w join ${T.location} l on l.id = w.location_id join ${T.sku} s on s.id = w.sku_id order by l.pick_sequence, l.code, s.sku, w.batch_no`,
  [id, doc.warehouseId, user.name.slice(0, 20), v.map((x) => x.ownerId), v.map((x) => x.e.locationId), v.map((x) => x.e.skuId), v.map((x) => x.batchNo), v.map((x) => x.qty), mode === 'add']);
}

/** The body of enter: `{id, lines: [{locationId, skuId, batchNo?, countedQty}]}` (1..500 lines; countedQty 0..QTY_MAX). */
export const enterBody: BodyRule<{ id: number; lines: Array<{ locationId: number; skuId: number; batchNo?: string | null; countedQty: number }> }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      id: r.recordId(),
      lines: linesField(lang, yup.object({
        locationId: r.ref(lineLabel('locationId'), { required: true }),
        skuId: r.ref(lineLabel('skuId'), { required: true }),
        // left out: the SKU's one batch on the location ('' when it has none there); '' = no batch
        batchNo: yup.mixed().test('batch', r.text('text', lineLabel('batchNo')), (x) => x === undefined || x === null || typeof x === 'string').test('len', r.text('maxLength', lineLabel('batchNo'), { max: 50 }), (x) => typeof x !== 'string' || x.trim().length <= 50),
        countedQty: r.number(lineLabel('countedQty'), { required: true, integer: true, min: 0, max: QTY_MAX }),
      }), entryLabels),
    });
  },
};

/** POST /sapi/wms/count/enter (enterBody): typed quantities, each replacing the line's count. Answers the lines written. */
export async function enterCounts(call: CrudCall): Promise<Row[]> {
  const body = call.body as { id: number; lines: Array<{ locationId: number; skuId: number; batchNo?: string | null; countedQty: number }> };
  await countInScope(call, body.id);
  return call.db.transaction((tx) => applyEntries(tx as unknown as Db, body.id, body.lines.map((l) => ({ locationId: l.locationId, skuId: l.skuId, batchNo: l.batchNo ?? undefined, qty: l.countedQty })), 'set', call.user, call.ctx.lang));
}

const scanLabels = { location: manifestLabel('code', meta(bindings.location))!, code: requestLabels.skuScanCode, qty: requestLabels.quantity };

/** The body of scan: `{id, location (code), code (SKU, supplier SKU or platform SKU), skuId?, batchNo?, qty? (1..QTY_MAX, default 1)}`. */
export const scanBody: BodyRule<{ id: number; location: string; code: string; skuId?: number | null; batchNo?: string | null; qty?: number | null }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      id: r.recordId(),
      location: r.string(scanLabels.location, { required: true, maxLength: 30 }),
      code: r.string(scanLabels.code, { required: true, maxLength: 100 }),
      // the SKU the screen chose when one code names several
      skuId: r.ref(lineLabel('skuId')),
      batchNo: r.string(lineLabel('batchNo'), { maxLength: 50 }),
      qty: r.number(scanLabels.qty, { integer: true, min: 1, max: QTY_MAX }),
    });
  },
};

/**
 * POST /sapi/wms/count/scan (scanBody): one scan (or `qty` of them) of SKU `code` on location `location`, added to
 * the line's count. The location by its code among the count's (exact, else case-insensitive); the SKU by
 * `skuId`, else by code (SKU, supplier or platform code, case-insensitive) among the count's SKUs, preferring
 * those with a line on the location; several left: 409 listing them. Answers the line written (blind).
 */
export async function scanCount(call: CrudCall): Promise<Row> {
  const { lang } = call.ctx;
  const body = call.body as { id: number; location: string; code: string; skuId?: number | null; batchNo?: string | null; qty?: number | null };
  await countInScope(call, body.id);
  return call.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const doc = await lockCounting(tx, body.id, lang);
    const bad = (field: keyof typeof scanLabels, text: { en: string; zh: string }, args: Record<string, string>, code: number = Code.BAD_REQUEST) => fieldError(lang, { label: scanLabels[field], field }, text[lang], args, code);
    const places = await rawQuery(tx, `select f.location_id, l.code from ${T.freeze} f join ${T.location} l on l.id = f.location_id
      where f.count_id = $1 and lower(l.code) = lower($2) order by (l.code = $2) desc, l.id`, [doc.id, body.location]);
    if (!places.length) throw bad('location', texts.noLocationCode, { code: body.location });
    const locationId = Number(places[0].location_id);
    let skuId = body.skuId ?? undefined;
    if (skuId === undefined) {
      const owners = scopeIds(call.user, 'owner');
      const found = await tx.select({ id: sku.id, sku: sku.sku, ownerId: sku.ownerId }).from(sku).where(and(skuCodeMatches(body.code),
        doc.ownerId === null ? undefined : sql`${sku.ownerId} = ${doc.ownerId}`, doc.skuIds.length ? inArray(sku.id, doc.skuIds) : undefined,
        owners === 'all' ? undefined : owners.length ? inArray(sku.ownerId, owners) : sql`false`)).orderBy(sku.sku).limit(20);
      if (!found.length) throw bad('code', texts.noSkuCode, { code: body.code });
      let pick = found;
      if (found.length > 1) {
        const here = new Set((await rawQuery(tx, `select sku_id from ${T.line} where count_id = $1 and location_id = $2 and sku_id = any($3::int[])`, [doc.id, locationId, found.map((f) => f.id)])).map((r) => Number(r.sku_id)));
        if (here.size) pick = found.filter((f) => here.has(f.id));
      }
      if (pick.length > 1) throw bad('code', texts.skuCodeShared, { code: body.code, skus: pick.map((f) => `${f.sku} #${f.id}`).join(', ') }, Code.CONFLICT);
      skuId = pick[0].id;
    }
    const [line] = await applyEntries(tx, body.id, [{ locationId, skuId, batchNo: body.batchNo ?? undefined, qty: body.qty ?? 1 }], 'add', call.user, lang, true);
    return line;
  });
}

/** `{id, locationId?, onlyOpen?, current?, size?}` of the lines call; `{id, current?, size?}` of differences. */
export const linesBody: BodyRule<{ id: number; locationId?: number | null; onlyOpen?: boolean | null; current?: number | null; size?: number | null }> = {
  schema: (lang) => {
    const r = rules(lang, 'query');
    return yup.object({
      id: rules(lang, 'add').recordId(),
      locationId: r.ref(lineLabel('locationId')),
      onlyOpen: r.boolean({ en: 'Only lines to count', zh: '仅待盘明细' }),
      current: r.number(requestLabels.current, { integer: true, min: 1, max: 1_000_000 }),
      size: r.number(requestLabels.size, { integer: true, min: 1, max: 1000 }),
    });
  },
};

/**
 * The columns of a line as answered: blind for counters; with `expectedQty`, `lockedQty`, `unexpected`,
 * `previousCountedQty`, `recounts`, `bookQty` (at approval, else now) and `diffQty` (counted - book) for reviewers.
 */
function lineColumns(reviewer: boolean): string {
  const blind = `cl.id, cl.location_id as "locationId", l.code as "locationCode", cl.sku_id as "skuId", s.sku, s.name as "skuName", cl.batch_no as "batchNo",
    cl.counted_qty as "countedQty", cl.count_user_name as "countUserName", cl.count_time as "countTime", cl.recounting`;
  if (!reviewer) return blind;
  const book = `coalesce(cl.book_qty, ${BOOK_SQL('cl')})`;
  return `${blind}, cl.owner_id as "ownerId", cl.inventory_id as "inventoryId", cl.expected_qty as "expectedQty", cl.locked_qty as "lockedQty", cl.unexpected,
    cl.previous_counted_qty as "previousCountedQty", cl.recounts, ${book} as "bookQty", case when cl.counted_qty is null then null else cl.counted_qty - ${book} end as "diffQty"`;
}

/** One page of a count's lines in walk order (pick sequence, location code, SKU, batch): {records, current, total}. */
async function linePage(db: Db, id: number, reviewer: boolean, where: string, params: unknown[], current: number, size: number) {
  const base = `from ${T.line} cl join ${T.location} l on l.id = cl.location_id join ${T.sku} s on s.id = cl.sku_id where cl.count_id = $1${where}`;
  const n = params.length;
  const [r] = await rawQuery(db, `select (select count(*)::int ${base}) as total,
    coalesce((select json_agg(x) from (select ${lineColumns(reviewer)} ${base} order by l.pick_sequence, l.code, s.sku, cl.batch_no, cl.id limit $${n + 2} offset $${n + 3}) x), '[]'::json) as records`,
  [id, ...params, size, (current - 1) * size]);
  const records = typeof r.records === 'string' ? JSON.parse(r.records) : r.records;
  return { records: records as Row[], current, total: Number(r.total) };
}

/**
 * POST /sapi/wms/count/lines (linesBody; counters and reviewers): the count's lines, filtered to a location and to
 * the lines still to count (`onlyOpen`: no count yet, or open for recount). Blind for counters (lineColumns).
 */
export async function countLines(call: CrudCall) {
  const q = call.body as { id: number; locationId?: number | null; onlyOpen?: boolean | null; current?: number | null; size?: number | null };
  await countInScope(call, q.id);
  const params: unknown[] = [];
  let where = '';
  if (q.locationId) { params.push(q.locationId); where += ` and cl.location_id = $${params.length + 1}`; }
  if (q.onlyOpen) where += ' and (cl.counted_qty is null or cl.recounting)';
  return linePage(call.db, q.id, isReviewer(call.user), where, params, q.current ?? 1, q.size ?? 100);
}

/**
 * POST /sapi/wms/count/differences (linesBody without filters; reviewers): the counted lines whose count differs
 * from the book (at approval, else now), per location and SKU, with `summary` {lines, countedLines,
 * differenceLines, gainQty, lossQty}. No money value: the SKU has no price or cost field (docs/counts.md).
 */
export async function countDifferences(call: CrudCall) {
  const q = call.body as { id: number; current?: number | null; size?: number | null };
  await countInScope(call, q.id);
  const diff = `(cl.counted_qty - coalesce(cl.book_qty, ${BOOK_SQL('cl')}))`;
  const page = await linePage(call.db, q.id, true, ` and cl.counted_qty is not null and ${diff} <> 0`, [], q.current ?? 1, q.size ?? 100);
  const [s] = await rawQuery(call.db, `select count(*)::int as lines, count(cl.counted_qty)::int as counted,
      count(*) filter (where ${diff} <> 0)::int as differences, coalesce(sum(${diff}) filter (where ${diff} > 0), 0)::int as gain,
      coalesce(-sum(${diff}) filter (where ${diff} < 0), 0)::int as loss
    from ${T.line} cl where cl.count_id = $1`, [q.id]);
  return { ...page, summary: { lines: Number(s.lines), countedLines: Number(s.counted), differenceLines: Number(s.differences), gainQty: Number(s.gain), lossQty: Number(s.loss) } };
}

/**
 * POST /sapi/wms/count/locations ({id}; counters and reviewers): the locations to count, in walk order, each with
 * its zone, `lines` and `countedLines` (no quantities): while the count runs, its frozen locations (empty ones too:
 * goods found there are counted as new lines); after it ended, the locations of its lines.
 */
export async function countLocations(call: CrudCall): Promise<Row[]> {
  const { id } = call.body as { id: number };
  const doc = await countInScope(call, id);
  const running = doc.status === CountStatus.COUNTING || doc.status === CountStatus.REVIEW;
  const ids = running ? `select location_id from ${T.freeze} where count_id = $1` : `select distinct location_id from ${T.line} where count_id = $1`;
  return rawQuery(call.db, `select l.id as "locationId", l.code, z.code as "zoneCode", l.pick_sequence as "pickSequence",
      (select count(*)::int from ${T.line} cl where cl.count_id = $1 and cl.location_id = l.id) as lines,
      (select count(*)::int from ${T.line} cl where cl.count_id = $1 and cl.location_id = l.id and cl.counted_qty is not null) as "countedLines"
    from ${T.location} l join ${T.zone} z on z.id = l.zone_id where l.id in (${ids}) order by l.pick_sequence, l.code`, [id]);
}

/** The frozen locations of running count `id` by code (the count's Excel import reads codes). */
export async function countLocationCodes(db: Db, id: number): Promise<Map<string, number>> {
  const rows = await rawQuery(db, `select f.location_id, l.code from ${T.freeze} f join ${T.location} l on l.id = f.location_id where f.count_id = $1`, [id]);
  return new Map(rows.map((r) => [String(r.code), Number(r.location_id)]));
}
