/**
 * The inventory ledger (DESIGN.md "Inventory is a ledger"; spec 3 inventory and inventory log records, 4
 * document types). The ONLY code that changes `wms_inventory.qty` or `lock_qty` and, one level beneath, the
 * location rows `wms_location_inventory` (issue 29, docs/locations.md: an inventory row is the sum of its
 * location rows; both move in the same statement). Every change writes at least one `wms_inventory_log` row
 * (origin, new and change of both numbers, bizType, bizNo, bizNoExtra, remark, locationId): one per location
 * row it changed, in the caller's transaction, so a document and its stock movements commit or roll back
 * together; it also writes the inventory.changed webhook events of the rows it changed (webhooks/events.ts). Closure: per inventory row, the sum of its log changes = qty/lockQty; per location row, the sum of
 * the log lines naming it (inventory row, location) = its qty/lockQty.
 *
 * Concurrency: each change is ONE guarded statement
 *   UPDATE wms_inventory SET qty = qty + d, lock_qty = lock_qty + l
 *   WHERE id = ? AND qty + d >= 0 AND lock_qty + l >= 0 AND lock_qty + l <= qty + d RETURNING ...
 * which takes the row lock and re-checks the guard on the newest row version (PostgreSQL re-evaluates the
 * WHERE after waiting for a concurrent writer), so there is no read-modify-write window and no lost update.
 * Changes of one call are applied in ascending inventory id, so two documents touching the same rows lock
 * them in the same order and cannot deadlock each other. CHECK constraints (qty >= 0, 0 <= lockQty <= qty,
 * from the manifest) are the last line of defence.
 *
 * Quantities are whole units (integers). A guard that fails is a 409 "insufficient inventory for selected
 * product" (spec 8) naming the SKU, batch, available and requested quantity; the caller's transaction
 * must then roll back (the thrown BizError does that through db.transaction).
 */
