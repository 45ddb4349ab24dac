/**
 * Grants never exceed the granter (issue 26; spec 3 "User", 6; docs/grants.md; the rule itself: src/shared/grants.ts).
 * Every user and role write
 * (the generic add/edit/remove of `user` and `role`, `/sapi/sys/user/role/edit`, `/sapi/sys/user/unlockLogin`)
 * runs these checks; an administrator (role `admin`) passes them all. For anyone else:
 *
 * - a role may hold only codes the caller holds: the codes a role grants are its `permissionCodes` plus its own
 *   `code` when that is `admin` or a permission code (userContext in http/session.ts adds role codes to the
 *   codes set, so a role coded `dbms:database_query` grants that code);
 * - a role the caller does not fully hold (the admin role above all) cannot be edited, given or removed;
 * - a user may be given only roles the caller could grant, and warehouse/owner scope inside the caller's own
 *   ([-1] = all only when the caller has all);
 * - a user outside the caller's reach (an administrator, a user with a code the caller lacks, or with scope
 *   wider than the caller's) cannot be edited, locked, have its password reset, be unlocked or deleted;
 * - nobody, administrators included, changes their own status, roles or scope, nor sets their own password
 *   through the user calls: that is `/sapi/sys/user/current/edit` with the old password (spec 2.5, 6).
 *
 * Refusals are 403 whose message names the field and what exceeds the caller ("Roles: role Administrators
 * grants admin, which you do not hold"); nothing is written (the hooks run inside the write's transaction).
 */
import { inArray } from 'drizzle-orm';
import { role } from '../../../generated/db/schema';
import { bindings } from '../../../generated/server/routes';
import { Code } from '../../shared/envelope';
import { codesOfRole, firstNotHeld, idBeyondScope } from '../../shared/grants';
import type { Lang } from '../../shared/validation';
import { manifestLabel, meta, type CrudCall } from '../crud/handlers';
import type { UserContext } from '../http/context';
import { BizError, fieldError, textsOf } from '../http/errors';
import type { ScopeKind } from '../http/guard';
import type { Db } from '../db/connect';

type Row = Record<string, unknown>;

const texts = {
  codeNotHeld: { en: '{label}: "{code}" is a permission you do not hold, so you cannot grant it', zh: '{label}：您没有权限“{code}”，不能授予' },
  roleNotHeld: { en: '{label}: role {role} grants "{code}", which you do not hold', zh: '{label}：角色{role}包含您没有的权限“{code}”' },
  scopeWider: { en: '{label}: {what} is outside your own data scope', zh: '{label}：{what}超出您自己的数据权限范围' },
  allScope: { en: 'all', zh: '全部' },
  userOutOfReach: { en: 'User {name} has permissions or data scope beyond yours; only an administrator can change it', zh: '用户{name}的权限或数据范围超出您的范围，只有管理员可以修改' },
  roleOutOfReach: { en: 'Role {role} grants "{code}", which you do not hold; only an administrator can change it', zh: '角色{role}包含您没有的权限“{code}”，只有管理员可以修改' },
  ownField: { en: '{label}: you cannot change your own {what} here', zh: '{label}：不能在此修改自己的{what}' },
  ownPassword: { en: '{label}: change your own password with Change password (it asks for the old one)', zh: '{label}：请通过“修改密码”修改自己的密码（需要旧密码）' },
} as const;

const say = textsOf(texts);
const forbid = (lang: Lang, field: string, resource: 'user' | 'role', key: keyof typeof texts, args: Record<string, string> = {}) =>
  fieldError(lang, { label: manifestLabel(field, meta(bindings[resource]))!, field }, texts[key][lang], args, Code.FORBIDDEN);

/** The role rows of `ids` (unknown ids are left out: the foreign-key-like check of the write reports them). */
async function rolesOf(db: Db, ids: unknown): Promise<Array<{ id: number; code: string; name: string; permissionCodes: string[] }>> {
  const list = Array.isArray(ids) ? ids.filter((v): v is number => typeof v === 'number') : [];
  if (!list.length) return [];
  return db.select({ id: role.id, code: role.code, name: role.name, permissionCodes: role.permissionCodes }).from(role).where(inArray(role.id, list));
}

