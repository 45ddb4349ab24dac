/**
 * The webhook delivery worker (issue 31; docs/owner-api.md "Webhooks"): the job `webhookDelivery`, seeded to fire
 * every 5 seconds (the scheduler runs each fire once across instances, docs/jobs.md). A run claims due deliveries
 * and POSTs them until none is left (or its time is up), so a backlog drains in one run.
 *
 * - Claim: ONE statement `UPDATE ... FROM (SELECT ... FOR UPDATE SKIP LOCKED)` takes up to BATCH pending deliveries
 *   of active subscriptions whose next attempt is due and that no run holds (`locked_until`, a lease of
 *   LEASE_MS), so runs on several instances (a run now beside a fire) never send the same delivery twice at once.
 * - Order per document: a delivery is claimed only when no earlier event of its document is still pending for the
 *   same subscription; a later event waits for the earlier one (a delivery that gave up no longer holds the rest).
 * - Request: `POST <url>` with JSON `{id, type, createdAt, data}`, headers `Content-Type: application/json`,
 *   `Wms-Event-Id: <id>`, `Wms-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` (node:http(s)
 *   to public addresses only, ./destination.ts; TIMEOUT_MS; no redirects followed). A 2xx answer is a success; anything else, a timeout or a network
 *   error a failure.
 * - Every attempt is a row of the delivery log (sys_webhook_attempt: HTTP status, duration ms, error).
 * - Retry: after a failure the next attempt waits as long as the delivery has been queued (at least 1 min, at most
 *   1 h): 1, 2, 4, 8 ... minutes; 24 h after it was queued a failure gives up (status FAILED; Redeliver queues it
 *   again).
 * - Disable: a success resets the subscription's failure run; FAILURES_TO_DISABLE (20) failed attempts in a row
 *   whose first is at least 24 h old disable it (one receiver that stays down is disabled when its deliveries give
 *   up; a burst of failures within a day does not).
 *
 * The run's clock is its fire time (or the present, when later): the scheduler's fire times are the present; a test
 * passes later ones to step through a day of retries.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { getTableName, inArray } from 'drizzle-orm';
import { webhook, webhookAttempt, webhookDelivery } from '../../../../generated/db/schema';
import { WebhookDeliveryStatus, WebhookStatus } from '../../../../generated/shared/enums';
import { ident } from '../../crud/filters';
import type { Db } from '../../db/connect';
import { wmsWebhookEvent } from '../../db/internal-schema';
import { rawQuery } from '../../db/raw';
import { retentionDays } from '../exports/job-handlers';
import { registerJobHandler, type JobHandler } from '../jobs/registry';
import { secrets } from '../secret-fields';
import { literalRefusal, guardedLookup } from './destination';
import { eventKeyOf, eventWireName } from './events';

/** Deliveries claimed at a time (sent concurrently). */
const BATCH = 20;
/** How long a claim holds a delivery (longer than TIMEOUT_MS). */
const LEASE_MS = 60_000;
/** Timeout of one POST. */
export const TIMEOUT_MS = 10_000;
/** Retries end this long after a delivery was queued. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** Shortest and longest wait between attempts. */
const MIN_WAIT_MS = 60_000;
const MAX_WAIT_MS = 3_600_000;
/** Failed attempts in a row (the first at least RETRY_WINDOW_MS old) that disable a subscription. */
export const FAILURES_TO_DISABLE = 20;
/** A run stops claiming after this long (the next fire goes on). */
const RUN_BUDGET_MS = 50_000;

const DELIVERY = ident(getTableName(webhookDelivery));
const HOOK = ident(getTableName(webhook));
const PENDING = WebhookDeliveryStatus.PENDING;

const CLAIM = `update ${DELIVERY} d set locked_until = $2::timestamptz + interval '${LEASE_MS} milliseconds', attempts = d.attempts + 1
from (
  select c.id from ${DELIVERY} c join ${HOOK} s on s.id = c.webhook_id and s.status = ${WebhookStatus.ACTIVE}
  where c.status = ${PENDING} and c.next_attempt_at <= $2::timestamptz and (c.locked_until is null or c.locked_until < $2::timestamptz)
    and not exists (select 1 from ${DELIVERY} p where p.webhook_id = c.webhook_id and p.document_key = c.document_key
      and p.event_id < c.event_id and p.status = ${PENDING})
  order by c.event_id, c.id limit $1 for update of c skip locked) pick
where d.id = pick.id
returning d.id, d.webhook_id as "webhookId", d.owner_id as "ownerId", d.event_id as "eventId", d.event_type as "eventType",
  d.attempts, d.queued_at as "queuedAt"`;

