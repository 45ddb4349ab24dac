/**
 * Webhook subscriptions of goods owners (issue 31; manifest `webhook`, `webhookDelivery`; docs/owner-api.md
 * "Webhooks"). Reading needs `webhook:list`, making, editing, enabling, disabling and redelivering `webhook:edit`,
 * always within the user's owner scope (the manifest's `scope: {owner}`): an owner's own user sees and changes
 * only its owner's subscriptions and deliveries.
 * - URL: https to a public host (./destination.ts: never a private, loopback or link-local address; a receiver on
 *   the same machine only with WMS_WEBHOOK_LOCAL_RECEIVERS=1, tests only); 400 naming the field otherwise.
 * - Signing secret: `whsec_` + 32 random bytes (base64url), made on add; the add answer carries it once as
 *   `signingSecret` (form.reveal); it is stored sealed with the installation key (the manifest field `secret`,
 *   type secret, never read back) because the worker needs the secret itself to sign.
 * - Enable (DISABLED -> ACTIVE) resets the failure run; remove deletes the subscription's deliveries and log.
 * - Redeliver (`/sapi/sys/webhook-delivery/redeliver {id}`): queues a delivery again at once (any state), with a new
 *   24-hour retry window.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import { WebhookDeliveryStatus, WebhookStatus } from '../../../../generated/shared/enums';
import { manifestLabel, meta, type ResourceHooks } from '../../crud/handlers';
import { actionOf, takeStep } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { ID_BODY } from '../../http/body';
import type { RequestContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { sapiRoute } from '../../http/sapi';
import { secrets } from '../secret-fields';
import { webhookUrlAllowed } from './destination';

type Row = Record<string, unknown>;

const texts = {
  url: { en: 'must be an https URL of a public host (not a private or local address)', zh: '必须是公网主机的 https 地址（不能是内网或本机地址）' },
};

/** A fresh signing secret: `whsec_` + 32 random bytes in base64url. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** Secrets made by an add, handed to the add's answer (decorate) of the same request. */
const issued = new WeakMap<RequestContext, { id: number; secret: string }>();

export const webhookHooks: ResourceHooks = {
  async beforeWrite(call, values, existing) {
    if (!existing) values.createdBy = call.user.name.slice(0, 20);
    if (values.url !== undefined && !webhookUrlAllowed(String(values.url))) {
      throw fieldError(call.ctx.lang, { label: manifestLabel('url', meta(bindings.webhook))!, field: 'url' }, texts.url[call.ctx.lang]);
    }
  },
  async afterWrite(call, values, existing) {
    if (existing) return;
    const id = values.id as number;
    const secret = newSigningSecret();
    await call.db.update(bindings.webhook.table).set({ secret: secrets().seal(secret) }).where(eq(bindings.webhook.table.id, id));
    issued.set(call.ctx, { id, secret });
  },
  async beforeRemove(call, existing) {
    const id = existing.id as number;
    await call.db.delete(bindings.webhookAttempt.table).where(eq(bindings.webhookAttempt.table.webhookId, id));
    await call.db.delete(bindings.webhookDelivery.table).where(eq(bindings.webhookDelivery.table.webhookId, id));
  },
  /** The add answer carries the signing secret once as `signingSecret` (form.reveal: the console shows it once). */
  async decorate(call, rows: Row[]) {
    const fresh = issued.get(call.ctx);
    if (!fresh) return;
    for (const r of rows) if (r.id === fresh.id) r.signingSecret = fresh.secret;
  },
};

/** disable, enable (`/sapi/sys/webhook/...`) and redeliver (`/sapi/sys/webhook-delivery/redeliver`), each `{id}`. */
export function registerWebhookRoutes(app: FastifyInstance, db: Db): void {
  const w = bindings.webhook;
  sapiRoute(app, db, `${w.meta.path}/disable`, actionOf(w, 'disable').code, { body: ID_BODY }, ({ ctx, user, body }) =>
    takeStep({ db, ctx, user, binding: w, body }, 'disable', WebhookStatus.DISABLED));
  sapiRoute(app, db, `${w.meta.path}/enable`, actionOf(w, 'enable').code, { body: ID_BODY }, ({ ctx, user, body }) =>
    takeStep({ db, ctx, user, binding: w, body }, 'enable', WebhookStatus.ACTIVE, { consecutiveFailures: 0, failingSince: null }));
  const d = bindings.webhookDelivery;
  sapiRoute(app, db, `${d.meta.path}/redeliver`, actionOf(d, 'redeliver').code, { body: ID_BODY }, ({ ctx, user, body }) => {
    const now = new Date();
    return takeStep({ db, ctx, user, binding: d, body }, 'redeliver', WebhookDeliveryStatus.PENDING, { queuedAt: now, nextAttemptAt: now, lockedUntil: null });
  });
}
