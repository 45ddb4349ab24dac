/**
 * Users and roles beyond plain CRUD (spec 3 "User", 4, 5, 6; issue 6):
 * - a user may not change their own status, nor delete themself;
 * - the last active administrator (enabled, holding role `admin`) cannot be locked, removed or lose the role;
 *   the check locks the admin role row, so two concurrent demotions cannot both pass;
 * - a locked user's sessions end at once; a password reset by an administrator ends them too;
 * - role `admin` cannot be deleted, and no role still held by a user;
 * - `role/edit` sets a user's roles; `current/edit` changes the caller's own password (old, new, confirm);
 * - grants never exceed the granter (issue 26): grants.ts, called from every hook below.
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { role, user } from '../../../generated/db/schema';
import { bindings } from '../../../generated/server/routes';
import { Status } from '../../../generated/shared/enums';
import { Code } from '../../shared/envelope';
import { requestLabels, rules, textField, type Lang } from '../../shared/validation';
import { manifestLabel, meta, updateRecord, type CrudCall, type ResourceHooks } from '../crud/handlers';
import type { BodyRule } from '../http/body';
import type { Db } from '../db/connect';
import { sysSession } from '../db/internal-schema';
import type { RequestContext, UserContext } from '../http/context';
import { BizError, fieldText, fieldTextError, text } from '../http/errors';
import { endUserSessions, sessionTokenHash } from '../http/session';
import { checkRoleWrite, checkUserWrite, requireUserInReach } from './grants';
import { hashPassword, verifyPassword } from './passwords';

type Row = Record<string, unknown>;

/** The admin role's id, with its row locked until the transaction ends (serializes admin changes). */
async function lockAdminRole(db: Db): Promise<number | undefined> {
  const [r] = await db.select({ id: role.id }).from(role).where(eq(role.code, 'admin')).for('update');
  return r?.id;
}

const isActiveAdmin = (status: unknown, roleIds: unknown, adminId: number) => status === Status.ENABLE && Array.isArray(roleIds) && roleIds.includes(adminId);

async function requireAnotherAdmin(call: CrudCall, userId: number, adminId: number) {
  const [{ n }] = await call.db.select({ n: count() }).from(user)
    .where(and(ne(user.id, userId), eq(user.status, Status.ENABLE), sql`${user.roleIds} @> array[${adminId}]::integer[]`));
  if (Number(n) === 0) throw new BizError(Code.CONFLICT, text(call.ctx.lang, 'lastAdmin'));
}

export const userHooks: ResourceHooks = {
  async beforeWrite(call, values, existing) {
    await checkUserWrite(call, values, existing);
    if (!existing) return;
    if (existing.id === call.user.id && values.status !== undefined && values.status !== existing.status) throw fieldTextError(call.ctx.lang, { label: manifestLabel('status', meta(bindings.user)), field: 'status' }, 'ownStatus');
    const adminId = await lockAdminRole(call.db);
    if (adminId === undefined || !isActiveAdmin(existing.status, existing.roleIds, adminId)) return;
    if (!isActiveAdmin(values.status ?? existing.status, values.roleIds ?? existing.roleIds, adminId)) await requireAnotherAdmin(call, existing.id as number, adminId);
  },
  async afterWrite(call, values, existing) {
    if (existing && (values.status === Status.LOCK || values.password !== undefined) && existing.id !== call.user.id) await endUserSessions(call.db, existing.id as number);
  },
  async beforeRemove(call, existing) {
    if (existing.id === call.user.id) throw new BizError(Code.CONFLICT, text(call.ctx.lang, 'selfRemove'));
    await requireUserInReach(call, existing);
    const adminId = await lockAdminRole(call.db);
    if (adminId !== undefined && isActiveAdmin(existing.status, existing.roleIds, adminId)) await requireAnotherAdmin(call, existing.id as number, adminId);
    await endUserSessions(call.db, existing.id as number);
  },
};

export const roleHooks: ResourceHooks = {
  async beforeWrite(call, values, existing) {
    checkRoleWrite(call, values, existing);
  },
  async beforeRemove(call, existing) {
    checkRoleWrite(call, null, existing);
    if (existing.code === 'admin') throw new BizError(Code.CONFLICT, text(call.ctx.lang, 'adminRole'));
    const [{ n }] = await call.db.select({ n: count() }).from(user).where(sql`${user.roleIds} @> array[${existing.id as number}]::integer[]`);
    if (Number(n) > 0) throw new BizError(Code.CONFLICT, text(call.ctx.lang, 'inUse', { what: bindings.user.meta[call.ctx.lang] }));
  },
};

/** The body of role/edit: the user (`id`) and their role ids. */
export const userRolesBody: BodyRule<{ id: number; roleIds: number[] }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({ id: r.ref(requestLabels.user, { required: true }), roleIds: r.refs(manifestLabel('roleIds', meta(bindings.user))!, { required: true }) });
  },
};

/** POST /sapi/sys/user/role/edit {id, roleIds} (userRolesBody): sets a user's roles (code `user`), with the admin rules. */
export async function editUserRoles(db: Db, ctx: RequestContext, caller: UserContext, form: { id: number; roleIds: number[] }): Promise<Row> {
  return updateRecord({ db, ctx, user: caller, binding: bindings.user, body: form }, form.id, { roleIds: form.roleIds });
}

/** The body of current/edit: old, new and confirmed password. */
export const changePasswordBody: BodyRule<{ oldPassword: string; password: string }> = {
  schema: (lang: Lang) => {
    const r = rules(lang, 'add');
    const R = requestLabels;
    return yup.object({
      oldPassword: textField('wire', r.text('required', R.oldPassword), false).required(r.text('required', R.oldPassword)),
      password: r.password(R.newPassword, { required: true, minLength: 6, maxLength: 20 }),
      confirmPassword: textField('wire', r.text('required', R.confirmPassword), false).required(r.text('required', R.confirmPassword))
        .oneOf([yup.ref('password')], fieldText(lang, { label: R.confirmPassword }, 'passwordsDiffer')),
    });
  },
};

/**
 * POST /sapi/sys/user/current/edit {oldPassword, password, confirmPassword} (changePasswordBody; spec 2.4, 5):
 * the caller's own password. The old one must match; the caller's other sessions end, this one stays.
 */
export async function changeOwnPassword(db: Db, ctx: RequestContext, caller: UserContext, form: { oldPassword: string; password: string }): Promise<null> {
  const [u] = await db.select({ password: user.password }).from(user).where(eq(user.id, caller.id));
  if (!u || !(await verifyPassword(form.oldPassword, u.password))) throw fieldTextError(ctx.lang, { label: requestLabels.oldPassword, field: 'oldPassword' }, 'oldPasswordWrong');
  const hash = await hashPassword(form.password);
  await db.transaction(async (tx) => {
    await tx.update(user).set({ password: hash, updateDate: new Date() }).where(eq(user.id, caller.id));
    await tx.delete(sysSession).where(and(eq(sysSession.userId, caller.id), ne(sysSession.token, sessionTokenHash(caller.token))));
  });
  return null;
}
