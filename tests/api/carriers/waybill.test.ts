/**
 * Contract tests of the waybill proxy (issue 17) against local doubles of Aramex and SMSA Express that check
 * each request the way the carrier documents it (aramex-fake.ts, smsa-fake.ts): carrier configuration
 * (secrets sealed and never returned, credentials per carrier, one default), create (fields mapped, number
 * and carrier on the order and its packages, label stored and downloadable), the same request twice, error
 * mapping (refusals in the carrier's words, bad credentials, unreachable), time limits, the retry that makes
 * no second waybill, cancel, tracking through the registered job, and the bulk call, on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierConfig, waybill } from '../../../generated/db/schema';
import { Carrier, Currency, DeliveryStatus, OutboundOrderStatus as S, WaybillStatus as W } from '../../../generated/shared/enums';
import { jobHandler } from '../../../src/server/domain/jobs/registry';
import { documentFixture, testDatabases, userWith } from '../harness';
import { ARAMEX_ACCOUNT, startAramexFake, type AramexFake } from './aramex-fake';
import { LABEL_PDF, startFake } from './fake-server';
import { SMSA_KEY, startSmsaFake, type SmsaFake } from './smsa-fake';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(testDatabases())('waybills through the carriers on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, gain, skus } = f;
  let aramex: AramexFake, smsa: SmsaFake, aramexCfg: Rec, smsaCfg: Rec;
  const P = '/sapi/wms/waybill';
  const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Road 120, Olaya' };

  /** A new allocated order of owner A (one ROSE), with `extra` order fields. */
  async function allocatedOrder(extra: Rec = {}): Promise<Rec> {
    const o = await ok('/sapi/wms/outbound-order/add', { warehouseId: f.w1, ownerId: f.ownerA, ...receiver, lines: [{ skuId: skus.ROSE, qty: 1 }], ...extra });
    return ok('/sapi/wms/outbound-order/allocate', { id: o.id });
  }
  const form = (order: Rec, config: Rec, extra: Rec = {}) => ({ orderId: order.id, configId: config.id, requestKey: randomUUID(), ...receiver, weight: 1.5, ...extra });
  const order = (id: number) => ok('/sapi/wms/outbound-order/detail', { id });
  const creates = (fake: { requests: Array<{ path: string }> }, path: RegExp) => fake.requests.filter((r) => path.test(r.path)).length;
  const ARAMEX_CREATE = /CreateShipments$/;
  const SMSA_CREATE = /b2c\/new$/;

  beforeAll(async () => {
    await f.setUp(kind, { ROSE: 'A' });
    await gain(f.ownerA, skus.ROSE, 100);
    await ok('/sapi/wms/warehouse/edit', { id: f.w1, countryCode: 'SA', city: 'Riyadh', address: 'Second Industrial City, Street 12' });
    aramex = await startAramexFake();
    smsa = await startSmsaFake();
    const common = { warehouseId: f.w1, testEnv: true, shipperName: 'Gulf 3PL Riyadh', shipperPhone: '+966110000000', timeoutSeconds: 1 };
    aramexCfg = await ok('/sapi/wms/carrier-config/add', { ...common, name: 'Aramex RUH', carrier: Carrier.ARAMEX, isDefault: true, baseUrl: `${aramex.url}/ShippingAPI.V2`, ...ARAMEX_ACCOUNT });
    smsaCfg = await ok('/sapi/wms/carrier-config/add', { ...common, name: 'SMSA RUH', carrier: Carrier.SMSA, baseUrl: smsa.url, apiKey: SMSA_KEY, serviceType: 'EDDL' });
  });
  afterAll(async () => { await f.close(); await aramex?.close(); await smsa?.close(); });

  it('keeps carrier credentials sealed and never returns them; asks for what each carrier needs; one default', async () => {
    const back = await ok('/sapi/wms/carrier-config/detail', { id: aramexCfg.id });
    for (const k of ['password', 'accountPin', 'apiKey']) expect(back).not.toHaveProperty(k);
    expect(back).toMatchObject({ userName: ARAMEX_ACCOUNT.userName, accountNumber: '20016', isDefault: true });
    const [row] = await f.t.database.db.select().from(carrierConfig).where(eq(carrierConfig.id, aramexCfg.id));
    expect(row.password).toMatch(/^v1:/);
    expect(row.password).not.toContain(ARAMEX_ACCOUNT.password);
    const missing = await call('/sapi/wms/carrier-config/add', { name: 'No key', carrier: Carrier.SMSA, warehouseId: f.w1, shipperName: 'x', shipperPhone: '1' });
    expect([missing.code, missing.msg]).toEqual([400, 'API key is needed for SMSA Express']);
    const badUrl = await call('/sapi/wms/carrier-config/add', { name: 'Bad', carrier: Carrier.SMSA, warehouseId: f.w1, shipperName: 'x', shipperPhone: '1', apiKey: 'k', baseUrl: 'ftp://x' });
    expect(badUrl.msg).toBe('API address must be an http or https address');
    // an edit that leaves the secrets out keeps them; a second default takes the flag from the first
    await ok('/sapi/wms/carrier-config/edit', { id: smsaCfg.id, isDefault: true });
    expect((await ok('/sapi/wms/carrier-config/detail', { id: aramexCfg.id })).isDefault).toBe(false);
    await ok('/sapi/wms/carrier-config/edit', { id: aramexCfg.id, isDefault: true });
    const [again] = await f.t.database.db.select().from(carrierConfig).where(eq(carrierConfig.id, smsaCfg.id));
    expect([again.isDefault, again.apiKey?.startsWith('v1:')]).toEqual([false, true]);
  });

  it('creates an Aramex waybill with COD as documented, lands it on the order and its package, stores the label', async () => {
    const o = await allocatedOrder({ codAmount: 12550, codCurrency: Currency.SAR });
    await ok('/sapi/wms/outbound-package/add', { orderId: o.id, packageNo: `PK-${o.id}`, weight: 1.2, lines: [{ skuId: skus.ROSE, batchNo: '', qty: 1 }] });
    const body = form(o, aramexCfg, { codAmount: 12550, codCurrency: Currency.SAR, receiverPhone2: '+966 5000 0000', openBox: true });
    const wb = await ok(`${P}/create`, body);
    expect(wb).toMatchObject({ status: W.CREATED, carrier: Carrier.ARAMEX, orderId: o.id, orderNo: o.orderNo, configName: 'Aramex RUH' });
    expect(aramex.shipments.has(wb.waybillNo)).toBe(true);
    const sent = aramex.requests.filter((r) => ARAMEX_CREATE.test(r.path)).at(-1)!.body as Rec;
    expect(sent.ClientInfo).toMatchObject({ UserName: ARAMEX_ACCOUNT.userName, Password: ARAMEX_ACCOUNT.password, AccountPin: ARAMEX_ACCOUNT.accountPin, Version: 'v1.0' });
    const s = sent.Shipments[0];
    expect(s.Reference1).toBe(body.requestKey);
    expect(s.Consignee.Contact).toMatchObject({ PersonName: 'Sara Ali', PhoneNumber1: '+966 5555 1234', PhoneNumber2: '+966 5000 0000' });
    expect(s.Shipper.PartyAddress).toMatchObject({ City: 'Riyadh', CountryCode: 'SA' });
    expect(s.Details).toMatchObject({ ProductGroup: 'DOM', ProductType: 'ONP', PaymentType: 'P', Services: 'CODS', CashOnDeliveryAmount: { CurrencyCode: 'SAR', Value: 125.5 }, ActualWeight: { Unit: 'KG', Value: 1.5 } });
    expect(s.Comments).toBe('Open box allowed');
    const after = await order(o.id);
    expect([after.waybillNo, after.logisticsCompany]).toEqual([wb.waybillNo, 'Aramex']);
    const pk = (await ok('/sapi/wms/outbound-package/list', { orderId: o.id }))[0];
    expect([pk.waybillNo, pk.carrier]).toEqual([wb.waybillNo, 'Aramex']);
    const label = await f.t.app.inject({ method: 'GET', url: `/sapi/sys/file/get/${wb.labelFile}`, headers: { 'x-token': f.admin } });
    expect([label.statusCode, label.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(label.rawPayload.equals(LABEL_PDF)).toBe(true);
    // the label follows its order (issue 26): only users whose warehouse and owner scope cover the order
    const w2 = (await f.call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data[1].id;
    const labelAs = async (scope: { ownerIds: number[]; warehouseIds: number[] }) => {
      const u = await userWith(f.t, f.admin, { codes: [], ...scope });
      return (await f.t.app.inject({ method: 'GET', url: `/sapi/sys/file/get/${wb.labelFile}`, headers: { 'x-token': u.token } })).statusCode;
    };
    expect(await labelAs({ ownerIds: [f.ownerA], warehouseIds: [f.w1] })).toBe(200);
    expect(await labelAs({ ownerIds: [f.ownerB], warehouseIds: [f.w1] })).toBe(404);
    expect(await labelAs({ ownerIds: [f.ownerA], warehouseIds: [w2] })).toBe(404);
    // the same request again is the same waybill: no second call
    const before = creates(aramex, ARAMEX_CREATE);
    expect((await ok(`${P}/create`, body)).waybillNo).toBe(wb.waybillNo);
    expect(creates(aramex, ARAMEX_CREATE)).toBe(before);
    // a new request for an order that has a waybill is refused before any call
    const second = await call(`${P}/create`, form(o, smsaCfg));
    expect([second.code, second.msg]).toEqual([409, `${o.orderNo} already has waybill ${wb.waybillNo} (Aramex); cancel it first`]);
    const ofOrder = await ok(`${P}/ofOrder`, { id: o.id });
    expect(ofOrder.waybills.map((w: Rec) => w.waybillNo)).toEqual([wb.waybillNo]);
  });

  it('creates an SMSA waybill with the apikey header and the documented body', async () => {
    const o = await allocatedOrder();
    const wb = await ok(`${P}/create`, form(o, smsaCfg, { codAmount: 5000, codCurrency: Currency.AED, parcels: 2 }));
    const sent = smsa.requests.filter((r) => SMSA_CREATE.test(r.path)).at(-1)!;
    expect(sent.headers.apikey).toBe(SMSA_KEY);
    expect(sent.body).toMatchObject({ OrderNumber: expect.any(String), CODAmount: 50, ShipmentCurrency: 'AED', Parcels: 2, Weight: 1.5, WeightUnit: 'KG', WaybillType: 'PDF', ServiceCode: 'EDDL', ConsigneeAddress: { ContactName: 'Sara Ali', City: 'Riyadh', Country: 'SA' } });
    expect(smsa.shipments.has(wb.waybillNo)).toBe(true);
    expect((await order(o.id)).logisticsCompany).toBe('SMSA Express');
  });

  it('says what the carrier refused in its words and leaves the order untouched', async () => {
    const o = await allocatedOrder();
    const refused = await call(`${P}/create`, form(o, aramexCfg, { city: 'Atlantis' }));
    expect([refused.code, refused.msg]).toEqual([400, 'Aramex refused the shipment: ERR52 Invalid Consignee City: Atlantis']);
    expect((await order(o.id)).waybillNo).toBeNull();
    const failed = (await ok(`${P}/list`, { orderId: o.id }))[0];
    expect([failed.status, failed.message]).toEqual([W.FAILED, 'ERR52 Invalid Consignee City: Atlantis']);
    const short = await call(`${P}/create`, form(o, smsaCfg, { address: 'Short' }), f.admin, { 'x-lang': 'zh' });
    expect(short.msg).toBe('SMSA Express拒绝了该运单: ConsigneeAddress.AddressLine1: AddressLine1 length must be between 10 and 100 characters.');
    // bad credentials are said as such
    const wrong = await ok('/sapi/wms/carrier-config/add', { name: 'Wrong key', carrier: Carrier.SMSA, warehouseId: f.w1, shipperName: 'Gulf 3PL', shipperPhone: '1', apiKey: 'not-the-key', baseUrl: smsa.url });
    expect((await call(`${P}/create`, form(o, wrong))).msg).toBe('SMSA Express refused the account\'s credentials: HTTP 401');
    const wrongAramex = await ok('/sapi/wms/carrier-config/add', { ...ARAMEX_ACCOUNT, password: 'wrong', name: 'Wrong pass', carrier: Carrier.ARAMEX, warehouseId: f.w1, shipperName: 'Gulf 3PL', shipperPhone: '1', baseUrl: `${aramex.url}/ShippingAPI.V2` });
    expect((await call(`${P}/create`, form(o, wrongAramex))).msg).toBe('Aramex refused the account\'s credentials: ERR02 Invalid UserName or Password');
    // nobody listening: retried, then said in words
    const dead = await startFake(() => ({ status: 200 }));
    await dead.close();
    const closed = await ok('/sapi/wms/carrier-config/add', { name: 'Nowhere', carrier: Carrier.SMSA, warehouseId: f.w1, shipperName: 'Gulf 3PL', shipperPhone: '1', apiKey: SMSA_KEY, baseUrl: dead.url });
    const gone = await call(`${P}/create`, form(o, closed));
    expect([gone.code, gone.msg.startsWith('SMSA Express could not be reached: ')]).toEqual([400, true]);
    // the refused request, corrected and sent again with its key, becomes the waybill
    const retry = await ok(`${P}/create`, { ...form(o, aramexCfg), requestKey: failed.requestKey });
    expect([retry.id, retry.status]).toEqual([failed.id, W.CREATED]);
  });

  it('after a timeout finds the SMSA shipment by reference instead of making a second one', async () => {
    const o = await allocatedOrder();
    const body = form(o, smsaCfg);
    smsa.faults.push({ path: SMSA_CREATE, fault: 'hang-after' });
    const wb = await ok(`${P}/create`, body);
    const made = [...smsa.shipments.entries()].filter(([, s]) => s.request.OrderNumber === body.requestKey);
    expect(made.map(([no]) => no)).toEqual([wb.waybillNo]);
    expect(smsa.requests.some((r) => r.path === `/api/track/reference/${body.requestKey}`)).toBe(true);
    // a reset connection: nothing was made, so the create is sent again once
    const o2 = await allocatedOrder();
    const body2 = form(o2, smsaCfg);
    smsa.faults.push({ path: SMSA_CREATE, fault: 'reset' });
    const wb2 = await ok(`${P}/create`, body2);
    expect([...smsa.shipments.values()].filter((s) => s.request.OrderNumber === body2.requestKey)).toHaveLength(1);
    expect(smsa.shipments.has(wb2.waybillNo)).toBe(true);
  });

  it('after an Aramex timeout keeps the outcome unknown and blocks a second waybill until an operator cancels it', async () => {
    const o = await allocatedOrder();
    const body = form(o, aramexCfg);
    const count = aramex.shipments.size;
    aramex.faults.push({ path: ARAMEX_CREATE, fault: 'hang-after' });
    const r = await call(`${P}/create`, body);
    expect([r.code, r.msg]).toEqual([409, 'Aramex did not answer in time; whether it created a waybill is not known: no answer within 1 s']);
    expect(aramex.shipments.size).toBe(count + 1);
    const again = await call(`${P}/create`, body);
    expect(again.code).toBe(409);
    const other = await call(`${P}/create`, form(o, aramexCfg));
    expect(other.msg).toBe(`${o.orderNo} has a waybill request whose outcome is unknown: check with Aramex for reference ${body.requestKey}, then cancel that request`);
    expect(aramex.shipments.size).toBe(count + 1);
    expect((await order(o.id)).waybillNo).toBeNull();
    const unknown = (await ok(`${P}/list`, { orderId: o.id }))[0];
    expect(unknown.status).toBe(W.UNKNOWN);
    expect((await ok(`${P}/cancel`, { id: unknown.id })).status).toBe(W.CANCELLED);
    expect((await ok(`${P}/create`, form(o, aramexCfg))).status).toBe(W.CREATED);
  });

  it('makes one waybill when two requests for one order arrive together', async () => {
    const o = await allocatedOrder();
    const before = smsa.shipments.size;
    const answers = await Promise.all([call(`${P}/create`, form(o, smsaCfg)), call(`${P}/create`, form(o, smsaCfg))]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409]);
    expect(smsa.shipments.size).toBe(before + 1);
    expect((await order(o.id)).waybillNo).toBe(answers.find((a) => a.code === 200)!.data.waybillNo);
  });

  it('cancels a waybill: off the order and its packages; says that the carrier API has no cancellation', async () => {
    const o = await allocatedOrder();
    const wb = await ok(`${P}/create`, form(o, smsaCfg));
    const calls = smsa.requests.length;
    const c = await ok(`${P}/cancel`, { id: wb.id });
    expect(c.status).toBe(W.CANCELLED);
    expect(c.message).toMatch(/^SMSA's e-commerce API cancels only reverse pickups/);
    expect(smsa.requests.length).toBe(calls);
    expect((await order(o.id)).waybillNo).toBeNull();
    // shipped orders keep their waybill
    const o2 = await allocatedOrder();
    const wb2 = await ok(`${P}/create`, form(o2, aramexCfg));
    await ok('/sapi/wms/outbound-order/ship', { id: o2.id });
    const refused = await call(`${P}/cancel`, { id: wb2.id });
    expect([refused.code, refused.msg]).toEqual([409, `${o2.orderNo} is shipped: its waybill can no longer be cancelled here`]);
  });

  it('pulls tracking for shipped orders through the registered job: status3pl, delivery status, history', async () => {
    const a = await allocatedOrder();
    const wa = await ok(`${P}/create`, form(a, aramexCfg));
    const s = await allocatedOrder();
    const ws = await ok(`${P}/create`, form(s, smsaCfg));
    await ok('/sapi/wms/outbound-order/ship', { id: a.id });
    await ok('/sapi/wms/outbound-order/ship', { id: s.id });
    aramex.update(wa.waybillNo, 'SH003', 'Out for Delivery', new Date('2026-11-25T07:00:00Z'));
    smsa.scan(ws.waybillNo, 'OD', 'Out for Delivery', '2026-11-25T10:00:00');
    const job = jobHandler('waybillTracking')!;
    expect(job.defaults?.cron).toBe('*/30 * * * *');
    const ctx = { db: f.t.database.db, params: {}, signal: new AbortController().signal, fireTime: new Date(), dataDir: 'memory://' };
    aramex.faults.push({ path: /TrackShipments$/, fault: 'hang' }); // a read is retried after a timeout
    expect(await job.run(ctx)).toMatchObject({ en: expect.stringMatching(/^tracked \d+, updated \d+$/), zh: expect.stringMatching(/^已查询 \d+ 个，更新 \d+ 个$/) });
    expect(await order(a.id)).toMatchObject({ status3pl: 'Out for Delivery', deliveryStatus: null, status: S.SHIPPED });
    aramex.update(wa.waybillNo, 'SH005', 'Delivered', new Date('2026-11-25T09:00:00Z'));
    smsa.scan(ws.waybillNo, 'DL', 'Delivered', '2026-11-25T12:00:00');
    await job.run(ctx);
    expect(await order(a.id)).toMatchObject({ status3pl: 'Delivered', deliveryStatus: DeliveryStatus.ALL_DELIVERED });
    expect(await order(s.id)).toMatchObject({ status3pl: 'Delivered', deliveryStatus: DeliveryStatus.ALL_DELIVERED });
    const history = await ok(`${P}/ofOrder`, { id: s.id });
    expect(history.events.map((e: Rec) => [e.code, e.description, e.at])).toEqual([
      ['OD', 'Out for Delivery', '2026-11-25T07:00:00.000Z'], ['DL', 'Delivered', '2026-11-25T09:00:00.000Z'],
    ]);
    await job.run(ctx); // settled orders are not asked about again, and a scan is kept once
    expect((await ok(`${P}/ofOrder`, { id: a.id })).events).toHaveLength(2);
  });

  it('makes waybills in bulk from the orders\' own fields; the same bulk request twice makes no second ones', async () => {
    const good = await allocatedOrder({ codAmount: 1000, codCurrency: Currency.SAR });
    const bad = await allocatedOrder({ address: 'Tiny' });
    const key = randomUUID();
    const out = await ok(`${P}/bulkCreate`, { ids: [good.id, bad.id], configId: smsaCfg.id, requestKey: key });
    expect(out[0]).toMatchObject({ orderId: good.id, orderNo: good.orderNo, waybillNo: expect.any(String), message: null });
    expect(out[1]).toMatchObject({ orderId: bad.id, waybillNo: null, message: expect.stringContaining('AddressLine1') });
    const sent = [...smsa.shipments.values()].find((x) => x.request.OrderNumber === `${key}:${good.id}`)!;
    expect([sent.request.CODAmount, sent.request.Weight]).toEqual([10, 1]); // the SKU weighs 1 kg
    const before = smsa.shipments.size;
    const again = await ok(`${P}/bulkCreate`, { ids: [good.id], configId: smsaCfg.id, requestKey: key });
    expect([again[0].waybillNo, smsa.shipments.size]).toEqual([out[0].waybillNo, before]);
  });

  it('needs the waybill code; generic writes of waybills are refused', async () => {
    const o = await allocatedOrder();
    const { token } = await userWith(f.t, f.admin, { codes: ['outbound', 'outbound:list'] });
    expect((await call(`${P}/create`, form(o, smsaCfg), token)).code).toBe(403);
    expect((await ok(`${P}/ofOrder`, { id: o.id }, token)).waybills).toEqual([]);
    expect((await call(`${P}/add`, form(o, smsaCfg))).msg).toBe('Waybills are created through the carrier (Create waybill)');
    const rows = await f.t.database.db.select().from(waybill).where(eq(waybill.orderId, o.id));
    expect(rows).toEqual([]);
  });
});
