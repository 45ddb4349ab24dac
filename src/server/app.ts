/**
 * Builds the Fastify app (tests import this; main.ts listens): the /sapi calls of the generated route table
 * through the generic handlers, the auth calls, the built console with a fallback to index.html for client
 * routes, and one error handler that turns every failure into the envelope (DESIGN "The /sapi contract").
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { bindings, routeTable, type Binding } from '../../generated/server/routes';
import { Code } from '../shared/envelope';
import { DEFAULT_TRUST_PROXY, type Config } from './config';
import * as crud from './crud/handlers';
import { actionOf } from './crud/workflow';
import type { Database } from './db/connect';
import { captchaBody, currentDetail, login, loginBody, newCaptcha, unlockLogin } from './domain/auth';
import { dummyPasswordHash } from './domain/passwords';
import { registerFileRoutes } from './domain/files/routes';
import { registerImportRoutes } from './domain/imports/routes';
import { registerExportRoutes } from './domain/exports/routes';
import { registerPrintRoutes } from './domain/print/routes';
import { registerJobRoutes } from './domain/jobs/routes';
import { FIND_BY_CODE_PERMISSION, batchUpdateWeight, batchWeightBody, findByCodeBody, findSkusByCode, labelsBody, searchBody, searchSkus } from './domain/sku';
import { approveJudgement, rejectBody, rejectJudgement } from './domain/inventory/judgement';
import { exportLocationLabels, locationLabelsBody } from './domain/location-labels';
import { registerInboundRoutes } from './domain/inbound/routes';
import { registerOutboundRoutes } from './domain/outbound/routes';
import { registerMoveRoutes } from './domain/moves/routes';
import { registerCountRoutes } from './domain/counts/routes';
import { registerTransferRoutes } from './domain/transfers/routes';
import { registerBillingRoutes } from './domain/billing/routes';
import { registerShareRoutes } from './domain/share/routes';
import { registerDashboardRoutes } from './domain/statistics/dashboard';
import { registerWaybillRoutes } from './domain/waybills/routes';
import { changeOwnPassword, changePasswordBody, editUserRoles, userRolesBody } from './domain/users';
import { BODY_LIMITS, ID_BODY, isBodyTooLarge, NO_FIELDS, refuseLargeBody } from './http/body';
import { readContext, type RequestContext, type UserContext } from './http/context';
import { BizError, clientDbError, text } from './http/errors';
import { registerSecurityHeaders } from './http/security-headers';
import { publicRoute, sapiRoute, type SapiHandlerArgs } from './http/sapi';
import { endSession } from './http/session';
import { redactingLogger, registerRequestLog } from './http/requestLog';
import { noteException, registerRequestRecords } from './http/requestRecords';
import { RequestRecorder } from './domain/records/recorder';
import { registerRecordRetentionJobs } from './domain/records/retention';
import { redactError } from './domain/records/redact';
import { registerStaticAssets } from './http/staticAssets';
import { registerHealthRoutes } from './http/health';
import { AppMetrics, registerMetricsRoute } from './http/metrics';
import { useInstallationSecrets } from './domain/secret-fields';
import { registerDbmsRoutes } from './domain/dbms/query-tool';
import { registerApiKeyRoutes } from './domain/api-keys';
import { registerWebhookRoutes } from './domain/webhooks/subscriptions';
import { registerWebhookJobs } from './domain/webhooks/worker';
import { allowLocalReceivers } from './domain/webhooks/destination';
import { registerApiRoutes } from './api/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics (http/metrics.ts): background work reports to it, main.ts may serve it on a port of its own. */
    metrics: AppMetrics;
  }
}

export interface AppOptions { database: Database; config: Config; logger?: boolean | object }

const recorders = new WeakMap<FastifyInstance, RequestRecorder>();
/** The request recorder of an app built by buildApp (tests and bench/request-recording.ts flush and read it). */
export const recorderOf = (app: FastifyInstance): RequestRecorder | undefined => recorders.get(app);

