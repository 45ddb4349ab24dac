/**
 * Grants never exceed the granter (issue 26 item 1; src/server/domain/grants.ts): a user limited to owner A and
 * warehouse 1 that holds the user and role codes (but not the admin role) tries the five escalations of the
 * issue and their neighbours; each is refused with 403 and nothing changes. What lies within its reach works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';

describe.each(testDatabases())('grants on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let adminRoleId: number;
  let w1: number;
  let w2: number;
  let ownerA: number;
  let ownerB: number;
  let clerk: { token: string; userId: number };
  let clerkRoleId: number;
  const CLERK_CODES = ['user', 'role', 'sku', 'sku:list'];

  const snapshot = async () => ({
    users: (await t.call('/sapi/sys/user/list', {}, admin)).data,
    roles: (await t.call('/sapi/sys/role/list', {}, admin)).data,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    adminId = (await t.call('/sapi/sys/user/current/detail', {}, admin)).data.id;
    adminRoleId = (await t.call('/sapi/sys/role/list', { code: 'admin' }, admin)).data[0].id;
    const ws = (await t.call('/sapi/wms/warehouse/list', {}, admin)).data.sort((a: any, b: any) => a.id - b.id);
    const os = (await t.call('/sapi/wms/owner/list', {}, admin)).data.sort((a: any, b: any) => a.id - b.id);
    [w1, w2] = [ws[0].id, ws[1].id];
    [ownerA, ownerB] = [os[0].id, os[1].id];
    clerk = await userWith(t, admin, { codes: CLERK_CODES, warehouseIds: [w1], ownerIds: [ownerA], name: 'scoped1' });
    clerkRoleId = (await t.call('/sapi/sys/user/detail', { id: clerk.userId }, admin)).data.roleIds[0];
  });
  afterAll(async () => { await t?.close(); });

  it('refuses the five escalations of the issue, changing nothing', async () => {
    const before = await snapshot();
    // 1. widen its own scope to all
    const own = await t.call('/sapi/sys/user/edit', { id: clerk.userId, warehouseIds: [-1], ownerIds: [-1] }, clerk.token);
    expect(own).toMatchObject({ code: 403, msg: expect.stringContaining('Warehouses') });
    // 2. give itself the admin role (generic edit and the role/edit call)
    expect((await t.call('/sapi/sys/user/edit', { id: clerk.userId, roleIds: [clerkRoleId, adminRoleId] }, clerk.token)).code).toBe(403);
    expect((await t.call('/sapi/sys/user/role/edit', { id: clerk.userId, roleIds: [clerkRoleId, adminRoleId] }, clerk.token)).code).toBe(403);
    // 3. add `admin` (or any code it lacks) to its own role
    const roleEdit = await t.call('/sapi/sys/role/edit', { id: clerkRoleId, permissionCodes: [...CLERK_CODES, 'admin'] }, clerk.token);
    expect(roleEdit).toMatchObject({ code: 403, msg: 'Permissions: "admin" is a permission you do not hold, so you cannot grant it' });
    expect((await t.call('/sapi/sys/role/edit', { id: clerkRoleId, permissionCodes: [...CLERK_CODES, 'dbms:database_query'] }, clerk.token)).code).toBe(403);
    // 4. create an admin user
    const made = await t.call('/sapi/sys/user/add', { name: 'evil1', password: 'secret-9', roleIds: [adminRoleId], warehouseIds: [w1], ownerIds: [ownerA] }, clerk.token);
    expect(made).toMatchObject({ code: 403, msg: 'Roles: role Administrator grants "admin", which you do not hold' });
    // 5. change the admin's password (and lock, edit, delete, unlock it)
    expect((await t.call('/sapi/sys/user/edit', { id: adminId, password: 'taken-over' }, clerk.token))).toMatchObject({ code: 403, msg: expect.stringContaining('User admin has permissions or data scope beyond yours') });
    expect((await t.call('/sapi/sys/user/edit', { id: adminId, status: -1 }, clerk.token)).code).toBe(403);
    expect((await t.call('/sapi/sys/user/remove', { id: adminId }, clerk.token)).code).toBe(403);
    expect((await t.call('/sapi/sys/user/unlockLogin', { id: adminId }, clerk.token)).code).toBe(403);
    // the same in Chinese names the field too
    expect((await t.call('/sapi/sys/user/edit', { id: clerk.userId, ownerIds: [-1] }, clerk.token, { 'x-lang': 'zh' })).msg).toContain('货主');
    expect(await snapshot()).toEqual(before);
    await t.login('admin', 'admin-pass-1'); // the admin's password is unchanged
  });

  it('grants only roles, codes and scope the granter holds', async () => {
    const before = await snapshot();
    // a role with a code it lacks, or coded like a permission it lacks
    expect((await t.call('/sapi/sys/role/add', { code: 'r_evil', name: 'Evil', permissionCodes: ['sku', 'dbms'] }, clerk.token)).code).toBe(403);
    expect((await t.call('/sapi/sys/role/add', { code: 'dbms:database_query', name: 'Sneaky', permissionCodes: [] }, clerk.token))).toMatchObject({ code: 403, msg: expect.stringContaining('Role code') });
    expect((await t.call('/sapi/sys/role/add', { code: 'admin2', name: 'Admin', permissionCodes: ['admin'] }, clerk.token)).code).toBe(403);
    // the admin role and a role beyond it cannot be edited or deleted
    const wide = await t.call('/sapi/sys/role/add', { code: 'r_wide', name: 'Wide', permissionCodes: ['sku', 'warehouse:list'] }, admin);
    expect((await t.call('/sapi/sys/role/edit', { id: adminRoleId, name: 'Mine now' }, clerk.token)).code).toBe(403);
    expect(await t.call('/sapi/sys/role/edit', { id: wide.data.id, permissionCodes: ['sku'] }, clerk.token)).toMatchObject({ code: 403, msg: expect.stringContaining('Role Wide grants "warehouse:list"') });
    expect((await t.call('/sapi/sys/role/remove', { id: wide.data.id }, clerk.token)).code).toBe(403);
    // a user with scope beyond its own, or a role beyond it
    expect((await t.call('/sapi/sys/user/add', { name: 'evil2', password: 'secret-9', roleIds: [], warehouseIds: [-1], ownerIds: [ownerA] }, clerk.token)).code).toBe(403);
    expect((await t.call('/sapi/sys/user/add', { name: 'evil3', password: 'secret-9', roleIds: [], warehouseIds: [w1, w2], ownerIds: [ownerA] }, clerk.token))).toMatchObject({ code: 403, msg: expect.stringContaining(`#${w2}`) });
    expect((await t.call('/sapi/sys/user/add', { name: 'evil4', password: 'secret-9', roleIds: [], warehouseIds: [w1], ownerIds: [ownerB] }, clerk.token)).code).toBe(403);
    expect((await t.call('/sapi/sys/user/add', { name: 'evil5', password: 'secret-9', roleIds: [wide.data.id], warehouseIds: [w1], ownerIds: [ownerA] }, clerk.token)).code).toBe(403);
    const after = await snapshot();
    expect(after.users).toEqual(before.users);
    expect(after.roles.filter((r: any) => r.code !== 'r_wide')).toEqual(before.roles);
  });

  it('keeps users beyond the granter out of its reach', async () => {
    const wider = await t.call('/sapi/sys/user/add', { name: 'wider1', password: 'secret-9', roleIds: [], warehouseIds: [w1, w2], ownerIds: [ownerA] }, admin);
    const stronger = await userWith(t, admin, { codes: ['sku', 'warehouse:list'], warehouseIds: [w1], ownerIds: [ownerA], name: 'strong1' });
    for (const id of [wider.data.id, stronger.userId]) {
      expect((await t.call('/sapi/sys/user/edit', { id, password: 'taken-over' }, clerk.token)).code).toBe(403);
      expect((await t.call('/sapi/sys/user/edit', { id, introduction: 'x' }, clerk.token)).code).toBe(403);
      expect((await t.call('/sapi/sys/user/role/edit', { id, roleIds: [] }, clerk.token)).code).toBe(403);
      expect((await t.call('/sapi/sys/user/remove', { id }, clerk.token)).code).toBe(403);
    }
    expect((await t.call('/sapi/sys/user/detail', { id: wider.data.id }, admin)).data.introduction).not.toBe('x');
  });

  it('cannot change its own roles, scope or password through the user calls, only through current/edit', async () => {
    expect((await t.call('/sapi/sys/user/edit', { id: clerk.userId, password: 'newpass-1' }, clerk.token))).toMatchObject({ code: 403, msg: expect.stringContaining('Change password') });
    expect((await t.call('/sapi/sys/user/role/edit', { id: clerk.userId, roleIds: [] }, clerk.token)).code).toBe(403);
    expect((await t.call('/sapi/sys/user/edit', { id: adminId, warehouseIds: [w1] }, admin)).code).toBe(403); // administrators too
    // unchanged values and the harmless fields pass
    expect((await t.call('/sapi/sys/user/edit', { id: clerk.userId, introduction: 'hello', roleIds: [clerkRoleId], warehouseIds: [w1], ownerIds: [ownerA] }, clerk.token)).code).toBe(200);
    expect((await t.call('/sapi/sys/user/current/edit', { oldPassword: 'secret-1', password: 'secret-2', confirmPassword: 'secret-2' }, clerk.token)).code).toBe(200);
    await t.login('scoped1', 'secret-2');
  });

  it('lets the granter manage what lies within its reach', async () => {
    const role = await t.call('/sapi/sys/role/add', { code: 'r_packer', name: 'Packer', permissionCodes: ['sku:list'] }, clerk.token);
    expect(role.code).toBe(200);
    expect((await t.call('/sapi/sys/role/edit', { id: role.data.id, permissionCodes: ['sku', 'sku:list'] }, clerk.token)).code).toBe(200);
    const u = await t.call('/sapi/sys/user/add', { name: 'packer1', password: 'secret-9', roleIds: [role.data.id], warehouseIds: [w1], ownerIds: [ownerA] }, clerk.token);
    expect(u.code).toBe(200);
    expect((await t.call('/sapi/sys/user/edit', { id: u.data.id, status: -1, password: 'secret-8' }, clerk.token)).code).toBe(200);
    expect((await t.call('/sapi/sys/user/role/edit', { id: u.data.id, roleIds: [] }, clerk.token)).code).toBe(200);
    expect((await t.call('/sapi/sys/user/unlockLogin', { id: u.data.id }, clerk.token)).code).toBe(200);
    expect((await t.call('/sapi/sys/user/remove', { id: u.data.id }, clerk.token)).code).toBe(200);
    expect((await t.call('/sapi/sys/role/remove', { id: role.data.id }, clerk.token)).code).toBe(200);
  });
});
