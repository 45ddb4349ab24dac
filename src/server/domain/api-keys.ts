/**
 * API keys of goods owners' systems (issue 31; manifest `apiKey`; docs/owner-api.md "Keys"):
 * - made by whoever holds `api_key:edit` within the key's goods owner (the manifest's owner scope: the operator,
 *   or the owner's own admin), and never with more than its maker holds (least privilege, 403 naming the field):
 *   every warehouse chosen must be in the maker's warehouse scope, "all warehouses" ([-1]) only for a maker with
 *   every warehouse, and every scope's permission codes (manifest `api.scopes`) must be the maker's own codes;
 * - the key is `wms_live_` + 32 random bytes (base64url, 43 characters) from the operating system's CSPRNG. The add
 *   answer carries it once as `key`; the database keeps only its SHA-256 digest (`sys_api_key_secret`) and the
 *   record its first 12 characters after the prefix kind (`prefix`, e.g. `wms_live_Ab3dE5fG` ...) to tell keys apart;
 * - revoke (`/sapi/sys/api-key/revoke {id}`, workflow ACTIVE -> REVOKED) stops the key at once; a revoked key is
 *   not edited again. Remove deletes the digest with the record.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../generated/server/routes';
import { apiScopes } from '../../../generated/server/api-routes';
import { ApiKeyStatus } from '../../../generated/shared/enums';
import { Code } from '../../shared/envelope';
import { scopeWireName } from '../../shared/resource-meta';
import type { Lang } from '../../shared/validation';
import { manifestLabel, meta, type CrudCall, type ResourceHooks } from '../crud/handlers';
import { actionOf, takeStep } from '../crud/workflow';
import type { Db } from '../db/connect';
import { sysApiKeySecret } from '../db/internal-schema';
import { ID_BODY } from '../http/body';
import type { RequestContext } from '../http/context';
import { fieldError } from '../http/errors';
import { scopeIds } from '../http/guard';
import { sapiRoute } from '../http/sapi';
import { tokenDigest } from '../http/token-digest';
import { requireState } from './documents';

type Row = Record<string, unknown>;

/** What every key begins with (a secret scanner can look for it). */
export const KEY_KIND = 'wms_live_';
/** Characters of the key after KEY_KIND kept in the record to tell keys apart. */
const PREFIX_CHARS = 8;

const texts = {
  warehouseOutside: { en: 'warehouse #{id} is outside your data scope', zh: '仓库 #{id} 超出您的数据权限范围' },
  allWarehouses: { en: 'every warehouse needs a maker with every warehouse: choose the warehouses', zh: '只有拥有全部仓库权限的用户才能选择全部仓库，请选择具体仓库' },
  scopeBeyond: { en: '{scope} needs permissions you do not hold ({codes})', zh: '{scope}需要您没有的权限（{codes}）' },
};

const label = (field: string) => ({ label: manifestLabel(field, meta(bindings.apiKey))!, field });
const refuse = (lang: Lang, field: string, t: { en: string; zh: string }, args: Record<string, string | number> = {}) =>
  fieldError(lang, label(field), t[lang], args, Code.FORBIDDEN);

/** Checks that the key's warehouses and scopes lie within the maker's own (module doc); throws 403 naming the field. */
function checkLeastPrivilege(call: CrudCall, values: Row): void {
  const { user, ctx } = call;
  if (user.isAdmin) return;
  const warehouses = values.warehouseIds as number[] | undefined;
  if (warehouses !== undefined) {
    const mine = scopeIds(user, 'warehouse');
    if (warehouses.includes(-1) && mine !== 'all') throw refuse(ctx.lang, 'warehouseIds', texts.allWarehouses);
    const outside = mine === 'all' ? undefined : warehouses.find((id) => id !== -1 && !mine.includes(id));
    if (outside !== undefined) throw refuse(ctx.lang, 'warehouseIds', texts.warehouseOutside, { id: outside });
  }
  for (const scope of (values.scopes as string[] | undefined) ?? []) {
    const missing = (apiScopes[scope] ?? []).filter((c) => !user.codes.has(c));
    if (missing.length) throw refuse(ctx.lang, 'scopes', texts.scopeBeyond, { scope: scopeWireName(scope), codes: missing.join(', ') });
  }
}

/** A fresh key: KEY_KIND + 32 random bytes in base64url. */
export const newApiKey = (): string => `${KEY_KIND}${randomBytes(32).toString('base64url')}`;

/** Keys made by an add, handed to the add's answer (decorate) of the same request. */
const issued = new WeakMap<RequestContext, { id: number; key: string }>();

/** Stores the digest of a new key for record `id` (inside the caller's transaction) and returns the key. */
async function issueKey(db: Db, id: number): Promise<string> {
  const key = newApiKey();
  await db.insert(sysApiKeySecret).values({ keyId: id, keyHash: tokenDigest(key) });
  await db.update(bindings.apiKey.table).set({ prefix: key.slice(0, KEY_KIND.length + PREFIX_CHARS) }).where(eq(bindings.apiKey.table.id, id));
  return key;
}

export const apiKeyHooks: ResourceHooks = {
  async beforeWrite(call, values, existing) {
    if (existing) requireState(bindings.apiKey, existing, [ApiKeyStatus.ACTIVE], 'edit', call.ctx.lang);
    else values.createdBy = call.user.name.slice(0, 20);
    checkLeastPrivilege(call, values);
  },
  async afterWrite(call, values, existing) {
    if (existing) return;
    const id = values.id as number;
    issued.set(call.ctx, { id, key: await issueKey(call.db, id) });
  },
  async beforeRemove(call, existing) {
    await call.db.delete(sysApiKeySecret).where(eq(sysApiKeySecret.keyId, existing.id as number));
  },
  /** The add answer carries the new key once as `key` (form.reveal in the manifest: the console shows it once). */
  async decorate(call, rows) {
    const fresh = issued.get(call.ctx);
    if (!fresh) return;
    for (const r of rows) if (r.id === fresh.id) r.key = fresh.key;
  },
};

/** `/sapi/sys/api-key/revoke {id}`: ACTIVE -> REVOKED (the key stops at once: calls check the status). */
export function registerApiKeyRoutes(app: FastifyInstance, db: Db): void {
  const b = bindings.apiKey;
  sapiRoute(app, db, `${b.meta.path}/revoke`, actionOf(b, 'revoke').code, { body: ID_BODY }, ({ ctx, user, body }) =>
    takeStep({ db, ctx, user, binding: b, body }, 'revoke', ApiKeyStatus.REVOKED));
}
