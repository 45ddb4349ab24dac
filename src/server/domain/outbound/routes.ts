/**
 * Registers the outbound order actions (issue 5): POST /sapi/wms/outbound-order/<action> for every action of
 * the manifest's outboundOrder workflow, each with the permission code the manifest gives it and its body
 * rule (checked at the edge, http/body.ts), the shipping screen's lookup /scan (code of the pack action), and
 * beside the pick step the location-directed picking calls pick/list, pick/confirm and pick/reallocate (code
 * of the pick action; pick/list also outbound:list; ./picking.ts, issue 29 step 2).
 */
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import type { CrudCall } from '../../crud/handlers';
import { actionOf } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { ID_BODY, type BodyRule } from '../../http/body';
import { sapiRoute } from '../../http/sapi';
import { confirmPick, confirmPickBody, pickList, pickListBody, PICK_LIST_PERMISSION, reallocateBody, reallocatePick } from './picking';
import { allocateOutbound, cancelOutbound, deliverBody, deliverOutbound, packBody, packOutbound, pickOutbound, scanBody, scanOutbound, shipOutbound } from './orders';

const actions: Record<string, { body: BodyRule; run: (call: CrudCall) => Promise<unknown> }> = {
  allocate: { body: ID_BODY, run: allocateOutbound },
  pick: { body: ID_BODY, run: pickOutbound },
  pack: { body: packBody, run: packOutbound },
  ship: { body: ID_BODY, run: shipOutbound },
  cancel: { body: ID_BODY, run: cancelOutbound },
  deliver: { body: deliverBody, run: deliverOutbound },
};

export function registerOutboundRoutes(app: FastifyInstance, db: Db): void {
  const b = bindings.outboundOrder;
  for (const [action, { body, run }] of Object.entries(actions)) {
    sapiRoute(app, db, `${b.meta.path}/${action}`, actionOf(b, action).code, { body }, ({ ctx, user, body: form }) => run({ db, ctx, user, binding: b, body: form }));
  }
  // the shipping screen looks an order up by what the operator scans (spec 2.3 /func, 8)
  sapiRoute(app, db, `${b.meta.path}/scan`, actionOf(b, 'pack').code, { body: scanBody }, ({ ctx, user, body }) => scanOutbound({ db, ctx, user, binding: b, body }));
  // location-directed picking (issue 29 step 2): the pick tasks, a scanned confirmation per task, reserving what a short pick left
  const pickCode = actionOf(b, 'pick').code;
  sapiRoute(app, db, `${b.meta.path}/pick/list`, PICK_LIST_PERMISSION, { body: pickListBody }, ({ ctx, user, body }) => pickList({ db, ctx, user, binding: b, body }));
  sapiRoute(app, db, `${b.meta.path}/pick/confirm`, pickCode, { body: confirmPickBody }, ({ ctx, user, body }) => confirmPick({ db, ctx, user, binding: b, body }));
  sapiRoute(app, db, `${b.meta.path}/pick/reallocate`, pickCode, { body: reallocateBody }, ({ ctx, user, body }) => reallocatePick({ db, ctx, user, binding: b, body }));
}