/** The first role of `roles` with a code the caller lacks, and that code. */
function roleBeyond(caller: UserContext, roles: Array<{ code: string; name: string; permissionCodes: string[] }>) {
  if (caller.isAdmin) return undefined;
  for (const r of roles) {
    const code = firstNotHeld(caller.codes, codesOfRole(r));
    if (code !== undefined) return { role: r.name, code };
  }
  return undefined;
}

const SCOPE_FIELDS: Array<[ScopeKind, 'warehouseIds' | 'ownerIds']> = [['warehouse', 'warehouseIds'], ['owner', 'ownerIds']];

/** The first id of a scope list (as stored: -1 = all) outside the caller's scope of `kind`, as words. */
function scopeBeyond(caller: UserContext, kind: ScopeKind, ids: unknown, lang: Lang): string | undefined {
  if (caller.isAdmin || !Array.isArray(ids)) return undefined;
  const bad = idBeyondScope(kind === 'owner' ? caller.ownerIds : caller.warehouseIds, ids);
  return bad === undefined ? undefined : bad === -1 ? say(lang, 'allScope') : `#${bad}`;
}

/**
 * Throws 403 unless `target` (a user row as stored) lies within the caller's reach: not an administrator,
 * no role with a code the caller lacks, and scope inside the caller's. Oneself is always within reach (what
 * one may change of oneself is {@link checkUserWrite}'s rule).
 */
export async function requireUserInReach(call: CrudCall, target: Row): Promise<void> {
  const { user: caller, ctx } = call;
  if (caller.isAdmin || target.id === caller.id) return;
  const beyond = roleBeyond(caller, await rolesOf(call.db, target.roleIds))
    ?? SCOPE_FIELDS.map(([kind, field]) => scopeBeyond(caller, kind, target[field], ctx.lang)).find((w) => w !== undefined);
  if (beyond !== undefined) throw new BizError(Code.FORBIDDEN, say(ctx.lang, 'userOutOfReach', { name: String(target.name) }));
}

/**
 * The rules of a user add or edit (`values`: the fields written; `existing`: the stored row, null on add):
 * the target within reach, the roles and scope given within the caller's, and no change of one's own
 * status, roles, scope or password. Throws 403 naming the field.
 */
export async function checkUserWrite(call: CrudCall, values: Row, existing: Row | null): Promise<void> {
  const { user: caller, ctx } = call;
  const lang = ctx.lang;
  if (existing && existing.id === caller.id) {
    if (values.password !== undefined) throw forbid(lang, 'password', 'user', 'ownPassword');
    for (const field of ['roleIds', 'warehouseIds', 'ownerIds'] as const) {
      if (values[field] !== undefined && !sameIds(values[field], existing[field])) {
        const label = manifestLabel(field, meta(bindings.user))!;
        throw forbid(lang, field, 'user', 'ownField', { what: label[lang].toLowerCase() });
      }
    }
    return;
  }
  if (existing) await requireUserInReach(call, existing);
  if (caller.isAdmin) return;
  const given = roleBeyond(caller, await rolesOf(call.db, values.roleIds));
  if (given) throw forbid(lang, 'roleIds', 'user', 'roleNotHeld', given);
  for (const [kind, field] of SCOPE_FIELDS) {
    const what = scopeBeyond(caller, kind, values[field], lang);
    if (what !== undefined) throw forbid(lang, field, 'user', 'scopeWider', { what });
  }
}

/** The same ids in any order (a role or scope list written back unchanged is no change). */
function sameIds(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return a === b;
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/**
 * The rules of a role add, edit or remove (`values` null on remove): the role as stored must hold only codes
 * the caller holds (so the admin role is out of reach), and so must the role as written. Throws 403.
 */
export function checkRoleWrite(call: CrudCall, values: Row | null, existing: Row | null): void {
  const { user: caller, ctx } = call;
  if (caller.isAdmin) return;
  if (existing) {
    const code = firstNotHeld(caller.codes, codesOfRole(existing));
    if (code !== undefined) throw new BizError(Code.FORBIDDEN, say(ctx.lang, 'roleOutOfReach', { role: String(existing.name), code }));
  }
  if (!values) return;
  const merged = { code: values.code ?? existing?.code, permissionCodes: values.permissionCodes ?? existing?.permissionCodes };
  const code = firstNotHeld(caller.codes, codesOfRole(merged));
  if (code === undefined) return;
  const field = values.code !== undefined && code === values.code ? 'code' : 'permissionCodes';
  throw forbid(ctx.lang, field, 'role', 'codeNotHeld', { code });
}
