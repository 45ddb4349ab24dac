/**
 * The permission matrix (spec 6), generated from the route table so it grows with the manifest: for every
 * route, no token gives 600, a user without the code gives 403, admin is let through. Then data scope:
 * a user scoped to one warehouse and one owner never sees, reads or changes another, even by guessing ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sapiRoutesOf } from '../../src/server/http/sapi';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';

describe.each(testDatabases())('permissions and scope on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let nobody: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    nobody = (await userWith(t, admin, { codes: [] })).token;
  });
  afterAll(async () => { await t?.close(); });

  it('checks every logged-in route, generated or hand-written', async () => {
    const routes = sapiRoutesOf(t.app);
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map((r) => r.path)).toContain('/sapi/sys/user/role/edit');
    for (const route of routes) {
      if (route.public) continue; // captcha and login: open without a session
      if (route.path.endsWith('/logout')) continue; // would end the session the loop goes on with
      const body = /\/(page|list)$/.test(route.path) ? {} : { id: 999999 }; // an id nobody has: admin gets 404, nothing is changed
      expect((await t.call(route.path, body)).code, `${route.path} without token`).toBe(600);
      const asNobody = (await t.call(route.path, body, nobody)).code;
      if (route.permission === 'any') expect(asNobody, route.path).not.toBe(403);
      else expect(asNobody, `${route.path} without ${route.permission}`).toBe(403);
      const asAdmin = (await t.call(route.path, body, admin)).code;
      expect([600, 403], `${route.path} as admin`).not.toContain(asAdmin);
    }
  });

  it('lets a code through and nothing more', async () => {
    const { token } = await userWith(t, admin, { codes: ['warehouse', 'warehouse:list'] });
    expect((await t.call('/sapi/wms/warehouse/page', {}, token)).code).toBe(200);
    expect((await t.call('/sapi/wms/warehouse/add', { code: 'NOPE', name: 'Nope', type: 1 }, token)).code).toBe(403);
    expect((await t.call('/sapi/wms/owner/add', { code: 'NOPE', name: 'Nope', companyId: 1 }, token)).code).toBe(403);
    expect((await t.call('/sapi/sys/user/page', {}, token)).code).toBe(403);
    const me = await t.call('/sapi/sys/user/current/detail', {}, token);
    expect(me.data.roles).toEqual(expect.arrayContaining(['warehouse', 'warehouse:list']));
  });

  it('cuts warehouses and owners to the user scope, ids guessed or not', async () => {
    const warehouses = (await t.call('/sapi/wms/warehouse/list', {}, admin)).data;
    const owners = (await t.call('/sapi/wms/owner/list', {}, admin)).data;
    const [w1, w2] = warehouses;
    const [o1, o2] = owners;
    const { token } = await userWith(t, admin, {
      codes: ['warehouse:list', 'warehouse:edit', 'warehouse:lock', 'warehouse:remove', 'warehouse:add', 'owner:list', 'owner:edit', 'owner:remove'],
      warehouseIds: [w1.id], ownerIds: [o1.id],
    });
    const page = await t.call('/sapi/wms/warehouse/page', {}, token);
    expect(page.data.total).toBe(1);
    expect(page.data.records.map((r: any) => r.id)).toEqual([w1.id]);
    expect((await t.call('/sapi/wms/warehouse/list', { ids: [w1.id, w2.id] }, token)).data.map((r: any) => r.id)).toEqual([w1.id]);
    expect((await t.call('/sapi/wms/warehouse/detail', { id: w2.id }, token)).code).toBe(404);
    expect((await t.call('/sapi/wms/warehouse/edit', { id: w2.id, name: 'Hijacked' }, token)).code).toBe(404);
    expect((await t.call('/sapi/wms/warehouse/lock', { id: w2.id }, token)).code).toBe(404);
    expect((await t.call('/sapi/wms/warehouse/remove', { id: w2.id }, token)).code).toBe(404);
    expect((await t.call('/sapi/wms/warehouse/add', { code: 'SCOPED', name: 'Scoped', type: 1 }, token)).code).toBe(403);
    expect((await t.call('/sapi/wms/owner/page', {}, token)).data.records.map((r: any) => r.id)).toEqual([o1.id]);
    expect((await t.call('/sapi/wms/owner/detail', { id: o2.id }, token)).code).toBe(404);
    expect((await t.call('/sapi/wms/owner/remove', { id: o2.id }, token)).code).toBe(404);
    expect((await t.call('/sapi/wms/warehouse/detail', { id: w2.id }, admin)).data.name).toBe(w2.name);
    expect((await t.call('/sapi/wms/owner/detail', { id: o2.id }, admin)).code).toBe(200);
  });

  it('shows each scoped user exactly its own records, and all to an all-scoped user', async () => {
    const warehouses = (await t.call('/sapi/wms/warehouse/list', {}, admin)).data.map((r: any) => r.id).sort();
    const owners = (await t.call('/sapi/wms/owner/list', {}, admin)).data.map((r: any) => r.id).sort();
    expect(warehouses.length).toBeGreaterThanOrEqual(2);
    expect(owners.length).toBeGreaterThanOrEqual(2);
    const scopes: Array<[number[], number[]]> = [[[warehouses[0]], [owners[0]]], [[warehouses[1]], [owners[1]]], [[-1], [-1]]];
    for (const [warehouseIds, ownerIds] of scopes) {
      const { token } = await userWith(t, admin, { codes: ['warehouse:list', 'owner:list'], warehouseIds, ownerIds });
      const seenW = (await t.call('/sapi/wms/warehouse/page', { size: 100 }, token)).data;
      const seenO = (await t.call('/sapi/wms/owner/page', { size: 100 }, token)).data;
      expect(seenW.records.map((r: any) => r.id).sort()).toEqual(warehouseIds[0] === -1 ? warehouses : warehouseIds);
      expect(seenW.total).toBe(warehouseIds[0] === -1 ? warehouses.length : 1);
      expect(seenO.records.map((r: any) => r.id).sort()).toEqual(ownerIds[0] === -1 ? owners : ownerIds);
      for (const id of warehouses) {
        const inScope = warehouseIds[0] === -1 || warehouseIds.includes(id);
        expect((await t.call('/sapi/wms/warehouse/detail', { id }, token)).code).toBe(inScope ? 200 : 404);
      }
    }
  });

  it('lets every user read its own warehouses and owners for the selects, and no others (spec 2.10, 6; issue 27)', async () => {
    const warehouses = (await t.call('/sapi/wms/warehouse/list', {}, admin)).data.map((r: any) => r.id).sort();
    const owners = (await t.call('/sapi/wms/owner/list', {}, admin)).data.map((r: any) => r.id).sort();
    const { token } = await userWith(t, admin, { codes: [], warehouseIds: [warehouses[0]], ownerIds: [owners[1]] });
    expect((await t.call('/sapi/wms/warehouse/page', { status: 1 }, token)).data.records.map((r: any) => r.id)).toEqual([warehouses[0]]);
    expect((await t.call('/sapi/wms/owner/page', { status: 1 }, token)).data.records.map((r: any) => r.id)).toEqual([owners[1]]);
    expect((await t.call('/sapi/wms/owner/list', { ids: owners }, token)).data.map((r: any) => r.id)).toEqual([owners[1]]);
    expect((await t.call('/sapi/wms/warehouse/lock', { id: warehouses[0] }, token)).code).toBe(403);
    // the list screens stay behind their codes
    const me = await t.call('/sapi/sys/user/current/detail', {}, token);
    expect(me.data.roles).not.toContain('owner:list');
  });

  it('gives a user with an empty scope nothing', async () => {
    const { token } = await userWith(t, admin, { codes: ['warehouse:list'], warehouseIds: [], ownerIds: [] });
    expect((await t.call('/sapi/wms/warehouse/page', {}, token)).data).toMatchObject({ total: 0, records: [] });
  });
});
