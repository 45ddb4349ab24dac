/**
 * Registers the inbound order actions (issue 5): POST /sapi/wms/inbound-order/<action> for every action of
 * the manifest's inboundOrder workflow, each with the permission code the manifest gives it, and the
 * receiving lookup /scan (code inbound:receive).
 */
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import type { CrudCall } from '../../crud/handlers';
import { actionOf } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { sapiRoute } from '../../http/sapi';
import { receiveInbound, recreateInbound, scanInbound, stepInbound, submitInboundProblem } from './orders';

const handlers: Record<string, (call: CrudCall) => Promise<unknown>> = {
  receive: receiveInbound,
  complete: (c) => stepInbound(c, 'complete'),
  cancel: (c) => stepInbound(c, 'cancel'),
  cancelProblem: (c) => stepInbound(c, 'cancelProblem'),
  submitProblem: submitInboundProblem,
  recreate: recreateInbound,
};

export function registerInboundRoutes(app: FastifyInstance, db: Db): void {
  const b = bindings.inboundOrder;
  for (const [action, handler] of Object.entries(handlers)) {
    sapiRoute(app, db, `${b.meta.path}/${action}`, actionOf(b, action).code, ({ ctx, user, body }) => handler({ db, ctx, user, binding: b, body }));
  }
  // the receiving screens look an order up by what the operator scans (spec 2.3 /func, 8)
  sapiRoute(app, db, `${b.meta.path}/scan`, actionOf(b, 'receive').code, ({ ctx, user, body }) => scanInbound({ db, ctx, user, binding: b, body }));
}
