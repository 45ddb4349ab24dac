/**
 * The scope walk (issue 26 "Scope through one mechanism"): every resource with a manifest `scope` and every
 * call under its path, as a user holding every permission code but limited to one warehouse and one goods
 * owner. The resources come from the bindings' `meta.scope` and the calls from the route table
 * (sapiRoutesOf), so a new scoped resource or call is walked without touching this file; a scoped resource
 * without an out-of-scope record in the fixture fails the walk (it could not prove anything).
 * - reads (page, list, count, search, findByCode, queryOne, the inventory export): only records in scope, all of them;
 * - a call taking an id, with an out-of-scope record's id: 403 or 404 and the record as it was (a body the
 *   call would refuse with 400 would prove nothing: EXTRA gives each such call the rest of a valid body);
 * - writes naming another warehouse or owner (add, edit moving a record there, a parent of another scope,
 *   a carrier account of another warehouse): refused and nothing written;
 * - calls with several ids (batchUpdateWeight, exportEcPlatformLabels, location exportLabels, bulkCreate) with one
 *   foreign id: refused, or the foreign one untouched; location labels of another warehouse's filter: none; scans by another scope's order number find nothing;
 * - imports naming another owner, warehouse or its SKUs; documents naming the other owner's SKU; print
 *   addresses of another scope's documents; the dashboard's figures and filters.
 * The fixture is made by the admin through the API (waybills through the SMSA double of the carrier tests).
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindings } from '../../generated/server/routes';
import { Carrier, ChargeKind, Currency, DeliveryStatus, EcPlatform, ExportStatus, JudgementType, ShareSelection } from '../../generated/shared/enums';
import { permissionTree } from '../../generated/shared/permissions';
import { KIND_RESOURCE, PRINT_KINDS } from '../../src/server/domain/print/kinds';
import { sapiRoutesOf, type RegisteredRoute } from '../../src/server/http/sapi';
import type { ResourceSpec } from '../../src/shared/resource-meta';
import { addDays } from '../../src/shared/calendar';
import { recordNearExpiry, serverToday } from '../../src/server/domain/inventory/expiry';
import { jobHandler } from '../../src/server/domain/jobs/registry';
import { takeStockSnapshot } from '../../src/server/domain/billing/snapshot';
import { startSmsaFake, SMSA_KEY, type SmsaFake } from './carriers/smsa-fake';
import { documentFixture, testDatabases, uploadXlsx, userWith, waitImportJob } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type ScopeKind = 'warehouse' | 'owner';

/** Every scoped resource's metadata, from the bindings. */
const scoped: ResourceSpec[] = Object.values(bindings).map((b) => b.meta as ResourceSpec).filter((m) => Object.keys(m.scope ?? {}).length > 0);

/** Calls that read many records with a query body: what they return is checked against the scope. */
const READS = new Set(['page', 'list', 'count', 'search', 'findByCode', 'queryOne', 'exportExcel']);
/**
 * Calls whose body is not `{id, ...}` of their own resource, by name (every resource) or path: each has its
 * own check below. Any other call is walked with out-of-scope ids.
 */
const OWN_CHECK = new Set(['add', 'excel/import', '/sapi/wms/inbound-order/scan', '/sapi/wms/outbound-order/scan', '/sapi/wms/waybill/create',
  '/sapi/wms/waybill/bulkCreate', '/sapi/wms/waybill/ofOrder', '/sapi/wms/sku/batchUpdateWeight', '/sapi/wms/sku/exportEcPlatformLabels', '/sapi/wms/location/exportLabels',
  '/sapi/wms/charge/compute', '/sapi/wms/charge/recompute', '/sapi/wms/invoice/run']);

/** An .xlsx of one sheet: `header` and `rows`. */
async function xlsx(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Import');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Road 120, Olaya' };