interface Claimed { id: number; webhookId: number; ownerId: number; eventId: number; eventType: number; attempts: number; queuedAt: string }
interface Outcome { statusCode: number | null; duration: number; error: string | null }

/** The `Wms-Signature` header value for `body` signed with `secret` at `t` (unix seconds). */
export function signature(secret: string, t: number, body: string): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** POSTs one event to an allowed address (./destination.ts); never throws. Redirects are not followed. */
function post(url: string, secret: string, eventId: number, body: string): Promise<Outcome> {
  const started = Date.now();
  const t = Math.floor(started / 1000);
  const done = (statusCode: number | null, error: string | null): Outcome => ({ statusCode, duration: Date.now() - started, error: error?.slice(0, 500) ?? null });
  const u = new URL(url);
  const refused = literalRefusal(u);
  if (refused) return Promise.resolve(done(null, refused));
  return new Promise((resolve) => {
    const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(u, {
      method: 'POST', lookup: guardedLookup as never, signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'wms-webhooks/1', 'wms-event-id': String(eventId), 'wms-signature': signature(secret, t, body) },
    }, (res) => {
      res.resume(); // the answer's body is not read, only drained
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        resolve(done(status, status >= 200 && status < 300 ? null : `HTTP ${status}`));
      });
      res.on('error', (e) => resolve(done(res.statusCode ?? null, e.message)));
    });
    req.on('error', (e: Error) => resolve(done(null, e.name === 'TimeoutError' || e.name === 'AbortError' ? `timed out after ${TIMEOUT_MS} ms` : e.message)));
    req.end(body);
  });
}
/** Records one attempt's outcome: the log row, the delivery's state, the subscription's failure run (one transaction). */
async function record(db: Db, d: Claimed, o: Outcome, now: Date): Promise<void> {
  const ok = o.error === null;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.insert(webhookAttempt).values({ deliveryId: d.id, webhookId: d.webhookId, ownerId: d.ownerId, eventType: d.eventType, attempt: d.attempts, statusCode: o.statusCode, duration: o.duration, error: o.error });
    if (ok) {
      await rawQuery(tx, `update ${DELIVERY} set status = ${WebhookDeliveryStatus.DELIVERED}, delivered_at = $2, last_status_code = $3, last_error = null, locked_until = null, update_date = now() where id = $1`, [d.id, now.toISOString(), o.statusCode]);
      await rawQuery(tx, `update ${HOOK} set consecutive_failures = 0, failing_since = null, last_delivery_at = $2 where id = $1`, [d.webhookId, now.toISOString()]);
      return;
    }
    const queued = new Date(d.queuedAt).getTime();
    const age = now.getTime() - queued;
    const giveUp = age >= RETRY_WINDOW_MS;
    const wait = Math.min(Math.max(age, MIN_WAIT_MS), MAX_WAIT_MS);
    await rawQuery(tx, `update ${DELIVERY} set status = $2, next_attempt_at = $3, last_status_code = $4, last_error = $5, locked_until = null, update_date = now() where id = $1`,
      [d.id, giveUp ? WebhookDeliveryStatus.FAILED : PENDING, new Date(now.getTime() + wait).toISOString(), o.statusCode, o.error]);
    await rawQuery(tx, `update ${HOOK} set consecutive_failures = consecutive_failures + 1, failing_since = coalesce(failing_since, $2::timestamptz),
      status = case when consecutive_failures + 1 >= ${FAILURES_TO_DISABLE} and coalesce(failing_since, $2::timestamptz) <= $2::timestamptz - interval '${RETRY_WINDOW_MS} milliseconds'
        then ${WebhookStatus.DISABLED} else status end
      where id = $1`, [d.webhookId, now.toISOString()]);
  });
}

/**
 * One run (module doc): claims and sends due deliveries until none is due, `signal` fires or the budget is spent.
 * Returns how many were sent, succeeded and failed.
 */
