/**
 * Registers the outbound order actions (issue 5): POST /sapi/wms/outbound-order/<action> for every action of
 * the manifest's outboundOrder workflow, each with the permission code the manifest gives it.
 */
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import type { CrudCall } from '../../crud/handlers';
import { actionOf } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { sapiRoute } from '../../http/sapi';
import { allocateOutbound, cancelOutbound, shipOutbound, stepOutbound } from './orders';

const handlers: Record<string, (call: CrudCall) => Promise<unknown>> = {
  allocate: allocateOutbound,
  pick: (c) => stepOutbound(c, 'pick'),
  pack: (c) => stepOutbound(c, 'pack'),
  ship: shipOutbound,
  cancel: cancelOutbound,
};

export function registerOutboundRoutes(app: FastifyInstance, db: Db): void {
  const b = bindings.outboundOrder;
  for (const [action, handler] of Object.entries(handlers)) {
    sapiRoute(app, db, `${b.meta.path}/${action}`, actionOf(b, action).code, ({ ctx, user, body }) => handler({ db, ctx, user, binding: b, body }));
  }
}
