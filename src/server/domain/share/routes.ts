/**
 * The share calls beyond CRUD (issue 16; docs/share.md):
 * - `/sapi/wms/inventory-share/regenerate {id}` (code inventory_share:edit, share in the caller's owner scope)
 *   -> `{id, token}`: a new token replaces the old one at once; the token is shown this once;
 * - `/sapi/wms/inventory-share/revoke {id}` (same code and scope) -> `{revoked}` (whether a link was live):
 *   the link stops at once; the share stays (regenerate gives it a new link);
 * - `/sapi/wms/inventory-share/view` (public, no login; public.ts): what a link shows;
 * - `GET /sapi/wms/inventory-share/image?token=&sku=` (public; image.ts): a shared SKU's image.
 */
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import type { Config } from '../../config';
import { findInScope, meta, type CrudCall } from '../../crud/handlers';
import type { Db } from '../../db/connect';
import { ID_BODY } from '../../http/body';
import { publicRoute, sapiRoute } from '../../http/sapi';
import { serveShareImage } from './image';
import { DEFAULT_SHARE_LIMITS, SHARE_IMAGE_PATH, shareViewBody, viewShare } from './public';
import { dropToken, issueToken } from './tokens';

const binding = bindings.inventoryShare;
const editCode = meta(binding).permissions.edit!;

/** Gives share `call.body.id` (in scope) a new token. */
export async function regenerateLink(call: CrudCall): Promise<{ id: number; token: string }> {
  const share = await findInScope(call, binding, call.body.id);
  const id = share.id as number;
  return { id, token: await issueToken(call.db, id) };
}

/** Deletes the token of share `call.body.id` (in scope). */
export async function revokeLink(call: CrudCall): Promise<{ revoked: boolean }> {
  const share = await findInScope(call, binding, call.body.id);
  return { revoked: await dropToken(call.db, share.id as number) };
}

export function registerShareRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const call = (a: { ctx: CrudCall['ctx']; user: CrudCall['user']; body: { id: number } }): CrudCall => ({ db, ctx: a.ctx, user: a.user, binding, body: a.body });
  sapiRoute(app, db, '/sapi/wms/inventory-share/regenerate', editCode, { body: ID_BODY }, (a) => regenerateLink(call(a)));
  sapiRoute(app, db, '/sapi/wms/inventory-share/revoke', editCode, { body: ID_BODY }, (a) => revokeLink(call(a)));
  const limits = { ...DEFAULT_SHARE_LIMITS, ...config.shareRateLimits };
  publicRoute(app, '/sapi/wms/inventory-share/view', { body: shareViewBody }, ({ req, ctx, body }) => viewShare(db, ctx.lang, req.ip, body, limits));
  app.get(SHARE_IMAGE_PATH, (req, reply) => serveShareImage(db, app.fileStorage, limits, req, reply));
}
