/**
 * The ledger's one-statement write (src/server/domain/inventory/ledger.ts applyLedger, issue 13 "Write path"):
 * several changes of one call on the same row get one log line each, chained in the given order; the guard
 * holds for every intermediate state (a change order that would dip below zero on the way is refused even when
 * the end state is valid), and a refused call leaves no row and no log line changed; a statement passed as
 * `also` commits or rolls back with the movements. Both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizType } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { applyLedger, ledgerDiscrepancies, type LedgerChange } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { BizError } from '../../src/server/http/errors';
import { startTestApp, testDatabases, type TestApp } from './harness';

type Rec = Record<string, any>;

describe.each(testDatabases())('ledger one-statement write on %s', (kind) => {
  let t: TestApp;
  let key: { warehouseId: number; ownerId: number; skuId: number; batchNo: string };
  const db = () => t.database.db as unknown as Db;
  const change = (inventoryId: number, qtyChange: number, lockQtyChange = 0): LedgerChange =>
    ({ target: { inventoryId }, qtyChange, lockQtyChange, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-LEDGER' });
  const apply = (changes: LedgerChange[]) => db().transaction((tx) => applyLedger(tx as unknown as Db, changes, 'en'));
  const rowOf = async (id: number) => ((await db().execute(sql`select qty, lock_qty from wms_inventory where id = ${id}`)) as unknown as { rows: Rec[] }).rows[0];
  const logCount = async (id: number) => Number(((await db().execute(sql`select count(*)::int as n from wms_inventory_log where inventory_id = ${id}`)) as unknown as { rows: Rec[] }).rows[0].n);

  let ok: (path: string, body: unknown) => Promise<Rec>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await t.login();
    ok = async (path: string, body: unknown) => { const r = await t.call(path, body, admin); expect(r.code, r.msg).toBe(200); return r.data; };
    const ownerId = ((await ok('/sapi/wms/owner/list', {})) as Rec[])[0].id;
    const warehouseId = ((await ok('/sapi/wms/warehouse/list', {})) as Rec[])[0].id;
    const categoryId = (await ok('/sapi/wms/sku-category/add', { name: 'Ledger test' })).id;
    const skuId = (await ok('/sapi/wms/sku/add', { ownerId, sku: 'LEDGER-1', name: 'Ledger SKU', enable: true, categoryId, weight: 1 })).id;
    key = { warehouseId, ownerId, skuId, batchNo: 'L1' };
  }, 60_000);
  afterAll(async () => { await t?.close(); });

  it('chains one log line per change on the same row, in the given order, and returns them per change', async () => {
    const [first] = await apply([{ target: key, qtyChange: 4, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-OPEN' }]);
    const id = first.inventoryId;
    expect(first).toMatchObject({ originQty: 0, newQty: 4, originLockQty: 0, newLockQty: 0 });
    // +5 then lock 3 then -2: 4 -> 9 -> 9 (lock 3) -> 7
    const res = await apply([change(id, 5), change(id, 0, 3), change(id, -2)]);
    expect(res.map((r) => [r.originQty, r.newQty, r.originLockQty, r.newLockQty])).toEqual([[4, 9, 0, 0], [9, 9, 0, 3], [9, 7, 3, 3]]);
    expect(res.map((r) => r.logId)).toEqual([...res.map((r) => r.logId)].sort((a, b) => a - b));
    const logs = ((await db().execute(sql`select origin_qty, new_qty, change_qty, origin_lock_qty, new_lock_qty, lock_change_qty from wms_inventory_log where inventory_id = ${id} order by id`)) as unknown as { rows: Rec[] }).rows;
    expect(logs.slice(1).map((l) => [l.origin_qty, l.new_qty, l.change_qty, l.origin_lock_qty, l.new_lock_qty, l.lock_change_qty]))
      .toEqual([[4, 9, 5, 0, 0, 0], [9, 9, 0, 0, 3, 3], [9, 7, -2, 3, 3, 0]]);
    expect(await rowOf(id)).toEqual({ qty: 7, lock_qty: 3 });
    expect(await ledgerDiscrepancies(db(), [id])).toEqual([]);
  });

  it('refuses an order of changes that dips below a guard on the way (409), leaving every row and the log as they were', async () => {
    const [{ inventoryId: id }] = await apply([{ target: { ...key, batchNo: 'L2' }, qtyChange: 4, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-OPEN' }]);
    const [{ inventoryId: other }] = await apply([{ target: { ...key, batchNo: 'L3' }, qtyChange: 1, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-OPEN' }]);
    const logsBefore = [await logCount(id), await logCount(other)];
    // end state 4 - 6 + 5 = 3 is valid, but 4 - 6 = -2 on the way is not; the other row's +1 must roll back too
    const refused = apply([change(other, 1), change(id, -6), change(id, 5)]);
    await expect(refused).rejects.toBeInstanceOf(BizError);
    await expect(refused).rejects.toMatchObject({ code: 409 });
    // locking more than the quantity on the way: lock 5 of 4, then +3
    await expect(apply([change(id, 0, 5), change(id, 3)])).rejects.toMatchObject({ code: 409 });
    expect(await rowOf(id)).toEqual({ qty: 4, lock_qty: 0 });
    expect(await rowOf(other)).toEqual({ qty: 1, lock_qty: 0 });
    expect([await logCount(id), await logCount(other)]).toEqual(logsBefore);
    // the same changes in a valid order pass
    const ok = await apply([change(id, 5), change(id, -6)]);
    expect(ok.map((r) => r.newQty)).toEqual([9, 3]);
  });

  it('runs a statement given as `also` with the movements, and rolls it back with them', async () => {
    const [{ inventoryId: id }] = await apply([{ target: { ...key, batchNo: 'L4' }, qtyChange: 2, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-OPEN' }]);
    const named = async (name: string) => Number(((await db().execute(sql`select count(*)::int as n from wms_sku_category where name = ${name}`)) as unknown as { rows: Rec[] }).rows[0].n);
    const withAlso = (changes: LedgerChange[], name: string) => db().transaction((tx) => applyLedger(tx as unknown as Db, changes, 'en', sql`insert into wms_sku_category (name) values (${name})`));
    expect((await withAlso([change(id, 0, 2)], 'also-kept'))[0].newLockQty).toBe(2);
    expect(await named('also-kept')).toBe(1);
    await expect(withAlso([change(id, 0, 1)], 'also-refused')).rejects.toMatchObject({ code: 409 });
    expect(await named('also-refused')).toBe(0);
    expect(await withAlso([change(id, 0, 0)], 'also-alone')).toEqual([]); // no movement left: run alone
    expect(await named('also-alone')).toBe(1);
    expect(await rowOf(id)).toEqual({ qty: 2, lock_qty: 2 });
  });

  it('answers 404 for an unknown inventory id and skips zero changes', async () => {
    await expect(apply([change(2_000_000_000, 1)])).rejects.toMatchObject({ code: 404 });
    expect(await apply([change(1, 0, 0)])).toEqual([]);
  });

  // PostgreSQL only (PGlite is one connection): a transaction that already holds a row's lock makes a location row
  // another one is waiting to make. The location rows are made under the inventory row's lock, so the second waits
  // for the lock before it makes anything, and both commit; made first, the rows would deadlock (40P01).
  it.runIf(kind === 'postgres')('makes location rows only under the inventory row\'s lock: no deadlock between two transactions', async () => {
    const [r] = await apply([{ target: { ...key, batchNo: 'DEADLOCK' }, qtyChange: 5, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-LEDGER' }]);
    const zoneId = (await ok('/sapi/wms/warehouse-zone/add', { warehouseId: key.warehouseId, code: 'ZDL', name: 'Deadlock zone' })).id;
    const x = (await ok('/sapi/wms/location/add', { warehouseId: key.warehouseId, zoneId, code: 'DL-X', type: 2, pickSequence: 1 })).id as number;
    const toX = { ...change(r.inventoryId, 1), locationId: x };
    let holding!: () => void;
    const held = new Promise<void>((resolve) => { holding = resolve; });
    const first = db().transaction(async (tx) => {
      await applyLedger(tx as unknown as Db, [change(r.inventoryId, 1)], 'en'); // the row's lock, no row at DL-X yet
      holding();
      await new Promise((resolve) => setTimeout(resolve, 700)); // the second is now waiting
      await applyLedger(tx as unknown as Db, [toX], 'en');
    });
    await held;
    const second = db().transaction((tx) => applyLedger(tx as unknown as Db, [toX], 'en'));
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
    expect(await rowOf(r.inventoryId)).toEqual({ qty: 8, lock_qty: 0 });
    expect(await ledgerDiscrepancies(db(), [r.inventoryId])).toEqual([]);
  });
});
