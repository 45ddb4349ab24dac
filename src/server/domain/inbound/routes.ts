/**
 * Registers the inbound order actions (issue 5): POST /sapi/wms/inbound-order/<action> for every action of
 * the manifest's inboundOrder workflow, each with the permission code the manifest gives it and its body
 * rule (checked at the edge, http/body.ts), and the receiving lookup /scan (code inbound:receive).
 */
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import type { CrudCall } from '../../crud/handlers';
import { actionOf } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { ID_BODY, type BodyRule } from '../../http/body';
import { sapiRoute } from '../../http/sapi';
import { problemBody, receiveBody, receiveInbound, recreateInbound, scanBody, scanInbound, stepInbound, submitInboundProblem } from './orders';

const actions: Record<string, { body: BodyRule; run: (call: CrudCall) => Promise<unknown> }> = {
  receive: { body: receiveBody, run: receiveInbound },
  complete: { body: ID_BODY, run: (c) => stepInbound(c, 'complete') },
  cancel: { body: ID_BODY, run: (c) => stepInbound(c, 'cancel') },
  cancelProblem: { body: ID_BODY, run: (c) => stepInbound(c, 'cancelProblem') },
  submitProblem: { body: problemBody, run: submitInboundProblem },
  recreate: { body: ID_BODY, run: recreateInbound },
};

export function registerInboundRoutes(app: FastifyInstance, db: Db): void {
  const b = bindings.inboundOrder;
  for (const [action, { body, run }] of Object.entries(actions)) {
    sapiRoute(app, db, `${b.meta.path}/${action}`, actionOf(b, action).code, { body }, ({ ctx, user, body: form }) => run({ db, ctx, user, binding: b, body: form }));
  }
  // the receiving screens look an order up by what the operator scans (spec 2.3 /func, 8)
  sapiRoute(app, db, `${b.meta.path}/scan`, actionOf(b, 'receive').code, { body: scanBody }, ({ ctx, user, body }) => scanInbound({ db, ctx, user, binding: b, body }));
}
