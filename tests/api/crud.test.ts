import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, type TestApp } from './harness';

describe.each(testDatabases())('generic resource calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const call = (path: string, body?: unknown, headers?: Record<string, string>) => t.call(path, body, admin, headers);
  beforeAll(async () => { t = await startTestApp(kind); admin = await t.login(); });
  afterAll(async () => { await t?.close(); });

  it('adds, reads, edits, locks, unlocks and removes a warehouse', async () => {
    const added = await call('/sapi/wms/warehouse/add', { code: 'JED01', name: '  Jeddah DC  ', type: 1, countryCode: 'SA', city: 'Jeddah', isDefault: false });
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({ code: 'JED01', name: 'Jeddah DC', status: 1, type: 1 });
    const id = added.data.id;
    expect((await call('/sapi/wms/warehouse/detail', { id })).data.name).toBe('Jeddah DC');
    const edited = await call('/sapi/wms/warehouse/edit', { id, name: 'Jeddah DC 2', code: 'CHANGED' });
    expect(edited.data).toMatchObject({ name: 'Jeddah DC 2', code: 'JED01' }); // code is read-only on edit
    expect((await call('/sapi/wms/warehouse/lock', { id })).data.status).toBe(-1);
    expect((await call('/sapi/wms/warehouse/unlock', { id })).data.status).toBe(1);
    expect((await call('/sapi/wms/warehouse/remove', { id })).code).toBe(200);
    expect((await call('/sapi/wms/warehouse/detail', { id })).code).toBe(404);
  });

  it('pages with filters, whitelisted sorting and totals', async () => {
    for (let i = 1; i <= 12; i++) {
      const r = await call('/sapi/wms/company/add', { name: `Paging Co ${String(i).padStart(2, '0')}`, allowInboundCount: i, allowOutboundCount: 100 - i });
      expect(r.code).toBe(200);
    }
    const p1 = await call('/sapi/wms/company/page', { current: 1, size: 5, name: ' paging co ', sortProp: 'allowInboundCount', sortOrder: 'desc' });
    expect(p1.data.total).toBe(12);
    expect(p1.data.current).toBe(1);
    expect(p1.data.records.map((r: any) => r.allowInboundCount)).toEqual([12, 11, 10, 9, 8]);
    const p3 = await call('/sapi/wms/company/page', { current: 3, size: 5, name: 'Paging', sortProp: 'allowInboundCount', sortOrder: 'asc' });
    expect(p3.data.records.map((r: any) => r.allowInboundCount)).toEqual([11, 12]);
    const defaults = await call('/sapi/wms/company/page', { name: 'Paging' });
    expect(defaults.data.records).toHaveLength(10); // default size 10 (spec 3)
    const bad = await call('/sapi/wms/company/page', { sortProp: 'remark' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/^Sort field must be one of: /);
    const like = await call('/sapi/wms/company/page', { name: '%' });
    expect(like.data.total).toBe(0); // % is a literal, not a wildcard
  });

  it('filters by the created date in the caller time zone', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const r = await call('/sapi/wms/company/page', { name: 'Paging', addDateStart: today, addDateEnd: today }, { 'x-time-zone': '' });
    expect(r.data.total).toBe(12);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await call('/sapi/wms/company/page', { name: 'Paging', addDateStart: tomorrow }, { 'x-time-zone': '' })).data.total).toBe(0);
    // 14 hours east, "tomorrow" may already have begun; 12 hours west, today's local day started 12 h later
    const west = await call('/sapi/wms/company/page', { name: 'Paging', addDateEnd: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10) }, { 'x-time-zone': '-12' });
    expect(west.data.total).toBe(0);
  });

  it('rejects bad input with the field and the rule, and writes nothing', async () => {
    const before = (await call('/sapi/wms/warehouse/page', {})).data.total;
    const cases: Array<[unknown, RegExp]> = [
      [{ code: 'X1', type: 1 }, /^Warehouse name cannot be empty$/],
      [{ code: 'X1', name: 'x'.repeat(51), type: 1 }, /^Warehouse name can be at most 50 characters$/],
      [{ code: 'X1', name: 'Ok', type: 7 }, /^Type must be one of: 1, 2, 3$/],
      [{ code: 'X1', name: 'Ok', type: 'abc' }, /^Type /],
      [{ code: 'X1', name: 'Ok', type: 1, isDefault: 'maybe' }, /^Default warehouse must be true or false$/],
    ];
    for (const [body, msg] of cases) {
      const r = await call('/sapi/wms/warehouse/add', body);
      expect(r.code, JSON.stringify(body)).toBe(400);
      expect(r.msg).toMatch(msg);
    }
    expect((await call('/sapi/wms/warehouse/page', {})).data.total).toBe(before);
    const zh = await call('/sapi/wms/warehouse/add', { code: 'X1', type: 1 }, { 'x-lang': 'zh' });
    expect(zh.msg).toBe('仓库名称不能为空');
  });

  it('clears optional fields, keeps defaulted ones and refuses to empty required ones on edit', async () => {
    const c = await call('/sapi/wms/company/add', { name: 'Clearing Co', remark: 'to clear', allowInboundCount: 5 });
    const id = c.data.id;
    expect((await call('/sapi/wms/company/edit', { id, remark: '' })).data.remark).toBeNull();
    expect((await call('/sapi/wms/company/edit', { id, allowInboundCount: null })).data.allowInboundCount).toBe(5);
    expect((await call('/sapi/wms/company/edit', { id, name: null })).msg).toBe('Company name cannot be empty');
    expect((await call('/sapi/wms/company/add', { name: 'Default Co', allowInboundCount: '' })).data.allowInboundCount).toBe(0);
  });

  it('answers duplicates with 409 naming the field', async () => {
    const r = await call('/sapi/wms/warehouse/add', { code: 'RUH01', name: 'Another', type: 1 });
    expect(r.code).toBe(409);
    expect(r.msg).toContain('code');
  });

  it('names an unknown reference and refuses to remove a record still in use', async () => {
    const bad = await call('/sapi/wms/owner/add', { code: 'O-X', name: 'Nobody', companyId: 99999 });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('Company 99999 does not exist');
    const owners = await call('/sapi/wms/owner/page', {});
    const companyId = owners.data.records[0].companyId;
    expect(owners.data.records[0].companyName).toBe('Demo Trading Co.');
    const r = await call('/sapi/wms/company/remove', { id: companyId });
    expect(r).toMatchObject({ code: 409, msg: 'It is still used by Goods owners' });
    expect((await call('/sapi/wms/company/detail', { id: companyId })).code).toBe(200);
  });

  it('serves reference data filtered by country and province', async () => {
    const countries = await call('/sapi/bas/country/list', { countryCode: 'SA' });
    expect(countries.data).toHaveLength(1);
    expect(countries.data[0].enName).toBe('Saudi Arabia');
    const provinces = await call('/sapi/bas/province/list', { countryCode: 'AE' });
    expect(provinces.data.map((p: any) => p.enName)).toContain('Dubai');
    expect(provinces.data.every((p: any) => p.countryCode === 'AE')).toBe(true);
    const cities = await call('/sapi/bas/city/page', { countryCode: 'AE', provinceName: 'Dubai', size: 100 });
    expect(cities.data.total).toBeGreaterThan(0);
    expect(cities.data.records.every((c: any) => c.provinceName === 'Dubai')).toBe(true);
  });

  it('never returns password hashes and keeps the old password on an empty edit', async () => {
    const u = await call('/sapi/sys/user/add', { name: 'keeper', password: 'secret-1', roleIds: [], warehouseIds: [-1], ownerIds: [-1] });
    expect(u.data.password).toBeUndefined();
    expect((await call('/sapi/sys/user/page', {})).data.records.every((r: any) => r.password === undefined)).toBe(true);
    expect((await call('/sapi/sys/user/edit', { id: u.data.id, password: '', introduction: 'x' })).code).toBe(200);
    await expect(t.login('keeper', 'secret-1')).resolves.toBeTypeOf('string');
    const short = await call('/sapi/sys/user/add', { name: 'ab', password: 'secret-1' });
    expect(short.msg).toBe('User name length must be between 3 and 20 characters');
    const mixed = await call('/sapi/sys/user/add', { name: 'mixer', password: 'secret-1', warehouseIds: [-1, 2] });
    expect(mixed.msg).toMatch(/^Warehouses: /);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/sapi/wms/warehouse/page', payload: '{bad json', headers: { 'content-type': 'application/json', 'x-token': admin } });
    expect(res.json().code).toBe(400);
  });
});