export async function deliverWebhooks(db: Db, now: Date, signal?: AbortSignal): Promise<{ sent: number; ok: number; failed: number }> {
  const stats = { sent: 0, ok: 0, failed: 0 };
  const started = Date.now();
  while (!signal?.aborted && Date.now() - started < RUN_BUDGET_MS) {
    const claimed = (await rawQuery(db, CLAIM, [BATCH, now.toISOString()])) as unknown as Claimed[];
    if (!claimed.length) break;
    const hooks = await db.select({ id: webhook.id, url: webhook.url, secret: webhook.secret }).from(webhook).where(inArray(webhook.id, [...new Set(claimed.map((c) => c.webhookId))]));
    const events = await db.select().from(wmsWebhookEvent).where(inArray(wmsWebhookEvent.id, claimed.map((c) => Number(c.eventId))));
    await Promise.all(claimed.map(async (c) => {
      const h = hooks.find((x) => x.id === c.webhookId)!;
      const e = events.find((x) => x.id === Number(c.eventId))!;
      let outcome: Outcome;
      try {
        const secret = secrets().open(h.secret ?? '');
        const body = JSON.stringify({ id: e.id, type: eventWireName(eventKeyOf(e.type)), createdAt: e.createdAt.toISOString(), data: e.data });
        outcome = await post(h.url, secret, e.id, body);
      } catch (err) {
        outcome = { statusCode: null, duration: 0, error: (err as Error).message.slice(0, 500) };
      }
      await record(db, c, outcome, now);
      stats.sent++;
      if (outcome.error === null) stats.ok++; else stats.failed++;
    }));
  }
  return stats;
}

/** The job handler (bean webhookDelivery, every 5 s). */
export const webhookDeliveryJob: JobHandler = {
  bean: 'webhookDelivery',
  title: { en: 'Send webhook deliveries', zh: '发送推送订阅事件' },
  defaults: { name: { en: 'Webhook deliveries', zh: '推送订阅发送' }, cron: '*/5 * * * * *', params: {} },
  run: async (ctx) => {
    const now = new Date(Math.max(ctx.fireTime.getTime(), Date.now()));
    const s = await deliverWebhooks(ctx.db, now, ctx.signal);
    return { en: `Sent ${s.sent} deliveries (${s.ok} succeeded, ${s.failed} failed)`, zh: `已发送 ${s.sent} 条（成功 ${s.ok}，失败 ${s.failed}）` };
  },
};

/** Days ended deliveries, their attempts and events are kept when the retention task's parameters do not say. */
export const DEFAULT_WEBHOOK_RETENTION_DAYS = 30;

/**
 * Deletes deliveries that ended (delivered or gave up) more than `days` ago (by their last change), with their
 * attempts, and the events no delivery names any more (bean webhookRetention, daily 04:45, `{"days": 30}`). Pending
 * deliveries and their events stay whatever their age.
 */
export const webhookRetentionJob: JobHandler = {
  bean: 'webhookRetention',
  title: { en: 'Delete ended webhook deliveries, their log and events older than N days', zh: '删除超过N天的已结束推送记录、日志和事件' },
  defaults: { name: { en: 'Webhook delivery retention', zh: '推送记录清理' }, cron: '0 45 4 * * *', params: { days: DEFAULT_WEBHOOK_RETENTION_DAYS } },
  run: async ({ db, params, fireTime }) => {
    const days = retentionDays(params, DEFAULT_WEBHOOK_RETENTION_DAYS);
    const cutoff = new Date(fireTime.getTime() - days * 86_400_000).toISOString();
    const [{ n }] = (await rawQuery(db, `with old as (
        select id from ${DELIVERY} where status <> ${PENDING} and update_date < $1::timestamptz),
      a as (delete from ${ident(getTableName(webhookAttempt))} where delivery_id in (select id from old)),
      d as (delete from ${DELIVERY} where id in (select id from old) returning event_id)
      select count(*)::int as n from d`, [cutoff])) as Array<{ n: number }>;
    const EVENT = ident(getTableName(wmsWebhookEvent));
    await rawQuery(db, `delete from ${EVENT} e where e.created_at < $1::timestamptz and not exists (select 1 from ${DELIVERY} d where d.event_id = e.id)`, [cutoff]);
    return { en: `Deleted ${n} ended deliveries older than ${days} days`, zh: `已删除 ${n} 条超过 ${days} 天的已结束推送记录` };
  },
};

/** Registers the worker's and the retention's handlers (idempotent). */
export const registerWebhookJobs = (): void => {
  registerJobHandler(webhookDeliveryJob);
  registerJobHandler(webhookRetentionJob);
};