describe.each(testDatabases())('scope walk on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let w2: number;
  let smsa: SmsaFake;
  let user: string;
  let companyId: number;
  /** Carrier accounts: of the user's warehouse (w1) and of the other (w2). */
  const configs: Record<'in' | 'out', number> = { in: 0, out: 0 };
  /** The limited user's scope. */
  const scope = (): Record<ScopeKind, number[]> => ({ warehouse: [f.w1], owner: [f.ownerA] });
  const inScope = (m: ResourceSpec, row: Rec) => (Object.entries(m.scope) as Array<[ScopeKind, string]>).every(([k, field]) => scope()[k].includes(row[field]));
  /** Every record of `m` as the admin sees it (the fixture stays far below the list's 1000). */
  const allRows = async (m: ResourceSpec): Promise<Rec[]> => ok(`${m.path}/list`, { sortProp: 'id', sortOrder: 'asc' });
  const detail = async (m: ResourceSpec, id: number) => call(`${m.path}/detail`, { id });
  /** The rest of a valid body for calls that take more than `{id}` (so a refusal is the scope's, not validation's). */
  const EXTRA: Record<string, (record: Rec) => Rec> = {
    '/sapi/wms/waybill/cost': () => ({ carrierCost: 1500, carrierCostCurrency: 1 }),
    '/sapi/wms/outbound-order/deliver': () => ({ deliveryStatus: DeliveryStatus.ALL_DELIVERED }),
    '/sapi/wms/inventory-judgement/edit': (doc) => ({ remark: 'moved', lines: [{ skuId: doc.lines[0].skuId, batchNo: '', qty: 5, type: JudgementType.GAIN }] }),
    '/sapi/wms/inventory-judgement/reject': () => ({ rejectReason: 'not counted' }),
    '/sapi/wms/inbound-order/submitProblem': () => ({ problemReason: 'wet cartons' }),
    '/sapi/wms/inbound-order/receive': (order) => ({ lines: [{ lineId: order.lines[0].id, batchNo: 'B1', qty: 1 }] }),
    '/sapi/wms/outbound-order/pick/confirm': () => ({ allocationId: 1, locationCode: 'RECEIVING', skuCode: 'A1', qty: 1 }),
    '/sapi/wms/count/reject': () => ({ rejectReason: 'not counted' }),
    '/sapi/wms/count/enter': () => ({ lines: [{ locationId: receivings[f.w1], skuId: skus.A1, countedQty: 1 }] }),
    '/sapi/wms/count/scan': () => ({ location: 'RECEIVING', code: 'A1' }),
    '/sapi/wms/invoice/line-add': () => ({ kind: ChargeKind.VAS, amount: 100, reason: 'walk' }),
    '/sapi/wms/invoice/line-remove': (inv) => ({ lineId: inv.lines.find((l: Rec) => l.manual).id }),
    '/sapi/wms/invoice/credit': () => ({ kind: ChargeKind.VAS, amount: 1, reason: 'walk' }),
  };

  /** The add bodies of the fixture's documents and records, for a warehouse and owner (SKU of that owner). */
  const sku = (ownerId: number) => (ownerId === f.ownerA ? skus.A1 : skus.B1);
  const ADD: Record<string, (w: number, o: number) => Rec> = {
    '/sapi/wms/inbound-order': (w, o) => ({ warehouseId: w, ownerId: o, lines: [{ skuId: sku(o), batchNo: 'B1', plannedQty: 10 }] }),
    '/sapi/wms/outbound-order': (w, o) => ({ warehouseId: w, ownerId: o, ...receiver, lines: [{ skuId: sku(o), qty: 1 }] }),
    '/sapi/wms/inventory-judgement': (w, o) => ({ warehouseId: w, ownerId: o, lines: [{ skuId: sku(o), batchNo: '', qty: 1, type: JudgementType.GAIN }] }),
    '/sapi/wms/inventory-share': (w, o) => ({ title: `Share ${w}/${o}`, ownerId: o, warehouseId: w }),
    '/sapi/wms/carrier-config': (w) => ({ name: `SMSA ${w}-${randomUUID().slice(0, 6)}`, carrier: Carrier.SMSA, warehouseId: w, shipperName: 'Gulf 3PL', shipperPhone: '+966110000000', apiKey: SMSA_KEY, baseUrl: smsa.url, timeoutSeconds: 2 }),
    '/sapi/wms/sku': (_w, o) => ({ ownerId: o, sku: `S-${randomUUID().slice(0, 8)}`, name: 'Scoped product', enable: true, categoryId: f.categoryId, weight: 1 }),
    '/sapi/wms/owner': () => ({ code: `OWN-${randomUUID().slice(0, 6)}`, name: `Owner ${randomUUID().slice(0, 6)}`, companyId }),
    '/sapi/wms/warehouse': () => ({ code: `W${randomUUID().slice(0, 6)}`, name: `Warehouse ${randomUUID().slice(0, 6)}`, type: 1 }),
    '/sapi/wms/warehouse-zone': (w) => ({ warehouseId: w, code: `Z${randomUUID().slice(0, 6)}`, name: 'Scoped zone' }),
    '/sapi/wms/location': (w) => ({ warehouseId: w, zoneId: zones[w], code: `L-${randomUUID().slice(0, 6)}` }),
    '/sapi/wms/move': (w, o) => ({ warehouseId: w, ownerId: o, lines: [{ skuId: sku(o), batchNo: '', fromLocationId: shelves[w]?.id ?? 1, toLocationId: receivings[w] ?? 1, qty: 1 }] }),
    '/sapi/wms/count': (w, o) => ({ warehouseId: w, ownerId: o }),
    // to the other warehouse: a limited user needs both (issue 30; docs/transfers.md)
    '/sapi/wms/transfer': (w, o) => ({ ownerId: o, fromWarehouseId: w, toWarehouseId: w === f.w1 ? w2 : f.w1, lines: [{ skuId: sku(o), batchNo: '', qty: 1 }] }),
    // a rate card of the owner (issue 32): one storage price, so the snapshot below makes charges in every scope
    '/sapi/wms/rate-card': (_w, o) => ({ name: `Card ${o}-${randomUUID().slice(0, 6)}`, ownerId: o, currency: Currency.SAR, validFrom: '2026-01-01', lines: [{ kind: ChargeKind.STORAGE_UNIT_DAY, rate: 1.5 }] }),
    '/sapi/sys/api-key': (w, o) => ({ name: `Key ${w}/${o}`, ownerId: o, warehouseIds: [w], scopes: ['SKUS_READ'] }),
    // a local receiver (the carrier fake answers the path with an error): the fixture's deliveries are attempted
    '/sapi/sys/webhook': (w, o) => ({ name: `Hook ${w}/${o}`, ownerId: o, url: `${smsa.url}/hook-${o}`, events: ['INVENTORY_CHANGED', 'OUTBOUND_ALLOCATED'] }),
  };
  /** Per warehouse: its RECEIVING location (where the fixture's stock lands; moves and cycle counts), and a storage
   * location the fixture puts stock away to (issue 29 step 2). */
  const receivings: Record<number, number> = {};
  const shelves: Record<number, { id: number; code: string }> = {};
  /** A zone per warehouse (the RECEIVING zone the fixture's stock made), for location add bodies. */
  const zones: Record<number, number> = {};
  /** Adds that name their scope through a parent record: the parent's resource and the body for a parent id. */
  const ADD_BY_PARENT: Record<string, { parent: string; body: (parentId: number, o: number) => Rec }> = {
    '/sapi/wms/inbound-package': { parent: '/sapi/wms/inbound-order', body: (id, o) => ({ orderId: id, lines: [{ skuId: sku(o), batchNo: 'B1', qty: 1 }] }) },
    '/sapi/wms/outbound-package': { parent: '/sapi/wms/outbound-order', body: (id, o) => ({ orderId: id, carrier: 'SMSA', lines: [{ skuId: sku(o), qty: 1 }] }) },
    '/sapi/wms/supplier-sku': { parent: '/sapi/wms/sku', body: (id) => ({ skuId: id, supplierName: 'Taif Farms', supplierSku: `TF-${randomUUID().slice(0, 6)}` }) },
    '/sapi/wms/ec-platform-sku': { parent: '/sapi/wms/sku', body: (id) => ({ skuId: id, ecPlatform: EcPlatform.AMAZON_SA, ecPlatformSku: `A-${randomUUID().slice(0, 6)}` }) },
  };

  /** Records of one warehouse and owner: stock (put away, a move planned), an approved and a pending adjustment, documents with packages, a waybill, a share. */
  async function recordsOf(w: number, o: number, config: number) {
    const s = sku(o);
    // a webhook subscription first: the records below raise its events (deliveries, attempts)
    await ok('/sapi/sys/webhook/add', ADD['/sapi/sys/webhook'](w, o));
    const gain = await ok('/sapi/wms/inventory-judgement/add', ADD['/sapi/wms/inventory-judgement'](w, o));
    await ok('/sapi/wms/inventory-judgement/approve', { id: gain.id });
    // the gain lands on RECEIVING: put it away (a completed PUTAWAY move), and plan a move back (a created one)
    const [receiving] = (await ok('/sapi/wms/location/list', { warehouseId: w, code: 'RECEIVING' })) as Rec[];
    receivings[w] = receiving.id;
    const code = `SH-${w}`;
    shelves[w] ??= { id: (await ok('/sapi/wms/location/add', { warehouseId: w, zoneId: receiving.zoneId, code, type: 2 })).id, code };
    const [stock] = (await ok('/sapi/wms/sku-inventory/page', { warehouseId: w, ownerId: o, skuId: s })).records as Rec[];
    await ok('/sapi/wms/putaway/confirm', { inventoryId: stock.id, fromLocationId: receiving.id, toLocationCode: shelves[w].code, skuCode: (await ok('/sapi/wms/sku/detail', { id: s })).sku, qty: 1 });
    await ok('/sapi/wms/move/add', ADD['/sapi/wms/move'](w, o));
    await ok('/sapi/wms/inventory-judgement/add', ADD['/sapi/wms/inventory-judgement'](w, o)); // pending
    await ok('/sapi/wms/transfer/add', ADD['/sapi/wms/transfer'](w, o)); // a transfer (and its line) planned
    const inbound = await ok('/sapi/wms/inbound-order/add', ADD['/sapi/wms/inbound-order'](w, o));
    await ok('/sapi/wms/inbound-package/add', ADD_BY_PARENT['/sapi/wms/inbound-package'].body(inbound.id, o));
    await ok('/sapi/wms/outbound-order/add', ADD['/sapi/wms/outbound-order'](w, o)); // created
    const out = await ok('/sapi/wms/outbound-order/add', ADD['/sapi/wms/outbound-order'](w, o));
    await ok('/sapi/wms/outbound-order/allocate', { id: out.id });
    await ok('/sapi/wms/outbound-package/add', { orderId: out.id, carrier: 'SMSA', weight: 1.5, lines: [{ skuId: s, qty: 1 }] });
    await ok('/sapi/wms/waybill/create', { orderId: out.id, configId: config, requestKey: randomUUID(), ...receiver, weight: 1.5 });
    await ok('/sapi/wms/inventory-share/add', ADD['/sapi/wms/inventory-share'](w, o));
    // a short pick: a pick discrepancy of this warehouse and owner (issue 29 step 2)
    const more = await ok('/sapi/wms/inventory-judgement/add', ADD['/sapi/wms/inventory-judgement'](w, o));
    await ok('/sapi/wms/inventory-judgement/approve', { id: more.id });
    const picking = await ok('/sapi/wms/outbound-order/add', ADD['/sapi/wms/outbound-order'](w, o));
    await ok('/sapi/wms/outbound-order/allocate', { id: picking.id });
    const [task] = await ok('/sapi/wms/outbound-order/pick/list', { id: picking.id });
    await ok('/sapi/wms/outbound-order/pick/confirm', { id: picking.id, allocationId: task.id, locationCode: task.locationCode, skuCode: task.sku, qty: 0, short: true });
    await ok('/sapi/wms/outbound-order/cancel', { id: picking.id }); // no order without a waybill left open (the waybill walk)
    // a cycle count of the stock on RECEIVING: started (its lines), then rejected (the freeze ends for the next scope)
    const cc = await ok('/sapi/wms/count/add', { ...ADD['/sapi/wms/count'](w, o), locationIds: [receivings[w]] });
    await ok('/sapi/wms/count/start', { id: cc.id });
    await ok('/sapi/wms/count/reject', { id: cc.id, rejectReason: 'fixture' });
    await ok('/sapi/sys/api-key/add', ADD['/sapi/sys/api-key'](w, o));
  }

  /** A batch with an expiry date and stock near expiry of owner `o` in warehouse `w` (issue 30: batches, near-expiry alerts). */
  async function expiringStock(w: number, o: number, skuId: number) {
    const inbound = await ok('/sapi/wms/inbound-order/add', { warehouseId: w, ownerId: o, lines: [{ skuId, batchNo: 'E1', plannedQty: 1 }] });
    await ok('/sapi/wms/inbound-order/receive', { id: inbound.id, lines: [{ lineId: inbound.lines[0].id, qty: 1, expiryDate: addDays(serverToday(), 5) }] });
  }

  beforeAll(async () => {
    await f.setUp(kind, { A1: 'A', A2: 'A', B1: 'B', B2: 'B' });
    [, w2] = ((await call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data as Rec[]).map((w) => w.id);
    smsa = await startSmsaFake();
    companyId = (await ok('/sapi/wms/owner/detail', { id: f.ownerA })).companyId;
    for (const w of [f.w1, w2]) await ok('/sapi/wms/warehouse/edit', { id: w, countryCode: 'SA', city: 'Riyadh', address: 'Second Industrial City, Street 12' });
    configs.in = (await ok('/sapi/wms/carrier-config/add', ADD['/sapi/wms/carrier-config'](f.w1, 0))).id;
    configs.out = (await ok('/sapi/wms/carrier-config/add', ADD['/sapi/wms/carrier-config'](w2, 0))).id;
    for (const key of ['A1', 'A2', 'B1', 'B2']) {
      await ok('/sapi/wms/supplier-sku/add', { skuId: skus[key], supplierName: 'Taif Farms', supplierSku: `TF-${key}` });
      await ok('/sapi/wms/ec-platform-sku/add', { skuId: skus[key], ecPlatform: EcPlatform.NOON, ecPlatformSku: `N-${key}` });
    }
    // in scope, and out of it: the user's owner elsewhere, another owner here, and both elsewhere
    await recordsOf(f.w1, f.ownerA, configs.in);
    await recordsOf(w2, f.ownerA, configs.out);
    await recordsOf(f.w1, f.ownerB, configs.in);
    await recordsOf(w2, f.ownerB, configs.out);
    for (const o of [f.ownerA, f.ownerB]) {
      const tracked = (await ok('/sapi/wms/sku/add', { ownerId: o, sku: `EXP-${o}`, name: 'Dates', enable: true, categoryId: f.categoryId, weight: 1, expiryTracked: true })).id;
      for (const w of [f.w1, w2]) await expiringStock(w, o, tracked);
    }
    await recordNearExpiry(f.t.database.db, serverToday());
    // billing (issue 32): a card per owner, the day's stock snapshot and its charges, in every scope
    for (const o of [f.ownerA, f.ownerB]) await ok('/sapi/wms/rate-card/add', ADD['/sapi/wms/rate-card'](f.w1, o));
    await takeStockSnapshot(f.t.database.db, '2026-10-01');
    for (const o of [f.ownerA, f.ownerB]) await ok('/sapi/wms/charge/compute', { ownerId: o, from: '2026-10-01', to: '2026-10-01' });
    for (const o of [f.ownerA, f.ownerB]) await ok('/sapi/wms/invoice/run', { ownerId: o, month: '2026-10' });
    // invoice corrections: a line added by hand, the invoice confirmed and a credit note of it, per owner
    for (const inv of (await ok('/sapi/wms/invoice/list', {})) as Rec[]) {
      await ok('/sapi/wms/invoice/line-add', { id: inv.id, kind: ChargeKind.VAS, amount: 1000, reason: 'Labelling' });
      await ok('/sapi/wms/invoice/confirm', { id: inv.id });
      await ok('/sapi/wms/invoice/credit', { id: inv.id, kind: ChargeKind.VAS, amount: 100, reason: 'Labels reprinted' });
    }
    // the webhook deliveries of the fixture, attempted once (the delivery log)
    await jobHandler('webhookDelivery')!.run({ db: f.t.database.db, params: {}, signal: new AbortController().signal, fireTime: new Date(), dataDir: '' });
    await ok('/sapi/wms/inventory-share/add', { title: 'Every warehouse of A', ownerId: f.ownerA }); // no warehouse: out of a warehouse-limited scope
    for (const z of (await ok('/sapi/wms/warehouse-zone/list', {})) as Rec[]) zones[z.warehouseId] = z.id;
    const codes = permissionTree.map((p) => p.code).filter((c) => c !== 'admin');
    user = (await userWith(f.t, f.admin, { codes, warehouseIds: [f.w1], ownerIds: [f.ownerA] })).token;
  }, 120_000);
  afterAll(async () => { await f.close(); await smsa?.close(); });

  /** The calls under `m`'s path, by their name after the path ('page', 'excel/import', ...). */
  const callsOf = (m: ResourceSpec): Array<RegisteredRoute & { name: string }> =>
    sapiRoutesOf(f.t.app).filter((r) => !r.public && r.path.startsWith(`${m.path}/`)).map((r) => ({ ...r, name: r.path.slice(m.path.length + 1) }));
  /** Admin's records of `m`, split by the limited user's scope; fails when either side is empty. */
  async function split(m: ResourceSpec): Promise<{ inside: Rec[]; outside: Rec[] }> {
    const rows = await allRows(m);
    for (const field of Object.values(m.scope)) expect(rows.every((r) => field in r), `${m.name} records carry ${field}`).toBe(true);
    const inside = rows.filter((r) => inScope(m, r));
    const outside = rows.filter((r) => !inScope(m, r));
    expect(outside.length, `${m.name}: the fixture has no record out of scope, the walk would prove nothing`).toBeGreaterThan(0);
    expect(inside.length, `${m.name}: the fixture has no record in scope`).toBeGreaterThan(0);
    return { inside, outside };
  }

  it('finds the scoped resources and their calls in the manifest and the route table', () => {
    expect(scoped.map((m) => m.name)).toEqual(expect.arrayContaining(['carrierConfig', 'ecPlatformSku', 'inboundOrder', 'inventory', 'inventoryShare', 'outboundOrder', 'owner', 'sku', 'supplierSku', 'warehouse', 'waybill']));
    expect(callsOf(bindings.inventoryShare.meta as ResourceSpec).map((c) => c.name)).toEqual(expect.arrayContaining(['page', 'regenerate', 'revoke']));
    expect(callsOf(bindings.waybill.meta as ResourceSpec).map((c) => c.name)).toEqual(expect.arrayContaining(['create', 'cancel', 'bulkCreate', 'ofOrder']));
  });

  describe.each(scoped.map((m) => [m.name, m] as const))('%s', (_name, m) => {
    it('reads: every record returned lies in scope, and every record in scope is returned', async () => {
      const { inside, outside } = await split(m);
      const foreign = new Set(outside.map((r) => r.id));
      const mine = inside.map((r) => r.id).sort((a, b) => a - b);
      const ids = (rows: Rec[]) => rows.map((r) => r.id).sort((a, b) => a - b);
      const check = (rows: Rec[], what: string) => {
        for (const r of rows) {
          expect(foreign.has(r.id), `${what} returned out-of-scope ${m.name} ${r.id}`).toBe(false);
          expect(inScope(m, r), `${what} returned ${m.name} ${r.id} out of scope`).toBe(true);
        }
      };
      for (const c of callsOf(m).filter((r) => READS.has(r.name))) {
        const what = `${c.path} as the limited user`;
        if (c.name === 'page') {
          const r = await ok(c.path, { current: 1, size: 500 }, user);
          check(r.records, what);
          expect(ids(r.records), what).toEqual(mine);
          expect(r.total, what).toBe(mine.length);
          // asking for another scope's values by filter finds nothing of it
          for (const [k, field] of Object.entries(m.scope) as Array<[ScopeKind, string]>) {
            if (field === 'id') continue;
            const other = k === 'warehouse' ? w2 : f.ownerB;
            const filtered = await call(c.path, { [field]: other }, user);
            if (filtered.code !== 200) expect([403, 404], `${what} filtered on ${field}`).toContain(filtered.code);
            else if (m.fields.find((x) => x.name === field)?.filter) expect(filtered.data.records, `${what} filtered on ${field}`).toEqual([]);
            else check(filtered.data.records, `${what} with ${field} (not a filter)`);
          }
        } else if (c.name === 'list') {
          const rows = await ok(c.path, { ids: outside.map((r) => r.id).slice(0, 100) }, user);
          check(rows, `${what} by ids`);
          const all = await ok(c.path, {}, user);
          check(all, what);
          expect(ids(all), what).toEqual(mine);
        } else if (c.name === 'count') {
          expect(await ok(c.path, {}, user), what).toBe(mine.length);
        } else if (c.name === 'search') {
          const found = await ok(c.path, {}, user);
          check(await Promise.all(found.map(async (r: Rec) => (await detail(m, r.id)).data)), what);
          expect(await ok(c.path, { ownerId: f.ownerB }, user), `${what} for another owner`).toEqual([]);
        } else if (c.name === 'findByCode') {
          // a SKU by its own code and owner: found in scope, nothing of another scope's
          for (const r of [...inside, ...outside]) expect(ids(await ok(c.path, { code: r.sku, ownerId: r.ownerId }, user)), `${what} ${r.sku}`).toEqual(foreign.has(r.id) ? [] : [r.id]);
        } else if (c.name === 'queryOne') {
          for (const r of outside) {
            const filters = Object.fromEntries(Object.values(m.scope).filter((fld) => fld !== 'id').map((fld) => [fld, r[fld]]).filter(([, v]) => v != null));
            const one = await ok(c.path, { ...filters, skuId: r.skuId }, user);
            if (one) check([one], `${what} for ${JSON.stringify(filters)}`);
          }
        } else if (c.name === 'exportExcel') {
          const started = await ok(c.path, {}, user);
          let job: Rec = started;
          for (let i = 0; i < 400 && job.exportStatus === ExportStatus.CREATED; i++) {
            await new Promise((res) => setTimeout(res, 50));
            job = await ok('/sapi/sys/fileExport/query', { id: started.id }, user);
          }
          expect([job.exportStatus, job.totalRows], what).toEqual([ExportStatus.SUCCESS, mine.length]);
        } else throw new Error(`no read check for ${c.path}`);
      }
    });

    it('calls on an out-of-scope record\'s id: 403 or 404, and the record as it was', async () => {
      const { outside } = await split(m);
      const idCalls = callsOf(m).filter((c) => !READS.has(c.name) && !OWN_CHECK.has(c.name) && !OWN_CHECK.has(c.path));
      expect(idCalls.map((c) => c.name)).toEqual(expect.arrayContaining(['detail', 'edit', 'remove']));
      for (const r of outside) {
        const before = await detail(m, r.id);
        expect(before.code, `${m.name} ${r.id} as admin`).toBe(200);
        for (const c of idCalls) {
          const res = await call(c.path, { id: r.id, ...(EXTRA[c.path]?.(before.data) ?? {}) }, user);
          // a read-only resource refuses every direct write before looking at the record: nothing to reach
          if (m.readOnly && ['edit', 'remove'].includes(c.name) && res.code === 400 && res.msg === m.readOnly.en) continue;
          expect([403, 404], `${c.path} {id: ${r.id}} (out of scope) answered ${res.code} ${res.msg}`).toContain(res.code);
        }
        expect(await detail(m, r.id), `${m.name} ${r.id} after the walk`).toEqual(before);
      }
    });

    it('writes naming another warehouse or owner are refused and write nothing', async () => {
      const { inside } = await split(m);
      const before = (await allRows(m)).length;
      const adds = callsOf(m).some((c) => c.name === 'add');
      const fields = Object.entries(m.scope) as Array<[ScopeKind, string]>;
      if (adds && ADD[m.path]) {
        for (const [w, o] of [[w2, f.ownerA], [f.w1, f.ownerB], [w2, f.ownerB]]) {
          const body = ADD[m.path](w, o);
          // scope on the record's own id (owner, warehouse): only a user of every warehouse or owner adds
          const foreign = fields.some(([k, fld]) => fld === 'id' || (body[fld] !== undefined && !scope()[k].includes(body[fld])));
          if (!foreign) continue; // e.g. a carrier account of the user's warehouse for another owner: in scope
          const res = await call(`${m.path}/add`, body, user);
          expect(res.code, `${m.path}/add ${JSON.stringify(body)}: ${res.msg}`).toBe(403);
        }
      } else if (adds && ADD_BY_PARENT[m.path]) {
        const { parent, body } = ADD_BY_PARENT[m.path];
        const pm = scoped.find((x) => x.path === parent)!;
        for (const p of (await split(pm)).outside) {
          const res = await call(`${m.path}/add`, body(p.id, p.ownerId), user);
          expect([403, 404], `${m.path}/add for ${parent} ${p.id}: ${res.code} ${res.msg}`).toContain(res.code);
        }
      } else if (adds) {
        expect(m.readOnly, `${m.path}/add: no add body in the walk for a writable resource`).toBeTruthy();
        const res = await call(`${m.path}/add`, { ...inside[0], id: undefined, warehouseId: w2, ownerId: f.ownerB }, user);
        expect([400, 403], `${m.path}/add: ${res.msg}`).toContain(res.code);
        if (res.code === 400) expect(res.msg).toBe(m.readOnly!.en);
      }
      // an add that leaves a scope field out or empty (a share of every warehouse): out of a limited user's scope
      if (adds && ADD[m.path]) {
        for (const [, fld] of fields) {
          if (fld === 'id') continue;
          const full = ADD[m.path](f.w1, f.ownerA);
          for (const body of [{ ...full, [fld]: undefined }, { ...full, [fld]: null }]) {
            const res = await call(`${m.path}/add`, body, user);
            const required = m.fields.find((x) => x.name === fld)?.required;
            expect(required ? [400, 403] : [403], `${m.path}/add with ${fld} ${body[fld]}: ${res.code} ${res.msg}`).toContain(res.code);
          }
        }
      }
      // an edit moving an in-scope record into another warehouse or owner
      if (callsOf(m).some((c) => c.name === 'edit')) {
        for (const [k, fld] of fields) {
          if (fld === 'id') continue;
          const field = m.fields.find((x) => x.name === fld);
          for (const r of inside) {
            const prior = await detail(m, r.id);
            for (const target of [k === 'warehouse' ? w2 : f.ownerB, null]) {
              const res = await call(`${m.path}/edit`, { id: r.id, ...(EXTRA[`${m.path}/edit`]?.(prior.data) ?? {}), [fld]: target }, user);
              const what = `${m.path}/edit ${r.id} moving ${fld} to ${target}: ${res.code} ${res.msg}`;
              if (m.readOnly) expect([res.code, res.msg], what).toEqual([400, m.readOnly.en]);
              // empty is outside a limited scope too (a share of every warehouse); a required field may say so first
              else if (field?.form && !field.readOnlyOnEdit) expect(target === null && field.required ? [400, 403] : [403], what).toContain(res.code);
              // a field the edit does not take is dropped: the edit goes on (or is refused by the record's state)
              else expect([200, 403, 409], what).toContain(res.code);
              expect((await detail(m, r.id)).data[fld], what).toBe(prior.data[fld]);
            }
          }
        }
      }
      expect((await allRows(m)).length, `${m.name}: records after the refused writes`).toBe(before);
    });
  });

  it('several ids with one foreign: refused, or the foreign one untouched', async () => {
    const skuMeta = bindings.sku.meta as ResourceSpec;
    const foreignSku = await detail(skuMeta, skus.B1);
    const w = await call('/sapi/wms/sku/batchUpdateWeight', { ids: [skus.A1, skus.B1], weight: 7.5 }, user);
    expect([403, 404], w.msg).toContain(w.code);
    expect(await detail(skuMeta, skus.B1)).toEqual(foreignSku);
    const labels = await f.t.app.inject({ method: 'POST', url: '/sapi/wms/sku/exportEcPlatformLabels', payload: { ids: [skus.A1, skus.B1], ecPlatform: EcPlatform.NOON }, headers: { 'x-token': user } });
    expect(labels.headers['content-type']).toMatch(/json/);
    expect([403, 404]).toContain(labels.json().code);
    // location labels (issue 29): a foreign id refuses the file; another warehouse's filter finds none
    const locations = await split(bindings.location.meta as ResourceSpec);
    const post = (payload: Rec) => f.t.app.inject({ method: 'POST', url: '/sapi/wms/location/exportLabels', payload, headers: { 'x-token': user } });
    const mixed = await post({ ids: [locations.inside[0].id, locations.outside[0].id] });
    expect(mixed.headers['content-type']).toMatch(/json/);
    expect([403, 404]).toContain(mixed.json().code);
    const elsewhere = await post({ warehouseId: w2 });
    expect(elsewhere.headers['content-type']).toMatch(/json/);
    expect(elsewhere.json().code).toBe(400);
    expect((await post({ ids: [locations.inside[0].id] })).headers['content-type']).toBe('application/pdf');
  });

  it('waybills: creating, bulk-creating and listing by another scope\'s order are refused; another warehouse\'s carrier account too', async () => {
    const orderMeta = bindings.outboundOrder.meta as ResourceSpec;
    const { inside, outside } = await split(orderMeta);
    const waybillsBefore = (await allRows(bindings.waybill.meta as ResourceSpec)).length;
    for (const o of outside) {
      const before = await detail(orderMeta, o.id);
      const made = await call('/sapi/wms/waybill/create', { orderId: o.id, configId: configs.in, requestKey: randomUUID(), ...receiver, weight: 1 }, user);
      expect([403, 404], `create for order ${o.id}: ${made.code} ${made.msg}`).toContain(made.code);
      const of = await call('/sapi/wms/waybill/ofOrder', { id: o.id }, user);
      expect([403, 404], `ofOrder ${o.id}: ${of.code}`).toContain(of.code);
      const bulk = await call('/sapi/wms/waybill/bulkCreate', { ids: [o.id], configId: configs.in, requestKey: randomUUID() }, user);
      if (bulk.code === 200) expect(bulk.data.every((l: Rec) => l.waybillNo === null && l.orderNo === null), JSON.stringify(bulk.data)).toBe(true);
      else expect([403, 404]).toContain(bulk.code);
      expect(await detail(orderMeta, o.id)).toEqual(before);
    }
    // the user's own orders and a foreign one in one bulk request: the foreign one gets nothing, not even its number named
    for (const o of outside) {
      const before = await detail(orderMeta, o.id);
      const bulk = await call('/sapi/wms/waybill/bulkCreate', { ids: [...inside.map((r) => r.id), o.id], configId: configs.in, requestKey: randomUUID() }, user);
      expect(bulk.code, bulk.msg).toBe(200);
      const line = bulk.data.find((l: Rec) => l.orderId === o.id);
      expect([line.orderNo, line.waybillNo], JSON.stringify(line)).toEqual([null, null]);
      expect(await detail(orderMeta, o.id)).toEqual(before);
    }
    // an order of the user's own, through another warehouse's carrier account
    const mine = inside.find((o) => o.status === inside[0].status)!;
    const viaOther = await call('/sapi/wms/waybill/create', { orderId: mine.id, configId: configs.out, requestKey: randomUUID(), ...receiver, weight: 1 }, user);
    expect([403, 404], `create through carrier account of another warehouse: ${viaOther.code} ${viaOther.msg}`).toContain(viaOther.code);
    expect((await allRows(bindings.waybill.meta as ResourceSpec)).length).toBe(waybillsBefore);
  });

  it('an action on the user\'s own record naming another scope\'s line is refused', async () => {
    const m = scoped.find((x) => x.path === '/sapi/wms/inbound-order')!;
    const { inside, outside } = await split(m);
    const mine = (await detail(m, inside[0].id)).data;
    for (const o of outside) {
      const before = await detail(m, o.id);
      const foreignLine = before.data.lines[0].id;
      const res = await call('/sapi/wms/inbound-order/receive', { id: mine.id, lines: [{ lineId: foreignLine, batchNo: 'B1', qty: 1 }] }, user);
      expect([400, 403, 404], `receive own order with line ${foreignLine} of order ${o.id}: ${res.code} ${res.msg}`).toContain(res.code);
      expect(await detail(m, o.id)).toEqual(before);
      expect(await detail(m, mine.id)).toEqual({ code: 200, msg: 'success', data: mine });
    }
  });

  it('charges and invoices: computing, recomputing or invoicing another owner\'s period is refused and writes nothing', async () => {
    const before = (await ok('/sapi/wms/charge/list', {})).length;
    const invoices = await ok('/sapi/wms/invoice/list', {});
    for (const path of ['/sapi/wms/charge/compute', '/sapi/wms/charge/recompute']) {
      const res = await call(path, { ownerId: f.ownerB, from: '2026-10-01', to: '2026-10-31' }, user);
      expect(res.code, `${path}: ${res.msg}`).toBe(403);
    }
    // an invoice bills every warehouse of its owner: refused for another owner, and for a user of one warehouse
    for (const ownerId of [f.ownerB, f.ownerA]) expect((await call('/sapi/wms/invoice/run', { ownerId, month: '2026-10' }, user)).code).toBe(403);
    expect((await ok('/sapi/wms/charge/list', {})).length).toBe(before);
    expect(await ok('/sapi/wms/invoice/list', {})).toEqual(invoices);
  });

  it('no print address for another scope\'s document', async () => {
    for (const document of PRINT_KINDS) {
      const m = bindings[KIND_RESOURCE[document]].meta as ResourceSpec;
      const { inside, outside } = await split(m);
      expect((await call('/sapi/sys/print/url', { document, id: inside[0].id }, user)).code, `${document} of own ${m.name}`).toBe(200);
      for (const r of outside) {
        const res = await call('/sapi/sys/print/url', { document, id: r.id }, user);
        expect([403, 404], `${document} of ${m.name} ${r.id}: ${res.code} ${res.msg}`).toContain(res.code);
      }
    }
  });

  it('the dashboard counts only the scope and refuses another warehouse or owner', async () => {
    const mine = await ok('/sapi/dashboard/overview', {}, user);
    expect(mine.inventoryByWarehouse.map((r: Rec) => r.warehouseId)).toEqual([f.w1]);
    const skuCount = (await split(bindings.sku.meta as ResourceSpec)).inside.length;
    expect(mine.counts.skus).toBe(skuCount);
    for (const body of [{ warehouseId: w2 }, { ownerId: f.ownerB }]) expect((await call('/sapi/dashboard/overview', body, user)).code, JSON.stringify(body)).toBe(403);
  });

  it('scans by another scope\'s order number find nothing', async () => {
    for (const path of ['/sapi/wms/inbound-order', '/sapi/wms/outbound-order']) {
      const m = scoped.find((x) => x.path === path)!;
      for (const o of (await split(m)).outside) {
        const res = await call(`${path}/scan`, { code: o.orderNo }, user);
        expect([403, 404], `${path}/scan ${o.orderNo}: ${res.code} ${res.msg}`).toContain(res.code);
      }
    }
  });

  /**
   * Each import under a scoped path: the body besides the file, the sheet (rows naming the other warehouse or
   * owner, or SKUs of the other owner) and how the answer may look. A new import fails the walk until it has one.
   */
  type Sheet = { body: Rec; header: string[]; rows: unknown[][] };
  const SUPPLIER_HEADER = ['SKU / SKU编码', 'Supplier name / 供应商名称', 'Supplier SKU / 供应商SKU'];
  const PLATFORM_HEADER = ['Platform / 平台', 'SKU / SKU编码', 'Platform SKU / 平台SKU'];
  const IMPORTS: Record<string, () => Promise<Sheet | Sheet[]>> = {
    '/sapi/wms/sku/excel/import': async () => ({ body: { ownerId: f.ownerB }, header: ['SKU / SKU编码', 'Product name / 商品名称', 'Category / 商品分类', 'Weight (kg) / 重量(kg)'], rows: [['IMP-B', 'x', 'Perfume', 1]] }),
    '/sapi/wms/supplier-sku/excel/import': async () => [
      { body: { ownerId: f.ownerB }, header: SUPPLIER_HEADER, rows: [['B1', 'Acme', 'IMP-1']] },
      { body: { ownerId: f.ownerA }, header: SUPPLIER_HEADER, rows: [['B1', 'Acme', 'IMP-2']] },
    ],
    '/sapi/wms/ec-platform-sku/excel/import': async () => [
      { body: { ownerId: f.ownerB }, header: PLATFORM_HEADER, rows: [['NOON', 'B1', 'IMP-1']] },
      { body: { ownerId: f.ownerA }, header: PLATFORM_HEADER, rows: [['AMAZON_SA', 'B1', 'IMP-2']] },
    ],
    '/sapi/wms/inbound-order/excel/import': async () => {
      const [wIn, wOut, oA, oB] = await names();
      const row = (key: string, w: string, o: string, sku: string) => [key, w, o, null, null, null, null, null, sku, 'B1', 1];
      return {
        body: { type: 1 },
        header: ['Store order number / 店铺订单号', 'Warehouse / 仓库', 'Goods owner / 货主', 'Source outbound number / 原出库单号', 'Waybill number / 运单号', 'Return waybill number / 退货运单号', 'Planned arrival / 预计到货时间', 'Remark / 备注', 'SKU / SKU编码', 'Batch number / 批次号', 'Planned quantity / 计划数量'],
        rows: [row('IMP-1', wOut.name, oA.name, 'A1'), row('IMP-2', wIn.name, oB.name, 'B1'), row('IMP-3', wOut.name, oB.name, 'B1'), row('IMP-4', wIn.name, oA.name, 'B1')],
      };
    },
    // counted quantities into another scope's cycle count
    '/sapi/wms/count/excel/import': async () => ({
      body: { id: (await split(bindings.count.meta as ResourceSpec)).outside[0].id },
      header: ['Location code / 库位编码', 'SKU / SKU编码', 'Batch number / 批次号', 'Counted quantity / 盘点数量'], rows: [['RECEIVING', 'B1', '', 1]],
    }),
    '/sapi/wms/outbound-order/excel/import': async () => {
      const [wIn, wOut, oA, oB] = await names();
      const row = (key: string, w: string, o: string, sku: string) => [key, w, o, 'Sara Ali', '+966 555 0001', null, 'sa', null, 'Riyadh', '12211', 'King Fahd Rd 1', null, null, null, null, null, null, null, sku, null, 1];
      return {
        body: { type: 1 },
        header: ['Platform order number / 平台订单号', 'Warehouse / 仓库', 'Goods owner / 货主', 'Receiver / 收件人', 'Receiver phone / 收件人电话', 'Receiver email / 收件人邮箱', 'Country / 国家', 'Province / 省/州', 'City / 城市', 'Postcode / 邮编', 'Address / 地址', 'Cash on delivery / 代收货款', 'COD currency / 代收币种', 'Insured (Y/N) / 是否保价(Y/N)', 'Insured amount / 保价金额', 'Insured currency / 保价币种', 'Waybill number / 运单号', 'Remark / 备注', 'SKU / SKU编码', 'Batch number / 批次号', 'Quantity / 数量'],
        rows: [row('IMP-1', wOut.code, oA.code, 'A1'), row('IMP-2', wIn.code, oB.code, 'B1'), row('IMP-3', wOut.code, oB.code, 'B1'), row('IMP-4', wIn.code, oA.code, 'B1')],
      };
    },
    // storage locations (issue 29): the other warehouse by code and by name
    '/sapi/wms/location/excel/import': async () => {
      const [, wOut] = await names();
      return { body: {}, header: ['Warehouse / 仓库', 'Zone code / 库区编码', 'Location code / 库位编码'], rows: [[wOut.code, 'IMPZ', 'IMP-1'], [wOut.name, 'IMPZ', 'IMP-2']] };
    },
  };
  /** The warehouses w1, w2 and the owners A, B as the admin sees them (names and codes for the sheets). */
  const names = async () => Promise.all([
    ok('/sapi/wms/warehouse/detail', { id: f.w1 }), ok('/sapi/wms/warehouse/detail', { id: w2 }),
    ok('/sapi/wms/owner/detail', { id: f.ownerA }), ok('/sapi/wms/owner/detail', { id: f.ownerB }),
  ]);

  it('imports naming another owner or warehouse, or its SKUs, write nothing', async () => {
    const imports = scoped.flatMap((m) => callsOf(m).filter((c) => c.name === 'excel/import').map((c) => ({ m, c })));
    expect(imports.length).toBeGreaterThanOrEqual(5);
    for (const { m, c } of imports) {
      expect(IMPORTS[c.path], `${c.path}: no sheet in the walk`).toBeDefined();
      for (const { body, header, rows } of [await IMPORTS[c.path]()].flat()) {
        const before = await allRows(m);
        const file = await uploadXlsx(f.t, await xlsx(header, rows), user);
        const started = await call(c.path, { ...body, ...file }, user);
        const what = `${c.path} ${JSON.stringify(body)} ${JSON.stringify(rows)}`;
        if (started.code === 200) {
          const job = await waitImportJob(f.t, started.data.id, user);
          expect(job.doneRows, `${what}: ${JSON.stringify(job.errors)}`).toBe(0);
          expect(new Set(job.errors.map((e: Rec) => e.row)).size, `${what}: every row refused ${JSON.stringify(job.errors)}`).toBe(rows.length);
        } else expect([403, 404], `${what}: ${started.code} ${started.msg}`).toContain(started.code);
        expect(await allRows(m), `${what}: nothing written`).toEqual(before);
      }
    }
  });

  it('documents of the user\'s own warehouse and owner naming the other owner\'s SKU are refused', async () => {
    for (const path of ['/sapi/wms/inbound-order', '/sapi/wms/outbound-order', '/sapi/wms/inventory-judgement']) {
      const m = scoped.find((x) => x.path === path)!;
      const before = (await allRows(m)).length;
      const body = ADD[path](f.w1, f.ownerA);
      body.lines[0].skuId = skus.B1;
      const res = await call(`${path}/add`, body, user);
      expect([400, 403, 404], `${path}/add with SKU B1: ${res.code} ${res.msg}`).toContain(res.code);
      expect((await allRows(m)).length).toBe(before);
    }
    const share = await call('/sapi/wms/inventory-share/add', { ...ADD['/sapi/wms/inventory-share'](f.w1, f.ownerA), selection: ShareSelection.SKUS, skuIds: [skus.B1] }, user);
    expect([400, 403, 404], `share of owner A with SKU B1: ${share.code} ${share.msg}`).toContain(share.code);
  });
});
