/**
 * The inventory ledger (DESIGN.md "Inventory is a ledger"; spec 3 inventory and inventory log records, 4
 * document types). The ONLY code that changes `wms_inventory.qty` or `lock_qty`; every change writes exactly
 * one `wms_inventory_log` row (origin, new and change of both numbers, bizType, bizNo, bizNoExtra, remark),
 * in the caller's transaction, so a document and its stock movements commit or roll back together.
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
import { and, eq, inArray, sql } from 'drizzle-orm';
import { inventory, inventoryLog, owner, sku } from '../../../../generated/db/schema';
import type { BizType } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { requestLabels, ruleTexts, type Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { BizError, fieldError, notFound, text } from '../../http/errors';

/** Where a stock row lives: one row per (warehouse, goods owner, SKU, batch number); batch '' = no batch. */
export interface InventoryKey { warehouseId: number; ownerId: number; skuId: number; batchNo?: string | null }

/** One movement: a row by id, or by key (a missing row is created with 0/0 first, e.g. on receiving). */
export interface LedgerChange {
  target: { inventoryId: number } | InventoryKey;
  /** Units added to qty (negative to take away). */
  qtyChange: number;
  /** Units added to lockQty (positive allocates, negative releases). */
  lockQtyChange: number;
  bizType: BizType;
  /** The causing document's number (inbound, outbound or adjustment number). */
  bizNo: string;
  /** Store information shown with the log line (spec 2.7). */
  bizNoExtra?: string | null;
  remark?: string | null;
}

/** The row after one applied change (same order as the changes given). */
export interface LedgerResult { inventoryId: number; originQty: number; newQty: number; originLockQty: number; newLockQty: number; logId: number }

const LOG_BATCH = 500;

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
async function insufficient(tx: Db, inventoryId: number, c: LedgerChange, lang: Lang): Promise<BizError> {
  const [row] = await tx.select({ qty: inventory.qty, lockQty: inventory.lockQty, batchNo: inventory.batchNo, sku: sku.sku })
    .from(inventory).innerJoin(sku, eq(sku.id, inventory.skuId)).where(eq(inventory.id, inventoryId));
  if (!row) return notFound(lang, `${lang === 'zh' ? '库存记录' : 'Inventory record'} #${inventoryId}`);
  const requested = c.lockQtyChange > 0 ? c.lockQtyChange : -c.qtyChange;
  return new BizError(Code.CONFLICT, text(lang, 'insufficientInventory', {
    sku: row.sku, batch: row.batchNo || '-', available: String(row.qty - row.lockQty), locked: String(row.lockQty), requested: String(requested),
  }));
}

/**
 * Applies `changes` inside `tx` (see module doc). Zero changes (0 and 0) are skipped and write no log.
 * Errors: 400 for a non-integer quantity, 404 for an unknown inventory id or owner, 409 when a guard fails.
 */
export async function applyLedger(tx: Db, changes: LedgerChange[], lang: Lang): Promise<LedgerResult[]> {
  for (const c of changes) {
    if (!Number.isSafeInteger(c.qtyChange) || !Number.isSafeInteger(c.lockQtyChange)) throw fieldError(lang, { label: requestLabels.quantity, field: 'qty' }, ruleTexts[lang].integer);
  }
  const live = changes.map((c, i) => ({ c, i })).filter(({ c }) => c.qtyChange !== 0 || c.lockQtyChange !== 0);
  const ids = await resolveTargets(tx, live.map((x) => x.c), lang);
  const order = live.map((x, j) => ({ ...x, id: ids[j] })).sort((a, b) => a.id - b.id || a.i - b.i);
  const results: Array<LedgerResult | undefined> = new Array(changes.length);
  const logs: Array<typeof inventoryLog.$inferInsert> = [];
  for (const { c, i, id } of order) {
    const d = c.qtyChange;
    const l = c.lockQtyChange;
    const [row] = await tx.update(inventory)
      .set({ qty: sql`${inventory.qty} + ${d}`, lockQty: sql`${inventory.lockQty} + ${l}`, updateDate: new Date() })
      .where(and(eq(inventory.id, id), sql`${inventory.qty} + ${d} >= 0`, sql`${inventory.lockQty} + ${l} >= 0`, sql`${inventory.lockQty} + ${l} <= ${inventory.qty} + ${d}`))
      .returning({ qty: inventory.qty, lockQty: inventory.lockQty, companyId: inventory.companyId, warehouseId: inventory.warehouseId, ownerId: inventory.ownerId, skuId: inventory.skuId });
    if (!row) throw await insufficient(tx, id, c, lang);
    results[i] = { inventoryId: id, originQty: row.qty - d, newQty: row.qty, originLockQty: row.lockQty - l, newLockQty: row.lockQty, logId: 0 };
    logs.push({
      inventoryId: id, companyId: row.companyId, warehouseId: row.warehouseId, ownerId: row.ownerId, skuId: row.skuId,
      originQty: row.qty - d, newQty: row.qty, changeQty: d, originLockQty: row.lockQty - l, newLockQty: row.lockQty, lockChangeQty: l,
      bizType: c.bizType, bizNo: c.bizNo, bizNoExtra: c.bizNoExtra ?? null, remark: c.remark ?? null,
    });
  }
  const logIds: number[] = [];
  for (let k = 0; k < logs.length; k += LOG_BATCH) {
    const rows = await tx.insert(inventoryLog).values(logs.slice(k, k + LOG_BATCH)).returning({ id: inventoryLog.id });
    logIds.push(...rows.map((r) => r.id));
  }
  order.forEach(({ i }, j) => { results[i]!.logId = logIds[j]; });
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