export async function buildApp({ database, config, logger = false }: AppOptions): Promise<FastifyInstance> {
  const { db } = database;
  // the key that seals and opens secret fields (carrier credentials): WMS_SECRET_KEY or <dataDir>/secret.key
  useInstallationSecrets(config);
  // one log line per request (http/requestLog.ts) instead of Fastify's two; every line with its secrets masked
  const app = Fastify({ logger: redactingLogger(logger), logController: new LogController({ disableRequestLogging: true }), bodyLimit: BODY_LIMITS.bytes, trustProxy: config.trustProxy ?? DEFAULT_TRUST_PROXY });
  registerRequestLog(app);
  // every /sapi call recorded, every 500 logged with its stack, written in batches (docs/records.md)
  const recorder = new RequestRecorder(db, app.log, config.requestRecords);
  recorders.set(app, recorder);
  registerRequestRecords(app, recorder);
  app.addHook('onClose', () => recorder.close());
  registerRecordRetentionJobs();
  // health checks and metrics (issue 28; docs/deployment.md): their hooks see every answer, so before any route
  const metrics = new AppMetrics({ database, recorderStats: () => recorder.stats() });
  app.decorate('metrics', metrics);
  metrics.observe(app);
  registerMetricsRoute(app, metrics, config.metricsToken);
  registerHealthRoutes(app, database, () => app.fileStorage);
  await app.register(formbody);
  await registerSecurityHeaders(app);

  app.setErrorHandler(async (err: Error & { statusCode?: number; code?: string; validation?: unknown }, req, reply) => {
    const ctx = readContext(req);
    if (err instanceof BizError) return reply.status(200).send({ code: err.code, msg: err.message, data: null });
    const fromDb = clientDbError(err, ctx.lang); // a value of the request the edge let through (SQLSTATE 22, 23)
    if (fromDb) {
      req.log.warn({ err: redactError(err, req.body), url: req.url }, 'the database refused a value of the request');
      return reply.status(200).send({ code: fromDb.code, msg: fromDb.message, data: null });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // malformed JSON, wrong content type, body too large: the client's fault, said in words
      const msg = isBodyTooLarge(err) ? await refuseLargeBody(req, ctx.lang) : err.message;
      return reply.status(200).send({ code: Code.BAD_REQUEST, msg, data: null });
    }
    req.log.error({ err: redactError(err, req.body), url: req.url }, 'unexpected error');
    noteException(req, err);
    return reply.status(200).send({ code: Code.ERROR, msg: text(ctx.lang, 'unexpected'), data: null });
  });

  // Generic calls from the manifest (spec 7.2)
  for (const route of routeTable) {
    const binding = bindings[route.resource];
    const handler = crud[route.operation] as (call: crud.CrudCall) => Promise<unknown>;
    // reads verify a cached session inside their one statement (crud/records-sql.ts; docs/architecture.md "Read path")
    const foldsSession = route.operation === 'page' || route.operation === 'list' || route.operation === 'detail';
    sapiRoute(app, db, route.path, route.permission, { body: crud.crudBody(binding, route.operation), foldsSession }, ({ ctx, user, body }) => handler({ db, ctx, user, binding, body }));
  }

  // Auth (spec 7.2; docs/architecture.md)
  publicRoute(app, '/sapi/captcha/get', { body: captchaBody }, ({ body }) => newCaptcha(db, body.type ?? 1));
  void dummyPasswordHash(); // ready before the first login of an unknown name
  publicRoute(app, '/sapi/sys/user/login', { body: loginBody }, ({ req, ctx, body }) => login(db, ctx, body, { ip: req.ip, testAnswer: config.captchaTestAnswer, throttle: config.loginThrottle }));
  sapiRoute(app, db, '/sapi/sys/user/current/detail', 'any', { body: NO_FIELDS }, ({ user }) => currentDetail(db, user));
  sapiRoute(app, db, '/sapi/sys/user/logout', 'any', { body: NO_FIELDS }, async ({ user }) => { await endSession(db, user.token); return null; });
  sapiRoute(app, db, '/sapi/sys/user/current/edit', 'any', { body: changePasswordBody }, ({ ctx, user, body }) => changeOwnPassword(db, ctx, user, body));
  sapiRoute(app, db, '/sapi/sys/user/role/edit', bindings.user.meta.permissions.edit, { body: userRolesBody }, ({ ctx, user, body }) => editUserRoles(db, ctx, user, body));
  sapiRoute(app, db, '/sapi/sys/user/unlockLogin', bindings.user.meta.permissions.edit, { body: ID_BODY }, ({ req, ctx, user, body }) => unlockLogin({ db, ctx, user, binding: bindings.user, body }, req.ip, config.loginThrottle));

  // SKU calls beyond CRUD (spec 7.2; issue 3)
  const skuCall = (ctx: RequestContext, user: UserContext, body: Record<string, unknown>) => ({ db, ctx, user, binding: bindings.sku, body });
  sapiRoute(app, db, '/sapi/wms/sku/count', bindings.sku.meta.permissions.list, { body: crud.crudBody(bindings.sku, 'page') }, ({ ctx, user, body }) => crud.countRecords(skuCall(ctx, user, body)));
  sapiRoute(app, db, '/sapi/wms/sku/search', bindings.sku.meta.permissions.list, { body: searchBody }, ({ ctx, user, body }) => searchSkus(skuCall(ctx, user, body)));
  // a scanned code -> SKUs: for whoever scans lines (receiving, shipping, order forms) or reads SKUs (issue 27 item 8)
  sapiRoute(app, db, '/sapi/wms/sku/findByCode', FIND_BY_CODE_PERMISSION, { body: findByCodeBody }, ({ ctx, user, body }) => findSkusByCode(skuCall(ctx, user, body)));
  sapiRoute(app, db, '/sapi/wms/sku/batchUpdateWeight', bindings.sku.meta.permissions.add, { body: batchWeightBody }, ({ ctx, user, body }) => batchUpdateWeight(skuCall(ctx, user, body)));
  sapiRoute(app, db, '/sapi/wms/sku/exportEcPlatformLabels', 'outbound:export_ec_platform_labels', { body: labelsBody }, async ({ ctx, user, body, reply }) => (await import('./domain/labels')).exportEcPlatformLabels(skuCall(ctx, user, body), reply));

  // Inventory, adjustments and inbound orders beyond CRUD (spec 7.2; issues 4, 5)
  const callOf = (binding: Binding) => (a: SapiHandlerArgs): crud.CrudCall => ({ db, ctx: a.ctx, user: a.user, binding, body: a.body });
  const inventoryCall = callOf(bindings.inventory);
  sapiRoute(app, db, '/sapi/wms/sku-inventory/queryOne', bindings.inventory.meta.permissions.list, { body: crud.crudBody(bindings.inventory, 'page'), foldsSession: true }, (a) => crud.queryOne(inventoryCall(a)));
  const judgementCall = callOf(bindings.inventoryJudgement);
  sapiRoute(app, db, '/sapi/wms/inventory-judgement/approve', actionOf(bindings.inventoryJudgement, 'approve').code, { body: ID_BODY }, (a) => approveJudgement(judgementCall(a)));
  sapiRoute(app, db, '/sapi/wms/inventory-judgement/reject', actionOf(bindings.inventoryJudgement, 'reject').code, { body: rejectBody }, (a) => rejectJudgement(judgementCall(a)));

  // Storage locations beyond CRUD (issue 29): the label PDF (the import is with the other imports)
  const locationCall = callOf(bindings.location);
  sapiRoute(app, db, `${bindings.location.meta.path}/exportLabels`, bindings.location.meta.permissions.labels!, { body: locationLabelsBody }, (a) => exportLocationLabels(locationCall(a), a.reply));

  registerInboundRoutes(app, db);
  // API keys of goods owners (revoke) and the owner API /api/v1 with its OpenAPI document (issue 31; docs/owner-api.md)
  registerApiKeyRoutes(app, db);
  // webhook subscriptions (enable, disable, redeliver) and the delivery worker's job (issue 31)
  registerWebhookRoutes(app, db);
  registerWebhookJobs();
  allowLocalReceivers(config.webhookLocalReceivers === true);
  await registerApiRoutes(app, db);
  registerDbmsRoutes(app, database, config);
  registerOutboundRoutes(app, db);
  // Putaway and stock moves between locations (issue 29 step 2; docs/locations.md)
  registerMoveRoutes(app, db);
  // Cycle counts: workflow steps, blind counting, differences (issue 30; docs/counts.md)
  registerCountRoutes(app, db);
  // Transfers between warehouses: confirm and cancel (issue 30; docs/transfers.md)
  registerTransferRoutes(app, db);
  registerBillingRoutes(app, db);
  // Inventory sharing: link regenerate / revoke and the public view (issue 16; docs/share.md)
  registerShareRoutes(app, db, config);
  registerDashboardRoutes(app, db);

  // Files (upload, download, thumbnails) and Excel imports with their templates (spec 7.1, 7.2, 9; issue 3)
  const fileStorage = await registerFileRoutes(app, database, config);
  await registerImportRoutes(app, database, fileStorage);
  const exportDeps = await registerExportRoutes(app, database, fileStorage);
  // Printing: signed PDF addresses for the browser and the local print plugin, the plugin's zip (issue 16)
  registerPrintRoutes(app, database, config);
  // Waybills through the carriers, labels in the file storage, the tracking job (issue 17; docs/waybills.md)
  registerWaybillRoutes(app, db, fileStorage);

  // Scheduled tasks and their log (issue 15; docs/jobs.md): the scheduler starts when the app is ready
  registerJobRoutes(app, database, config, { fileStorage, exports: exportDeps });

  // Request records (issue 15; docs/records.md): the recorder's counters; the test hook that fails with a 500
  sapiRoute(app, db, '/sapi/sys/request-record/stats', bindings.requestRecord.meta.permissions.list, { body: NO_FIELDS }, async () => recorder.stats());
  if (config.testHooks) {
    sapiRoute(app, db, '/sapi/test/fail500', 'any', { body: NO_FIELDS }, async () => { throw new Error('injected failure (WMS_TEST_HOOKS)'); });
  }

  app.all('/sapi/*', async (req, reply) => reply.status(404).send({ code: Code.NOT_FOUND, msg: `${req.method} ${req.url}: no such call`, data: null }));

  // The built console, precompressed and cached (http/staticAssets.ts); client routes fall back to index.html
  const clientDir = resolve(config.clientDir ?? 'dist/client');
  if (existsSync(resolve(clientDir, 'index.html'))) {
    await registerStaticAssets(app, clientDir);
  }
  return app;
}

export { ok } from './http/sapi';
