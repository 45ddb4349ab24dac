/**
 * Registers the putaway calls (/sapi/wms/putaway/page|list|suggest|confirm; codes `putaway`, `putaway:confirm`)
 * and the stock move actions (/sapi/wms/move/confirm|cancel, codes from the manifest's move workflow); issue 29
 * step 2, docs/locations.md. The move's page, list, detail, add, edit and remove are the generic calls of the
 * manifest with the hooks of moves.ts.
 */
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import { crudBody, type CrudCall } from '../../crud/handlers';
import { actionOf } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { ID_BODY } from '../../http/body';
import { sapiRoute, type SapiHandlerArgs } from '../../http/sapi';
import { cancelMove, confirmMove } from './moves';
import { confirmBody, confirmPutaway, pendingList, pendingPage, suggestBody, suggestPutaway } from './putaway';

/** The putaway calls' path and codes. */
export const PUTAWAY = { path: '/sapi/wms/putaway', list: 'putaway', confirm: 'putaway:confirm' } as const;

export function registerMoveRoutes(app: FastifyInstance, db: Db): void {
  const callOf = (binding: CrudCall['binding']) => <B>(a: SapiHandlerArgs<B>): CrudCall => ({ db, ctx: a.ctx, user: a.user, binding, body: a.body as CrudCall['body'] });
  const stock = callOf(bindings.locationInventory);
  // reads: one statement each, the cached session verified inside it (crud/records-sql.ts)
  const query = { body: crudBody(bindings.locationInventory, 'page'), foldsSession: true };
  sapiRoute(app, db, `${PUTAWAY.path}/page`, PUTAWAY.list, query, (a) => pendingPage(stock(a)));
  sapiRoute(app, db, `${PUTAWAY.path}/list`, PUTAWAY.list, query, (a) => pendingList(stock(a)));
  sapiRoute(app, db, `${PUTAWAY.path}/suggest`, PUTAWAY.list, { body: suggestBody, foldsSession: true }, (a) => suggestPutaway(stock(a)));
  sapiRoute(app, db, `${PUTAWAY.path}/confirm`, PUTAWAY.confirm, { body: confirmBody }, (a) => confirmPutaway(stock(a)));

  const b = bindings.move;
  const moveCall = callOf(b);
  sapiRoute(app, db, `${b.meta.path}/confirm`, actionOf(b, 'confirm').code, { body: ID_BODY }, (a) => confirmMove(moveCall(a)));
  sapiRoute(app, db, `${b.meta.path}/cancel`, actionOf(b, 'cancel').code, { body: ID_BODY }, (a) => cancelMove(moveCall(a)));
}
