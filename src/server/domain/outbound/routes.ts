/**
 * Registers the outbound order actions (issue 5): POST /sapi/wms/outbound-order/<action> for every action of
 * the manifest's outboundOrder workflow, each with the permission code the manifest gives it, and the shipping
 * screen's lookup /scan (code of the pack action).
 */
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import type { CrudCall } from '../../crud/handlers';
import { actionOf } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { sapiRoute } from '../../http/sapi';
import { allocateOutbound, cancelOutbound, deliverOutbound, packOutbound, pickOutbound, scanOutbound, shipOutbound } from './orders';

const handlers: Record<string, (call: CrudCall) => Promise<unknown>> = {
  allocate: allocateOutbound,
  pick: pickOutbound,
  pack: packOutbound,
  ship: shipOutbound,
  cancel: cancelOutbound,
  deliver: deliverOutbound,
};

export function registerOutboundRoutes(app: FastifyInstance, db: Db): void {
  const b = bindings.outboundOrder;
  for (const [action, handler] of Object.entries(handlers)) {
    sapiRoute(app, db, `${b.meta.path}/${action}`, actionOf(b, action).code, ({ ctx, user, body }) => handler({ db, ctx, user, binding: b, body }));
  }
  // the shipping screen looks an order up by what the operator scans (spec 2.3 /func, 8)
  sapiRoute(app, db, `${b.meta.path}/scan`, actionOf(b, 'pack').code, ({ ctx, user, body }) => scanOutbound({ db, ctx, user, binding: b, body }));
}