import { and, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { inventory, inventoryLog, location, locationInventory, owner, sku } from '../../../../generated/db/schema';
import type { BizType } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { requestLabels, ruleTexts, type Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { ident } from '../../crud/filters';
import { manifestLabel, meta } from '../../crud/handlers';
import { bindings } from '../../../../generated/server/routes';
import { BizError, fieldError, notFound, stockItem, text } from '../../http/errors';
import { ensureLocationRows, LOCKABLE_SQL, lockInventoryRows, readLocationRows, spreadChange, type LocRow, type Part } from './locations';
import { frozenConflict } from '../counts/freeze';
import { raiseInventoryChanged } from '../webhooks/events';

const texts = {
  locationWarehouse: { en: 'the location is not in the warehouse of the inventory record', zh: '库位不属于该库存记录的仓库' },
};

/** Where a stock row lives: one row per (warehouse, goods owner, SKU, batch number); batch '' = no batch. */
export interface InventoryKey { warehouseId: number; ownerId: number; skuId: number; batchNo?: string | null }

/** One movement: a row by id, or by key (a missing row is created with 0/0 first, e.g. on receiving). */
export interface LedgerChange {
  target: { inventoryId: number } | InventoryKey;
  /** Units added to qty (negative to take away). */
  qtyChange: number;
  /** Units added to lockQty (positive allocates, negative releases). */
  lockQtyChange: number;
  /**
   * The location row to change (issue 29). Unset: an addition goes to the warehouse's RECEIVING location; a taking,
   * lock or release is spread over the row's locations (locations.ts spreadChange).
   */
  locationId?: number | null;
  bizType: BizType;
  /** The causing document's number (inbound, outbound or adjustment number). */
  bizNo: string;
  /** Store information shown with the log line (spec 2.7). */
  bizNoExtra?: string | null;
  remark?: string | null;
}

/**
 * The row after one applied change (same order as the changes given): inventory-level before/after, the first
 * log line's id, and the location rows it changed (one log line each).
 */
export interface LedgerResult {
  inventoryId: number; originQty: number; newQty: number; originLockQty: number; newLockQty: number; logId: number;
  locations: Array<{ locationId: number; qtyChange: number; lockQtyChange: number; logId: number }>;
}

/** Finds or creates the rows for key targets; returns the inventory id of every change, in order. */
async function resolveTargets(tx: Db, changes: LedgerChange[], lang: Lang): Promise<number[]> {
  const ids: number[] = [];
  for (const c of changes) {
    if ('inventoryId' in c.target) { ids.push(c.target.inventoryId); continue; }
    const k = { ...c.target, batchNo: (c.target.batchNo ?? '').trim() };
    const where = and(eq(inventory.warehouseId, k.warehouseId), eq(inventory.ownerId, k.ownerId), eq(inventory.skuId, k.skuId), eq(inventory.batchNo, k.batchNo));
    let [row] = await tx.select({ id: inventory.id }).from(inventory).where(where).limit(1);
    if (!row) {
      const [o] = await tx.select({ companyId: owner.companyId }).from(owner).where(eq(owner.id, k.ownerId));
      if (!o) throw notFound(lang, `#${k.ownerId}`);
      await tx.insert(inventory).values({ companyId: o.companyId, warehouseId: k.warehouseId, ownerId: k.ownerId, skuId: k.skuId, batchNo: k.batchNo }).onConflictDoNothing();
      [row] = await tx.select({ id: inventory.id }).from(inventory).where(where).limit(1);
    }
    ids.push(row.id);
  }
  return ids;
}

/** The 409 for a change the row cannot take, with what is available. */
async function insufficient(tx: Db, inventoryId: number, c: LedgerChange, lang: Lang, short?: number): Promise<BizError> {
  const [row] = await tx.select({ qty: inventory.qty, lockQty: inventory.lockQty, batchNo: inventory.batchNo, sku: sku.sku })
    .from(inventory).innerJoin(sku, eq(sku.id, inventory.skuId)).where(eq(inventory.id, inventoryId));
  if (!row) return notFound(lang, `${lang === 'zh' ? '库存记录' : 'Inventory record'} #${inventoryId}`);
  const requested = c.lockQtyChange > 0 ? c.lockQtyChange : -c.qtyChange;
  // a spread short of `short` units: what its locations could serve (locks: lockable locations only)
  const available = short === undefined ? row.qty - row.lockQty : Math.max(requested - short, 0);
  return new BizError(Code.CONFLICT, text(lang, 'insufficientInventory', {
    item: stockItem(lang, row.sku, row.batchNo), available: String(available), locked: String(row.lockQty), requested: String(requested),
  }));
}

const INVENTORY = ident(getTableName(inventory));
const INVENTORY_LOG = ident(getTableName(inventoryLog));
const LOCATION_INVENTORY = ident(getTableName(locationInventory));
const LOCATION = ident(getTableName(location));
/** Parameters of {@link ledgerSql} before `also`'s own. */
const LEDGER_PARAMS = 24;
/**
 * The ledger's one statement (see applyLedger) as plain text, sent as a named prepared statement (db/raw.ts), so
 * Drizzle does not build it on every call (issue 13 write path). $1-$6: per inventory row id, dq, dl, min_q, min_l,
 * min_diff; $7-$16: per part (one log line) inventory_id, dq, dl, before_dq, before_dl, biz_type, biz_no,
 * biz_no_extra, remark, location_id; $17-$24: per location row inventory_id, location_id, dq, dl, min_q, min_l,
 * min_diff, lock_add (units locked on it, which its location must allow).
 */
const ledgerSql = (also?: string) => `with d as (
    select * from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[]) as d(id, dq, dl, min_q, min_l, min_diff)
  ), locked as materialized (
    select i.id from ${INVENTORY} i where i.id in (select id from d) order by i.id for update
  ), u as (
    update ${INVENTORY} i set qty = i.qty + d.dq, lock_qty = i.lock_qty + d.dl, update_date = now()
    from d join locked l on l.id = d.id
    where i.id = d.id and i.qty + d.min_q >= 0 and i.lock_qty + d.min_l >= 0 and i.lock_qty - i.qty <= d.min_diff
    returning i.id, i.qty - d.dq as origin_qty, i.lock_qty - d.dl as origin_lock_qty, i.company_id, i.warehouse_id, i.owner_id, i.sku_id
  ), ld as (
    select * from unnest($17::int[], $18::int[], $19::int[], $20::int[], $21::int[], $22::int[], $23::int[], $24::int[])
      as ld(inventory_id, location_id, dq, dl, min_q, min_l, min_diff, lock_add)
  ), lu as (
    update ${LOCATION_INVENTORY} li set qty = li.qty + ld.dq, lock_qty = li.lock_qty + ld.dl, update_date = now()
    from ld join locked k on k.id = ld.inventory_id join ${LOCATION} loc on loc.id = ld.location_id
    where li.inventory_id = ld.inventory_id and li.location_id = ld.location_id
      and li.qty + ld.min_q >= 0 and li.lock_qty + ld.min_l >= 0 and li.lock_qty - li.qty <= ld.min_diff
      and (ld.lock_add = 0 or ${LOCKABLE_SQL('loc')})
    returning li.inventory_id, li.location_id
  ), c as (
    select * from unnest($7::int[], $8::int[], $9::int[], $10::int[], $11::int[], $12::smallint[], $13::varchar[], $14::varchar[], $15::varchar[], $16::int[])
      with ordinality as c(inventory_id, dq, dl, before_dq, before_dl, biz_type, biz_no, biz_no_extra, remark, location_id, n)
  )${also ? `, also as (${also})` : ''}
  insert into ${INVENTORY_LOG} (inventory_id, company_id, warehouse_id, owner_id, sku_id, origin_qty, new_qty, change_qty,
    origin_lock_qty, new_lock_qty, lock_change_qty, biz_type, biz_no, biz_no_extra, remark, location_id)
  select u.id, u.company_id, u.warehouse_id, u.owner_id, u.sku_id, u.origin_qty + c.before_dq, u.origin_qty + c.before_dq + c.dq, c.dq,
    u.origin_lock_qty + c.before_dl, u.origin_lock_qty + c.before_dl + c.dl, c.dl, c.biz_type, c.biz_no, c.biz_no_extra, c.remark, c.location_id
  from c join u on u.id = c.inventory_id join lu on lu.inventory_id = c.inventory_id and lu.location_id = c.location_id order by c.n
  returning id, inventory_id, location_id, origin_qty, new_qty, origin_lock_qty, new_lock_qty`;

const dialect = new PgDialect();
/** A Drizzle statement as text whose parameters are numbered after the first `offset` (its values in order). */
function alsoText(also: SQL, offset: number): { text: string; values: unknown[] } {
  const q = dialect.sqlToQuery(also);
  return { text: q.sql.replace(/\$(\d+)/g, (_m, n: string) => `$${Number(n) + offset}`), values: q.params };
}

/** Summed deltas of one row (inventory or location) and the lowest prefix sums its guard must allow. */
class Deltas {
  dq = 0; dl = 0; minQ = 0; minL = 0; minDiff = 0; lockAdd = 0; private first = true;
  add(q: number, l: number): { dq: number; dl: number } {
    const prior = { dq: this.dq, dl: this.dl };
    this.dq += q; this.dl += l;
    if (l > 0) this.lockAdd += l;
    if (this.first) { this.minQ = this.dq; this.minL = this.dl; this.minDiff = this.dq - this.dl; this.first = false; }
    else { this.minQ = Math.min(this.minQ, this.dq); this.minL = Math.min(this.minL, this.dl); this.minDiff = Math.min(this.minDiff, this.dq - this.dl); }
    return prior;
  }
}

/** A change is "direct" when it lands on one known location row: it names one, or it only adds (receiving). */
const isDirect = (c: LedgerChange) => (c.locationId ?? null) !== null || (c.lockQtyChange === 0 && c.qtyChange > 0);
/** A change that only releases locked units: it moves no goods, so a cycle count's freeze allows it. */
const isRelease = (c: LedgerChange) => c.qtyChange === 0 && c.lockQtyChange < 0;

/**
 * Applies `changes` inside `tx` (see module doc). Zero changes (0 and 0) are skipped and write no log.
 * Errors: 400 for a non-integer quantity or a location outside the row's warehouse, 404 for an unknown inventory
 * id or owner, 409 when a guard fails (at either level) or the location rows cannot serve a spread.
 *
 * Cycle counts (issue 30, docs/counts.md): a location frozen by a running count takes no change but the release
 * of a lock (counts/freeze.ts): a direct change naming it, or an addition landing on it, is a 409 naming the
 * location and the count; a spread skips its rows (locks, takings, shipping) and, when only they could have served,
 * answers that 409 instead of "insufficient inventory".
 *
 * Two levels (issue 29, docs/locations.md): every change lands on location rows (`wms_location_inventory`) of its
 * inventory row: the one it names, the warehouse's RECEIVING location for an addition naming none, else spread
 * over the row's location rows (locations.ts spreadChange). Each piece is one log line naming its location;
 * the inventory row moves by the sum of the pieces. Before the statement: the inventory rows are locked
 * (ascending id; locations.ts lockInventoryRows), then under those locks the missing location rows are made (0/0)
 * and, when a change is spread, its rows' location rows read (locations.ts readLocationRows). The statement then moves inventory rows AND location rows, each under
 * its guard, and writes the log lines only for pieces whose both rows moved.
 *
 * All rows move in ONE statement (issue 13 "Write path"), however many changes:
 *   WITH d AS (unnest of the per-row deltas), locked AS MATERIALIZED (SELECT ... ORDER BY id FOR UPDATE),
 *        u AS (UPDATE wms_inventory ... FROM d JOIN locked WHERE <guard> RETURNING ...),
 *        lu AS (UPDATE wms_location_inventory ... FROM ld JOIN locked WHERE <guard>),
 *        INSERT INTO wms_inventory_log SELECT <one line per piece, chained from u> ORDER BY id, change
 * `locked` takes the row locks in ascending id (the deadlock-free order of the module doc); a location row is
 * only written under its inventory row's lock (lu joins `locked`). The UPDATEs then re-evaluate their guards on
 * the newest row version (READ COMMITTED re-check after a lock wait). A row may take several changes (one log
 * line each, origin/new chained in the given order): its guard holds every intermediate state, as applying them
 * one by one would require, because it is written over the lowest prefix sums (qty + min prefix dq >= 0,
 * lockQty + min prefix dl >= 0, lockQty - qty <= min prefix (dq - dl)), which for one change is exactly the
 * single-change guard. A row whose guard fails is not updated and its pieces get no log lines: fewer log lines
 * than pieces means a 409 (or 404), and the thrown error rolls the caller's transaction back, the other rows'
 * updates included.
 *
 * `also`: a data-modifying statement without RETURNING (INSERT/UPDATE/DELETE on other tables) that belongs with
 * these movements, sent as a CTE of the same statement (run alone when no change is left): one round trip less
 * while the rows are locked (the allocation records of an outbound order, outbound/orders.ts). It must not
 * touch wms_inventory, wms_location_inventory or wms_inventory_log: it sees the tables as they were before.
 */
export async function applyLedger(tx: Db, changes: LedgerChange[], lang: Lang, also?: SQL): Promise<LedgerResult[]> {
  for (const c of changes) {
    if (!Number.isSafeInteger(c.qtyChange) || !Number.isSafeInteger(c.lockQtyChange)) throw fieldError(lang, { label: requestLabels.quantity, field: 'qty' }, ruleTexts[lang].integer);
  }
  const live = changes.map((c, i) => ({ c, i })).filter(({ c }) => c.qtyChange !== 0 || c.lockQtyChange !== 0);
  if (!live.length) {
    if (also) await tx.execute(also);
    return [];
  }
  const ids = await resolveTargets(tx, live.map((x) => x.c), lang);
  // log lines in (inventory id, given order): the order the rows are locked and the log ids ascend in
  const order = live.map((x, j) => ({ ...x, id: ids[j] })).sort((a, b) => a.id - b.id || a.i - b.i);

  // the inventory rows' locks first (ascending id), then their location rows are made or read under them
  await lockInventoryRows(tx, order.map((o) => o.id));
  // where direct changes land, and the receiving location of spread changes that also add
  const landing = order.filter((o) => isDirect(o.c) || o.c.qtyChange > 0);
  const landed = await ensureLocationRows(tx, landing.map((o) => ({ inventoryId: o.id, locationId: o.c.locationId ?? null })));
  const at = new Map(landing.map((o, j) => [o, landed[j]?.locationId ?? null]));
  const bad = landing.find((o) => at.get(o) === null);
  if (bad) {
    if (bad.c.locationId == null) throw notFound(lang, `${lang === 'zh' ? '库存记录' : 'Inventory record'} #${bad.id}`);
    throw fieldError(lang, { label: manifestLabel('locationId', meta(bindings.inventoryLog))!, field: 'locationId' }, texts.locationWarehouse[lang]);
  }
  // a cycle count's frozen location (counts/freeze.ts) takes no direct change but the release of a lock
  const frozen = landing.filter((o, j) => landed[j]!.frozen && isDirect(o.c) && !isRelease(o.c)).map((o) => at.get(o)!);
  if (frozen.length) throw (await frozenConflict(tx, frozen, lang))!;
  const spreadIds = [...new Set(order.filter((o) => !isDirect(o.c)).map((o) => o.id))];
  const sim = spreadIds.length ? await readLocationRows(tx, spreadIds) : new Map<number, LocRow[]>();

  // the pieces, in order; each with the inventory row's prefix before it (the chain of origin/new)
  const inv = new Map<number, Deltas>();
  const loc = new Map<string, { inventoryId: number; locationId: number; d: Deltas }>();
  const pieces: Array<{ o: (typeof order)[number]; part: Part; before: { dq: number; dl: number } }> = [];
  for (const o of order) {
    const rows = sim.get(o.id);
    let parts: Part[];
    if (isDirect(o.c)) {
      parts = [{ locationId: at.get(o)!, dq: o.c.qtyChange, dl: o.c.lockQtyChange }];
      const r = rows?.find((x) => x.locationId === parts[0].locationId);
      if (r) { r.qty += parts[0].dq; r.lockQty += parts[0].dl; }
    } else {
      const receivingId = at.get(o);
      const spread = spreadChange(rows ?? [], o.c.qtyChange, o.c.lockQtyChange, rows?.find((x) => x.locationId === receivingId));
      if (spread.short > 0) {
        // short because a cycle count freezes rows that could have served it: say so rather than "insufficient"
        const held = (rows ?? []).filter((r) => r.frozen && (r.qty > 0 || r.locationId === receivingId));
        const could = held.some((r) => r.locationId === receivingId) || held.reduce((n, r) => n + r.qty, 0) >= spread.short;
        throw (could ? await frozenConflict(tx, held.map((r) => r.locationId), lang) : undefined) ?? await insufficient(tx, o.id, o.c, lang, spread.short);
      }
      parts = spread.parts;
    }
    for (const part of parts) {
      const d = inv.get(o.id) ?? new Deltas();
      inv.set(o.id, d);
      const before = d.add(part.dq, part.dl);
      const k = `${o.id}/${part.locationId}`;
      const l = loc.get(k) ?? { inventoryId: o.id, locationId: part.locationId, d: new Deltas() };
      loc.set(k, l);
      l.d.add(part.dq, part.dl);
      pieces.push({ o, part, before });
    }
  }
  const d = [...inv.entries()];
  const ls = [...loc.values()];
  const extra = also ? alsoText(also, LEDGER_PARAMS) : undefined;
  const logged = (await rawQuery(tx, ledgerSql(extra?.text), [
    d.map(([id]) => id), d.map(([, r]) => r.dq), d.map(([, r]) => r.dl), d.map(([, r]) => r.minQ), d.map(([, r]) => r.minL), d.map(([, r]) => r.minDiff),
    pieces.map((p) => p.o.id), pieces.map((p) => p.part.dq), pieces.map((p) => p.part.dl), pieces.map((p) => p.before.dq), pieces.map((p) => p.before.dl),
    pieces.map((p) => p.o.c.bizType), pieces.map((p) => p.o.c.bizNo), pieces.map((p) => p.o.c.bizNoExtra ?? null), pieces.map((p) => p.o.c.remark ?? null),
    pieces.map((p) => p.part.locationId),
    ls.map((l) => l.inventoryId), ls.map((l) => l.locationId), ls.map((l) => l.d.dq), ls.map((l) => l.d.dl), ls.map((l) => l.d.minQ), ls.map((l) => l.d.minL),
    ls.map((l) => l.d.minDiff), ls.map((l) => l.d.lockAdd),
    ...(extra?.values ?? []),
  ]))
    .map((r) => ({ id: Number(r.id), inventoryId: Number(r.inventory_id), locationId: Number(r.location_id), originQty: Number(r.origin_qty), newQty: Number(r.new_qty), originLockQty: Number(r.origin_lock_qty), newLockQty: Number(r.new_lock_qty) }))
    .sort((a, b) => a.id - b.id);
  if (logged.length !== pieces.length) {
    const done = new Set(logged.map((l) => `${l.inventoryId}/${l.locationId}`));
    const failed = pieces.find((p) => !done.has(`${p.o.id}/${p.part.locationId}`)) ?? pieces[0];
    throw await insufficient(tx, failed.o.id, failed.o.c, lang);
  }
  // inventory.changed webhook events (webhooks/events.ts): one per row, in this transaction, the rows now locked
  await raiseInventoryChanged(tx, d.map(([id, r]) => {
    const first = order.find((o) => o.id === id)!.c;
    return { inventoryId: id, changeQty: r.dq, changeLockQty: r.dl, bizType: first.bizType, bizNo: first.bizNo };
  }));
  const results: Array<LedgerResult | undefined> = new Array(changes.length);
  pieces.forEach(({ o, part }, j) => {
    const l = logged[j];
    const r = results[o.i];
    if (!r) results[o.i] = { inventoryId: o.id, originQty: l.originQty, newQty: l.newQty, originLockQty: l.originLockQty, newLockQty: l.newLockQty, logId: l.id, locations: [{ locationId: part.locationId, qtyChange: part.dq, lockQtyChange: part.dl, logId: l.id }] };
    else {
      Object.assign(r, { newQty: l.newQty, newLockQty: l.newLockQty });
      r.locations.push({ locationId: part.locationId, qtyChange: part.dq, lockQtyChange: part.dl, logId: l.id });
    }
  });
  return results.filter((r): r is LedgerResult => r !== undefined);
}

/**
 * Rows whose qty or lockQty differ from the sum of their log lines (the ledger's closure, DESIGN.md): empty
 * when the ledger holds. `inventoryIds` limits the check; without it every row is checked.
 */
export async function ledgerDiscrepancies(db: Db, inventoryIds?: number[]): Promise<Array<{ id: number; qty: number; lockQty: number; loggedQty: number; loggedLockQty: number }>> {
  const sums = db.select({
    inventoryId: inventoryLog.inventoryId,
    qty: sql<number>`coalesce(sum(${inventoryLog.changeQty}), 0)::int`.as('logged_qty'),
    lockQty: sql<number>`coalesce(sum(${inventoryLog.lockChangeQty}), 0)::int`.as('logged_lock_qty'),
  }).from(inventoryLog).groupBy(inventoryLog.inventoryId).as('sums');
  const rows = await db.select({ id: inventory.id, qty: inventory.qty, lockQty: inventory.lockQty, loggedQty: sql<number>`coalesce(${sums.qty}, 0)`, loggedLockQty: sql<number>`coalesce(${sums.lockQty}, 0)` })
    .from(inventory).leftJoin(sums, eq(sums.inventoryId, inventory.id))
    .where(and(inventoryIds ? inArray(inventory.id, inventoryIds) : undefined, sql`(${inventory.qty} <> coalesce(${sums.qty}, 0) or ${inventory.lockQty} <> coalesce(${sums.lockQty}, 0))`));
  return rows.map((r) => ({ ...r, loggedQty: Number(r.loggedQty), loggedLockQty: Number(r.loggedLockQty) }));
}
