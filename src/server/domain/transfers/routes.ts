/**
 * Registers the transfer calls beyond the generic ones (issue 30; docs/transfers.md): POST
 * /sapi/wms/transfer/<action> for every action of the manifest's transfer workflow (confirm, cancel), each with
 * the code the manifest gives it. Shipping and receiving are the outbound and inbound orders' own calls.
 */
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import type { CrudCall } from '../../crud/handlers';
import { actionOf } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { ID_BODY } from '../../http/body';
import { sapiRoute } from '../../http/sapi';
import { cancelTransfer, confirmTransfer } from './transfers';

const steps: Record<string, (call: CrudCall) => Promise<unknown>> = { confirm: confirmTransfer, cancel: cancelTransfer };

export function registerTransferRoutes(app: FastifyInstance, db: Db): void {
  const b = bindings.transfer;
  for (const [action, run] of Object.entries(steps)) {
    sapiRoute(app, db, `${b.meta.path}/${action}`, actionOf(b, action).code, { body: ID_BODY }, ({ ctx, user, body }) => run({ db, ctx, user, binding: b, body }));
  }
}
