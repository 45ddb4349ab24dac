/** Users and roles beyond CRUD (issue 6): self rules, the last administrator, role deletion, passwords. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';

describe.each(testDatabases())('users and roles on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let adminRoleId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    adminId = (await t.call('/sapi/sys/user/current/detail', {}, admin)).data.id;
    adminRoleId = (await t.call('/sapi/sys/role/list', { code: 'admin' }, admin)).data[0].id;
  });
  afterAll(async () => { await t?.close(); });

  it('refuses to change one\'s own status or delete oneself', async () => {
    expect(await t.call('/sapi/sys/user/edit', { id: adminId, status: -1 }, admin)).toMatchObject({ code: 400, msg: 'Status: you cannot change your own status' });
    expect((await t.call('/sapi/sys/user/edit', { id: adminId, status: 1, introduction: 'me' }, admin)).code).toBe(200); // unchanged status is fine
    expect((await t.call('/sapi/sys/user/remove', { id: adminId }, admin)).code).toBe(409);
  });

  it('keeps at least one active administrator', async () => {
    // a user manager without the admin role cannot touch the admin at all (issue 26: grants.ts)
    const manager = await userWith(t, admin, { codes: ['user'] });
    expect((await t.call('/sapi/sys/user/edit', { id: adminId, status: -1 }, manager.token)).code).toBe(403);
    // one that passes every check through the `admin` code of another role still cannot lock, demote or delete
    // the last holder of the admin role
    const other = await userWith(t, admin, { codes: ['admin'] });
    expect((await t.call('/sapi/sys/user/edit', { id: adminId, status: -1 }, other.token)).code).toBe(409);
    expect((await t.call('/sapi/sys/user/role/edit', { id: adminId, roleIds: [] }, other.token)).code).toBe(409);
    expect((await t.call('/sapi/sys/user/remove', { id: adminId }, other.token)).code).toBe(409);
    expect((await t.call('/sapi/sys/user/current/detail', {}, admin)).data.roles).toContain('admin');
    // with a second admin, the first may be demoted
    const second = await t.call('/sapi/sys/user/add', { name: 'admin2', password: 'secret-2', roleIds: [adminRoleId] }, admin);
    expect(second.code).toBe(200);
    expect((await t.call('/sapi/sys/user/role/edit', { id: second.data.id, roleIds: [] }, other.token)).data.roleIds).toEqual([]);
    expect((await t.call('/sapi/sys/user/role/edit', { id: second.data.id, roleIds: [adminRoleId] }, other.token)).data.roleIds).toEqual([adminRoleId]);
  });

  it('lets only one of two admins lock the other at the same time', async () => {
    const a = await t.call('/sapi/sys/user/add', { name: 'duelA', password: 'secret-3', roleIds: [adminRoleId] }, admin);
    const b = await t.call('/sapi/sys/user/add', { name: 'duelB', password: 'secret-3', roleIds: [adminRoleId] }, admin);
    // lock every other admin so duelA and duelB are the last two
    const others = (await t.call('/sapi/sys/user/list', {}, admin)).data.filter((u: any) => u.roleIds.includes(adminRoleId) && ![a.data.id, b.data.id, adminId].includes(u.id));
    for (const u of others) expect((await t.call('/sapi/sys/user/edit', { id: u.id, status: -1 }, admin)).code).toBe(200);
    const tokenA = await t.login('duelA', 'secret-3');
    const tokenB = await t.login('duelB', 'secret-3');
    expect((await t.call('/sapi/sys/user/role/edit', { id: adminId, roleIds: [] }, tokenA)).code).toBe(200); // the seed admin steps down
    const [x, y] = await Promise.all([
      t.call('/sapi/sys/user/edit', { id: b.data.id, status: -1 }, tokenA),
      t.call('/sapi/sys/user/edit', { id: a.data.id, status: -1 }, tokenB),
    ]);
    // one wins; the other is refused: 409 when both ran together, or 600 when its session had already ended
    expect([x.code, y.code].filter((c) => c === 200)).toHaveLength(1);
    expect([409, 600]).toContain(x.code === 200 ? y.code : x.code);
    const active = (await t.call('/sapi/sys/user/list', {}, x.code === 200 ? tokenA : tokenB)).data.filter((u: any) => u.status === 1 && u.roleIds.includes(adminRoleId));
    expect(active).toHaveLength(1);
    // give the seed admin its role back for the other tests
    expect((await t.call('/sapi/sys/user/role/edit', { id: adminId, roleIds: [adminRoleId] }, x.code === 200 ? tokenA : tokenB)).code).toBe(200);
  });

  it('refuses to delete the admin role or a role still held', async () => {
    expect(await t.call('/sapi/sys/role/remove', { id: adminRoleId }, admin)).toMatchObject({ code: 409, msg: 'The admin role cannot be deleted' });
    const held = await userWith(t, admin, { codes: ['warehouse:list'] });
    const roleId = (await t.call('/sapi/sys/user/detail', { id: held.userId }, admin)).data.roleIds[0];
    expect(await t.call('/sapi/sys/role/remove', { id: roleId }, admin)).toMatchObject({ code: 409, msg: 'It is still used by Users' });
    const free = await t.call('/sapi/sys/role/add', { code: 'free_role', name: 'Free' }, admin);
    expect((await t.call('/sapi/sys/role/remove', { id: free.data.id }, admin)).code).toBe(200);
  });

  it('changes one\'s own password with the rules of spec 5 and ends one\'s other sessions', async () => {
    const { token } = await userWith(t, admin, { codes: [], name: 'changer' });
    const other = await t.login('changer', 'secret-1');
    const edit = (b: object) => t.call('/sapi/sys/user/current/edit', b, token);
    expect((await edit({ password: 'newpass1', confirmPassword: 'newpass1' })).msg).toBe('Old password cannot be empty');
    expect((await edit({ oldPassword: 'secret-1', password: 'short', confirmPassword: 'short' })).msg).toBe('New password length must be between 6 and 20 characters');
    expect((await edit({ oldPassword: 'secret-1', password: 'newpass1', confirmPassword: 'newpass2' })).msg).toBe('Confirm password: the two passwords do not match');
    expect((await edit({ oldPassword: 'wrong-old', password: 'newpass1', confirmPassword: 'newpass1' })).msg).toBe('Old password is wrong');
    expect((await edit({ oldPassword: 'secret-1', password: 'newpass1', confirmPassword: 'newpass1' })).code).toBe(200);
    expect((await t.call('/sapi/sys/user/current/detail', {}, token)).code).toBe(200);
    expect((await t.call('/sapi/sys/user/current/detail', {}, other)).code).toBe(600);
    await expect(t.login('changer', 'secret-1')).rejects.toThrow(/Wrong user name or password/);
    await expect(t.login('changer', 'newpass1')).resolves.toBeTypeOf('string');
  });

  it('ends a user\'s sessions when an administrator resets the password', async () => {
    const u = await userWith(t, admin, { codes: [] });
    expect((await t.call('/sapi/sys/user/edit', { id: u.userId, password: 'reset-pass' }, admin)).code).toBe(200);
    expect((await t.call('/sapi/sys/user/current/detail', {}, u.token)).code).toBe(600);
  });
});
