/**
 * Webhooks of the owner API (issue 31; docs/owner-api.md "Webhooks"): a local receiver (node:http on port 0,
 * carriers/fake-server.ts) verifies every signature and sees every event type, in order per document, after a flow
 * (an order pushed through /api/v1, allocated, waybill, shipped, delivered; an inbound order pushed and received);
 * a receiver that answers 500 for a while gets the backlog afterwards, in order; redelivery; a subscription that
 * keeps failing is disabled; an owner's user sees only its owner's subscriptions and deliveries. The worker is the
 * job handler itself (its clock is the fire time, so a test steps through a day of retries) and once through the
 * scheduler's Run now.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Carrier, DeliveryStatus, WebhookDeliveryStatus, WebhookStatus } from '../../generated/shared/enums';
import { jobHandler } from '../../src/server/domain/jobs/registry';
import { FAILURES_TO_DISABLE } from '../../src/server/domain/webhooks/worker';
import { addressAllowed, allowLocalReceivers } from '../../src/server/domain/webhooks/destination';
import { startFake, type FakeRequest, type FakeServer } from './carriers/fake-server';
import { SMSA_KEY, startSmsaFake, type SmsaFake } from './carriers/smsa-fake';
import { documentFixture, testDatabases, userWith } from './harness';
import { ALL_SCOPES, apiClient, makeKey, type ApiClient } from './owner-api-client';

type Row = Record<string, unknown>;
const ALL_EVENTS = ['OUTBOUND_ALLOCATED', 'OUTBOUND_SHIPPED', 'OUTBOUND_DELIVERED', 'INBOUND_RECEIVED', 'WAYBILL_CREATED', 'INVENTORY_CHANGED'];
const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Road 120, Olaya' };

/** A receiver that answers 500 while `failing`, else 200, and keeps every request. */
async function startReceiver(): Promise<FakeServer & { failing: boolean }> {
  const state = { failing: false };
  const fake = await startFake(() => ({ status: state.failing ? 500 : 200, body: {} }));
  Object.defineProperty(fake, 'failing', { get: () => state.failing, set: (v: boolean) => { state.failing = v; } });
  return fake as FakeServer & { failing: boolean };
}

/** Checks a request's Wms-Signature against `secret` (as the guide's Node example does) and returns its event. */
function verified(r: FakeRequest, secret: string): { id: number; type: string; createdAt: string; data: Row } {
  const header = String(r.headers['wms-signature']);
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(m, header).not.toBeNull();
  const expected = createHmac('sha256', secret).update(`${m![1]}.${r.raw}`).digest('hex');
  expect(m![2]).toBe(expected);
  expect(Math.abs(Date.now() / 1000 - Number(m![1]))).toBeLessThan(300);
  const event = JSON.parse(r.raw);
  expect(Object.keys(event)).toEqual(['id', 'type', 'createdAt', 'data']);
  expect(r.headers['wms-event-id']).toBe(String(event.id));
  expect(r.headers['content-type']).toBe('application/json');
  return event;
}

/** The document an event belongs to, as a receiver tells it from the payload. */
const documentOf = (e: { type: string; data: Row }) =>
  e.type === 'inventory.changed' ? `inventory:${e.data.inventoryId}` : e.type === 'inbound.received' ? `inbound:${e.data.orderId}` : `outbound:${e.data.orderId}`;

/** Event ids are ascending within each document (the order they were raised in). */
function expectOrderedPerDocument(events: Array<{ id: number; type: string; data: Row }>) {
  const last = new Map<string, number>();
  for (const e of events) {
    const doc = documentOf(e);
    expect(e.id, `${doc}: ${e.type} #${e.id} after #${last.get(doc)}`).toBeGreaterThan(last.get(doc) ?? 0);
    last.set(doc, e.id);
  }
}

describe.each(testDatabases())('webhooks on %s', (kind) => {
  const f = documentFixture();
  let hook: { id: number; signingSecret: string };
  let recv: Awaited<ReturnType<typeof startReceiver>>;
  let smsa: SmsaFake;
  let a: ApiClient;
  const rowsOf = async (text: string): Promise<Row[]> => {
    const res = await f.t.database.db.execute(sql.raw(text));
    return (Array.isArray(res) ? res : (res as { rows: Row[] }).rows) as Row[];
  };
  /** One run of the worker's job with the fire time `at` (the run's clock). */
  const runWorker = (at = new Date()) => jobHandler('webhookDelivery')!.run({ db: f.t.database.db, params: {}, signal: new AbortController().signal, fireTime: at, dataDir: '' });
  const deliveries = async (webhookId: number) => (await f.ok('/sapi/sys/webhook-delivery/list', { webhookId })) as Row[];

  beforeAll(async () => {
    await f.setUp(kind, { ROSE: 'A', LILY: 'A', BSKU: 'B' });
    recv = await startReceiver();
    smsa = await startSmsaFake();
    a = apiClient(f.t, (await makeKey(f.t, f.admin, { ownerId: f.ownerA, scopes: ALL_SCOPES, rateLimit: 100000 })).key);
  });
  afterAll(async () => {
    await recv?.close();
    await smsa?.close();
    await f.close();
  });

  it('makes a subscription: https to a public host (a local receiver only in tests), the signing secret shown once and stored sealed', async () => {
    const add = (body: Row) => f.call('/sapi/sys/webhook/add', { name: 'ERP', ownerId: f.ownerA, events: ALL_EVENTS, ...body });
    const plain = await add({ url: 'http://erp.example.com/hook' });
    expect([plain.code, plain.msg]).toEqual([400, 'Endpoint URL: must be an https URL of a public host (not a private or local address)']);
    expect((await f.t.call('/sapi/sys/webhook/add', { name: 'ERP', ownerId: f.ownerA, events: ALL_EVENTS, url: 'ftp://x' }, f.admin, { 'X-Lang': 'zh' })).msg)
      .toBe('推送地址：必须是公网主机的 https 地址（不能是内网或本机地址）');
    expect((await add({ url: 'https://erp.example.com/hook', events: ['NOPE'] })).code).toBe(400);
    expect((await add({ url: 'https://erp.example.com/hook', events: [] })).msg).toBe('Events cannot be empty');
    const made = await add({ url: `${recv.url}/wms` });
    expect(made.code).toBe(200);
    hook = made.data;
    expect(hook.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made.data).toMatchObject({ status: WebhookStatus.ACTIVE, consecutiveFailures: 0, events: ALL_EVENTS });
    const detail = await f.ok('/sapi/sys/webhook/detail', { id: hook.id });
    expect([detail.signingSecret, detail.secret]).toEqual([undefined, undefined]);
    const [stored] = await rowsOf(`select secret from sys_webhook where id = ${hook.id}`);
    expect(String(stored.secret)).toMatch(/^v1:/);
    expect(String(stored.secret)).not.toContain(hook.signingSecret.slice(6));
    // the worker's task is seeded to fire every 5 seconds
    const [task] = await f.ok('/sapi/sys/job/list', { beanName: 'webhookDelivery' });
    expect(task).toMatchObject({ cronExpression: '*/5 * * * * *' });
  });

  it('delivers every event type, signed, in order per document, after an API flow', async () => {
    await f.gain(f.ownerA, f.skus.ROSE, 10, 'B1');
    await f.gain(f.ownerB, f.skus.BSKU, 5);
    const order = (await a.POST('/outbound-orders', { params: { header: { 'Idempotency-Key': randomUUID() } }, body: {
      warehouseId: f.w1, platformOrderNo: 'SHOP-WH-1', ...receiver, codAmount: 100, codCurrency: 1, lines: [{ sku: 'ROSE', qty: 2 }],
    } as never })).data!;
    await f.ok('/sapi/wms/outbound-order/allocate', { id: order.id });
    const config = await f.ok('/sapi/wms/carrier-config/add', { name: 'SMSA RUH', carrier: Carrier.SMSA, warehouseId: f.w1, testEnv: true, shipperName: 'Gulf 3PL', shipperPhone: '+966110000000', baseUrl: smsa.url, apiKey: SMSA_KEY, serviceType: 'EDDL', isDefault: true });
    await f.ok('/sapi/wms/outbound-package/add', { orderId: order.id, carrier: 'SMSA', weight: 1.5, lines: [{ skuId: f.skus.ROSE, qty: 2 }] });
    const wb = await f.ok('/sapi/wms/waybill/create', { orderId: order.id, configId: config.id, requestKey: randomUUID(), ...receiver, weight: 1.5 });
    await f.ok('/sapi/wms/outbound-order/ship', { id: order.id });
    await f.ok('/sapi/wms/outbound-order/deliver', { id: order.id, deliveryStatus: DeliveryStatus.ALL_DELIVERED });
    const inbound = (await a.POST('/inbound-orders', { params: { header: { 'Idempotency-Key': randomUUID() } }, body: { warehouseId: f.w1, storeOrderNo: 'PO-WH', lines: [{ sku: 'LILY', plannedQty: 4 }] } })).data!;
    const line = (await f.ok('/sapi/wms/inbound-order/detail', { id: inbound.id })).lines[0];
    await f.ok('/sapi/wms/inbound-order/receive', { id: inbound.id, lines: [{ lineId: line.id, qty: 1 }] });
    await f.ok('/sapi/wms/inbound-order/receive', { id: inbound.id, lines: [{ lineId: line.id, qty: 3 }] });

    // nothing is sent before the worker runs; owner B has no subscription, so none of its changes became events
    expect(recv.requests).toEqual([]);
    expect(await rowsOf(`select id from wms_webhook_event where owner_id = ${f.ownerB}`)).toEqual([]);
    // the worker runs through the scheduler (Run now), once
    const [task] = await f.ok('/sapi/sys/job/list', { beanName: 'webhookDelivery' });
    const run = await f.ok('/sapi/sys/job/runNow', { id: task.id });
    for (let i = 0; i < 100; i++) {
      const [log] = await f.ok('/sapi/sys/job-log/list', { jobId: task.id });
      if (log?.id === run.logId && log.status !== 1) break;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    const events = recv.requests.map((r) => verified(r, hook.signingSecret));
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['outbound.allocated', 'outbound.shipped', 'outbound.delivered', 'inbound.received', 'waybill.created', 'inventory.changed']));
    expect(recv.requests.every((r) => r.method === 'POST' && r.path === '/wms')).toBe(true);
    expectOrderedPerDocument(events);
    // the order's own story, in order, with what each step says
    const story = events.filter((e) => documentOf(e) === `outbound:${order.id}`);
    expect(story.map((e) => e.type)).toEqual(['outbound.allocated', 'waybill.created', 'outbound.shipped', 'outbound.delivered']);
    expect(story[0].data).toMatchObject({ orderNo: order.orderNo, platformOrderNo: 'SHOP-WH-1', warehouseId: f.w1 });
    expect(story[1].data).toMatchObject({ waybillNo: wb.waybillNo, waybillId: wb.id });
    expect(story[3].data).toMatchObject({ deliveryStatus: DeliveryStatus.ALL_DELIVERED });
    expect(events.filter((e) => e.type === 'inbound.received').map((e) => e.data.orderId)).toEqual([inbound.id, inbound.id]);
    // stock: the gain, the lock, the shipment of ROSE B1; the receipts of LILY; every one exactly once
    const rose = events.filter((e) => e.type === 'inventory.changed' && e.data.sku === 'ROSE');
    expect(rose.map((e) => [e.data.changeQty, e.data.changeLockQty, e.data.qty, e.data.lockQty, e.data.available])).toEqual([[10, 0, 10, 0, 10], [0, 2, 10, 2, 8], [-2, -2, 8, 0, 8]]);
    expect(events.filter((e) => e.type === 'inventory.changed' && e.data.sku === 'LILY').map((e) => e.data.qty)).toEqual([1, 4]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    // every delivery is delivered, each with one logged attempt (status code, duration)
    const ds = await deliveries(hook.id);
    expect(ds.length).toBe(events.length);
    expect(ds.every((d) => d.status === WebhookDeliveryStatus.DELIVERED && d.attempts === 1 && d.lastStatusCode === 200)).toBe(true);
    const log = (await f.ok('/sapi/sys/webhook-attempt/list', { webhookId: hook.id })) as Row[];
    expect(log.length).toBe(events.length);
    expect(log.every((l) => l.statusCode === 200 && typeof l.duration === 'number' && l.error === null && l.attempt === 1)).toBe(true);
    // the document sequence counts each document's events 1, 2, 3 ...
    const seqs = await rowsOf(`select document_key, array_agg(document_seq order by id) as seqs from wms_webhook_event group by document_key`);
    for (const s of seqs) expect((s.seqs as number[]).map(Number)).toEqual((s.seqs as number[]).map((_, i) => i + 1));
    expect((await f.ok('/sapi/sys/webhook/detail', { id: hook.id })).lastDeliveryAt).toEqual(expect.any(String));
  });

  it('gives a receiver that failed for a while the backlog afterwards, in order', async () => {
    recv.requests.length = 0;
    recv.failing = true;
    for (const qty of [1, 2, 3]) await f.gain(f.ownerA, f.skus.ROSE, qty, 'B1');
    await f.gain(f.ownerA, f.skus.LILY, 7);
    const t0 = Date.now();
    await runWorker(new Date(t0));
    // one attempt per document: a later event of a document waits for the earlier one
    expect(recv.requests.length).toBe(2);
    await runWorker(new Date(t0 + 30_000)); // not due yet: the first retry waits a minute
    expect(recv.requests.length).toBe(2);
    await runWorker(new Date(t0 + 61_000));
    expect(recv.requests.length).toBe(4);
    const failed = (await deliveries(hook.id)).filter((d) => d.status === WebhookDeliveryStatus.PENDING);
    expect(failed.length).toBe(4);
    expect(failed.filter((d) => d.attempts === 2).map((d) => [d.lastStatusCode, d.lastError])).toEqual([[500, 'HTTP 500'], [500, 'HTTP 500']]);
    expect((await f.ok('/sapi/sys/webhook/detail', { id: hook.id })).consecutiveFailures).toBe(4);
    recv.failing = false;
    const before = recv.requests.length;
    await runWorker(new Date(t0 + 3 * 60_000 + 1000));
    const backlog = recv.requests.slice(before).map((r) => verified(r, hook.signingSecret));
    // concurrent across documents, in order within each
    expect(backlog.filter((e) => e.data.sku === 'ROSE').map((e) => e.data.changeQty)).toEqual([1, 2, 3]);
    expect(backlog.filter((e) => e.data.sku === 'LILY').map((e) => e.data.changeQty)).toEqual([7]);
    expect(backlog.length).toBe(4);
    expectOrderedPerDocument(backlog);
    expect((await deliveries(hook.id)).every((d) => d.status === WebhookDeliveryStatus.DELIVERED)).toBe(true);
    expect((await f.ok('/sapi/sys/webhook/detail', { id: hook.id })).consecutiveFailures).toBe(0);
    const log = (await f.ok('/sapi/sys/webhook-attempt/list', { webhookId: hook.id })) as Row[];
    expect(log.filter((l) => l.statusCode === 500).length).toBe(4);
  });

  it('redelivers a delivery on request (the same event again)', async () => {
    const [d] = await deliveries(hook.id);
    recv.requests.length = 0;
    const again = await f.ok('/sapi/sys/webhook-delivery/redeliver', { id: d.id });
    expect([again.status, again.nextAttemptAt]).toEqual([WebhookDeliveryStatus.PENDING, expect.any(String)]);
    await runWorker();
    expect(recv.requests.map((r) => verified(r, hook.signingSecret).id)).toEqual([d.eventId]);
    const after = await f.ok('/sapi/sys/webhook-delivery/detail', { id: d.id });
    expect([after.status, after.attempts]).toEqual([WebhookDeliveryStatus.DELIVERED, (d.attempts as number) + 1]);
    // the delivery log is the server's: no direct writes
    expect((await f.call('/sapi/sys/webhook-delivery/add', { webhookId: hook.id })).code).toBe(400);
    expect((await f.call('/sapi/sys/webhook-attempt/remove', { id: 1 })).code).toBe(400);
  });

  it("shows an owner's user only its own owner's subscriptions and deliveries", async () => {
    const codes = ['webhook:list', 'webhook:edit'];
    const { token: bUser } = await userWith(f.t, f.admin, { codes, ownerIds: [f.ownerB] });
    const { token: aUser } = await userWith(f.t, f.admin, { codes, ownerIds: [f.ownerA] });
    expect((await f.call('/sapi/sys/webhook/list', {}, bUser)).data).toEqual([]);
    expect((await f.call('/sapi/sys/webhook/list', {}, aUser)).data.map((h: Row) => h.id)).toEqual([hook.id]);
    expect((await f.call('/sapi/sys/webhook/detail', { id: hook.id }, bUser)).code).toBe(404);
    expect((await f.call('/sapi/sys/webhook/edit', { id: hook.id, url: 'https://evil.example.com/x' }, bUser)).code).toBe(404);
    expect((await f.call('/sapi/sys/webhook/disable', { id: hook.id }, bUser)).code).toBe(404);
    expect((await f.call('/sapi/sys/webhook/remove', { id: hook.id }, bUser)).code).toBe(404);
    expect((await f.call('/sapi/sys/webhook-delivery/list', {}, bUser)).data).toEqual([]);
    expect((await f.call('/sapi/sys/webhook-attempt/list', {}, bUser)).data).toEqual([]);
    const [d] = await deliveries(hook.id);
    expect((await f.call('/sapi/sys/webhook-delivery/redeliver', { id: d.id }, bUser)).code).toBe(404);
    expect((await f.call('/sapi/sys/webhook-delivery/detail', { id: d.id }, bUser)).code).toBe(404);
    const other = await f.call('/sapi/sys/webhook/add', { name: 'B into A', ownerId: f.ownerA, url: 'https://b.example.com/x', events: ['INVENTORY_CHANGED'] }, bUser);
    expect([other.code, other.msg]).toEqual([403, 'Goods owner: outside your data scope']);
    // B's own subscription: B sees it, A's user does not
    const own = await f.call('/sapi/sys/webhook/add', { name: 'B ERP', ownerId: f.ownerB, url: 'https://b.example.com/x', events: ['INVENTORY_CHANGED'] }, bUser);
    expect(own.code).toBe(200);
    expect((await f.call('/sapi/sys/webhook/list', {}, aUser)).data.map((h: Row) => h.id)).toEqual([hook.id]);
    expect((await f.call('/sapi/sys/webhook-delivery/list', {}, aUser)).data.length).toBeGreaterThan(0);
    // without webhook:list nothing is read
    const { token: none } = await userWith(f.t, f.admin, { codes: ['sku:list'], ownerIds: [f.ownerA] });
    expect((await f.call('/sapi/sys/webhook/list', {}, none)).code).toBe(403);
    expect((await f.call('/sapi/sys/webhook-delivery/list', {}, none)).code).toBe(403);
    await f.ok('/sapi/sys/webhook/remove', { id: own.data.id });
  });

  it('never sends to a private or local address: refused when written, and when a name resolves to one', async () => {
    const add = (url: string) => f.call('/sapi/sys/webhook/add', { name: 'inside', ownerId: f.ownerA, events: ['INVENTORY_CHANGED'], url });
    for (const url of ['https://10.0.0.5/x', 'https://169.254.169.254/latest/meta-data', 'https://192.168.1.1/', 'https://[fd00::1]/', 'https://[::ffff:10.1.2.3]/', 'https://100.64.0.1/', 'https://0.0.0.0/', 'https://user:pw@erp.example.com/']) {
      expect((await add(url)).code, url).toBe(400);
    }
    expect(addressAllowed('8.8.8.8')).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1')).toBe(true); // local receivers are on in tests (harness)
    allowLocalReceivers(false);
    try {
      expect((await add(`${recv.url}/x`)).code).toBe(400);
      expect(addressAllowed('127.0.0.1') || addressAllowed('::1') || addressAllowed('::ffff:127.0.0.1')).toBe(false);
      // a name is accepted when written, then refused when it resolves to a loopback address: nothing is sent
      const port = new URL(recv.url).port;
      const named = (await f.ok('/sapi/sys/webhook/add', { name: 'named', ownerId: f.ownerA, events: ['INVENTORY_CHANGED'], url: `https://localhost:${port}/x` })) as { id: number };
      const before = recv.requests.length;
      await f.gain(f.ownerA, f.skus.LILY, 1);
      await runWorker(new Date());
      const [d] = await deliveries(named.id);
      expect(d.lastError).toMatch(/^localhost is (127\.0\.0\.1|::1), a private or local address: webhooks go to public addresses only$/);
      expect(recv.requests.length).toBe(before);
      await f.ok('/sapi/sys/webhook/remove', { id: named.id });
    } finally {
      allowLocalReceivers(true);
    }
  });

  it(`retries for 24 hours, then gives up and disables the subscription after ${FAILURES_TO_DISABLE} failures in a row`, async () => {
    const down = await startReceiver();
    down.failing = true;
    try {
      const sick = (await f.ok('/sapi/sys/webhook/add', { name: 'down', ownerId: f.ownerA, url: `${down.url}/x`, events: ['INVENTORY_CHANGED'] })) as { id: number };
      await f.gain(f.ownerA, f.skus.LILY, 1);
      const [d] = await deliveries(sick.id);
      let now = Date.now();
      const times: number[] = [];
      for (let i = 0; i < 60; i++) {
        await runWorker(new Date(now));
        const cur = await f.ok('/sapi/sys/webhook-delivery/detail', { id: d.id });
        if (cur.status !== WebhookDeliveryStatus.PENDING) break;
        times.push(now);
        now = Math.max(new Date(cur.nextAttemptAt).getTime(), now);
      }
      const done = await f.ok('/sapi/sys/webhook-delivery/detail', { id: d.id });
      expect(done.status).toBe(WebhookDeliveryStatus.FAILED);
      // exponential: 1, 1, 2, 4, 8 ... minutes apart, at most an hour; more than 24 h in all
      const gaps = times.slice(1).map((t, i) => Math.round((t - times[i]) / 60_000));
      expect(gaps.slice(0, 7)).toEqual([1, 1, 2, 4, 8, 16, 32]);
      expect(Math.max(...gaps)).toBe(60);
      expect(done.attempts).toBeGreaterThanOrEqual(FAILURES_TO_DISABLE);
      expect(down.requests.length).toBe(done.attempts);
      const h = await f.ok('/sapi/sys/webhook/detail', { id: sick.id });
      expect(h).toMatchObject({ status: WebhookStatus.DISABLED, consecutiveFailures: done.attempts });
      // the healthy subscription got everything meanwhile
      expect((await deliveries(hook.id)).every((x) => x.status === WebhookDeliveryStatus.DELIVERED)).toBe(true);
      // disabled: new events are not queued for it; Enable starts it again with the run reset
      await f.gain(f.ownerA, f.skus.LILY, 1);
      expect((await deliveries(sick.id)).length).toBe(1);
      const enabled = await f.ok('/sapi/sys/webhook/enable', { id: sick.id });
      expect([enabled.status, enabled.consecutiveFailures, enabled.failingSince]).toEqual([WebhookStatus.ACTIVE, 0, null]);
    } finally {
      await down.close();
    }
  });

  it('deletes ended deliveries, their log and events after 30 days (job webhookRetention); pending ones stay', async () => {
    const job = jobHandler('webhookRetention')!;
    expect(job.defaults).toMatchObject({ cron: '0 45 4 * * *', params: { days: 30 } });
    const count = async (table: string) => Number((await rowsOf(`select count(*)::int as n from ${table}`))[0].n);
    const pending = await count(`sys_webhook_delivery where status = ${WebhookDeliveryStatus.PENDING}`);
    expect(pending).toBeGreaterThan(0);
    await job.run({ db: f.t.database.db, params: {}, signal: new AbortController().signal, fireTime: new Date(), dataDir: '' });
    expect(await count('sys_webhook_delivery')).toBeGreaterThan(pending);
    await job.run({ db: f.t.database.db, params: { days: 30 }, signal: new AbortController().signal, fireTime: new Date(Date.now() + 31 * 86_400_000), dataDir: '' });
    expect([await count('sys_webhook_delivery'), await count(`sys_webhook_delivery where status = ${WebhookDeliveryStatus.PENDING}`)]).toEqual([pending, pending]);
    expect(await count('sys_webhook_attempt where delivery_id not in (select id from sys_webhook_delivery)')).toBe(0);
    expect(await count('wms_webhook_event')).toBe(pending);
    await expect(job.run({ db: f.t.database.db, params: { days: 0 }, signal: new AbortController().signal, fireTime: new Date(), dataDir: '' })).rejects.toThrow('days');
  });
});
