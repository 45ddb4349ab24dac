/**
 * The SKU catalogue through the API (spec 2.8, 3, 5, 6, 7.2; issue 3): SKU add/edit/remove with the form
 * rules, the SKU list query (every filter, sorting, paging), record fields, count, search, batchUpdateWeight,
 * supplier and platform SKUs under their SKU, and owner scope on all of it.
 *
 * The read tests come first and work on a fixed catalogue of owners A, B (company "Demo Trading Co.") and C
 * (company "Second Co"); tests that write use owner D or restore what they change.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sku as skuTable } from '../../generated/db/schema';
import { EcPlatform } from '../../generated/shared/enums';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';

type Rec = Record<string, any>;

describe.each(testDatabases())('SKUs on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const call = (path: string, body: unknown = {}, headers?: Record<string, string>) => t.call(path, body, admin, headers);
  const owners: Record<'A' | 'B' | 'C' | 'D', number> = { A: 0, B: 0, C: 0, D: 0 };
  const ownerNames: Record<string, string> = {};
  let demoCo: number;
  let secondCo: number;
  const cats: Record<'perfume' | 'electronics' | 'misc', number> = { perfume: 0, electronics: 0, misc: 0 };
  /** SKU ids by `<owner letter>:<code>` */
  const ids: Record<string, number> = {};
  const keyOf = (r: Rec) => `${Object.entries(owners).find(([, id]) => id === r.ownerId)?.[0]}:${r.sku}`;
  const keys = (records: Rec[]) => records.map(keyOf);
  const sorted = (a: string[]) => [...a].sort();

  const addSku = async (owner: keyof typeof owners, body: Rec) => {
    const r = await call('/sapi/wms/sku/add', { ownerId: owners[owner], enable: true, categoryId: cats.perfume, weight: 1, ...body });
    expect(r.code, `${owner}:${body.sku} ${r.msg}`).toBe(200);
    ids[`${owner}:${r.data.sku}`] = r.data.id;
    return r.data as Rec;
  };
  const setAddDate = (id: number, iso: string) => t.database.db.update(skuTable).set({ addDate: new Date(iso) }).where(eq(skuTable.id, id));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    const seeded = (await call('/sapi/wms/owner/list')).data as Rec[];
    owners.A = seeded.find((o) => o.code === 'OWN-A')!.id;
    owners.B = seeded.find((o) => o.code === 'OWN-B')!.id;
    demoCo = seeded[0].companyId;
    secondCo = (await call('/sapi/wms/company/add', { name: 'Second Co' })).data.id;
    owners.C = (await call('/sapi/wms/owner/add', { code: 'OWN-C', name: 'Lamp House', companyId: secondCo })).data.id;
    owners.D = (await call('/sapi/wms/owner/add', { code: 'OWN-D', name: 'Writers Ltd', companyId: secondCo })).data.id;
    for (const o of [...seeded, { id: owners.C, name: 'Lamp House' }, { id: owners.D, name: 'Writers Ltd' }]) ownerNames[o.id] = o.name;
    cats.perfume = (await call('/sapi/wms/sku-category/add', { name: 'Perfume' })).data.id;
    cats.electronics = (await call('/sapi/wms/sku-category/add', { name: 'Electronics' })).data.id;
    cats.misc = (await call('/sapi/wms/sku-category/add', { name: 'Misc' })).data.id;

    // created in this order (default sort is newest id first); add dates set below in a different order
    await addSku('A', { sku: 'ROSE-30', name: 'Rose Oil 30ml', goodsNo: 'G-100', color: 'Red', size: '30 ml', weight: 0.25 });
    await addSku('A', { sku: 'ROSE-50', name: 'Rose Oil 50ml', goodsNo: 'G-101', enable: false, weight: 0.4 });
    await addSku('A', { sku: 'MUSK-10', name: 'White Musk', goodsNo: 'G-200', weight: 0.1 });
    await addSku('A', { sku: 'AMBER-5', name: 'Amber Incense', weight: 0.05 });
    await addSku('B', { sku: 'CABLE-1', name: 'USB Cable', goodsNo: 'G-300', categoryId: cats.electronics, weight: 0.03 });
    await addSku('B', { sku: 'ROSE-30', name: 'Rose-shaped Lamp', goodsNo: 'L-110', categoryId: cats.electronics, weight: 1.2 });
    await addSku('C', { sku: 'LAMP-9', name: 'Desk Lamp', goodsNo: 'G-900', categoryId: cats.electronics, weight: 2 });
    await setAddDate(ids['A:MUSK-10'], '2025-02-01T08:00:00Z');
    await setAddDate(ids['A:ROSE-30'], '2025-03-01T22:30:00Z'); // 1 March in UTC, 2 March at +8
    await setAddDate(ids['A:AMBER-5'], '2025-03-03T08:00:00Z');
    await setAddDate(ids['A:ROSE-50'], '2025-03-05T08:00:00Z');
    await setAddDate(ids['B:CABLE-1'], '2025-05-20T08:00:00Z');
    await setAddDate(ids['B:ROSE-30'], '2025-06-15T08:00:00Z');
    await setAddDate(ids['C:LAMP-9'], '2025-07-01T08:00:00Z');

    const child = async (path: string, body: Rec) => { const r = await call(path, body); expect(r.code, r.msg).toBe(200); return r.data as Rec; };
    await child('/sapi/wms/ec-platform-sku/add', { skuId: ids['A:ROSE-30'], ecPlatform: EcPlatform.AMAZON_SA, ecPlatformSku: 'B0ROSE30' });
    await child('/sapi/wms/ec-platform-sku/add', { skuId: ids['A:ROSE-30'], ecPlatform: EcPlatform.NOON, ecPlatformSku: 'N-ROSE-30' });
    await child('/sapi/wms/ec-platform-sku/add', { skuId: ids['B:CABLE-1'], ecPlatform: EcPlatform.NOON, ecPlatformSku: 'N-CABLE-1' });
    await child('/sapi/wms/ec-platform-sku/add', { skuId: ids['A:MUSK-10'], ecPlatform: EcPlatform.AMAZON_AE, ecPlatformSku: 'B0MUSK10' });
    await child('/sapi/wms/supplier-sku/add', { skuId: ids['A:ROSE-30'], supplierName: 'Taif Farms', supplierSku: 'TF-1' });
    await child('/sapi/wms/supplier-sku/add', { skuId: ids['A:ROSE-30'], supplierName: 'Bulgarian Rose Co', supplierSku: 'BR-9' });
    await child('/sapi/wms/supplier-sku/add', { skuId: ids['A:ROSE-30'], supplierName: 'Taif Farms', supplierSku: 'TF-2' });
    await child('/sapi/wms/supplier-sku/add', { skuId: ids['B:CABLE-1'], supplierName: 'Shenzhen Wires', supplierSku: 'SW-1' });
  });
  afterAll(async () => { await t?.close(); });

  // ---- reading: page, filters, sorting, record fields, count, search ----

  it('pages with each filter of the SKU list query, and count agrees with the total', async () => {
    const cases: Array<[string, Rec, string[], Record<string, string>?]> = [
      ['name contains, any case', { name: 'rose' }, ['A:ROSE-30', 'A:ROSE-50', 'B:ROSE-30']],
      ['name trimmed', { name: '  ROSE oil ' }, ['A:ROSE-30', 'A:ROSE-50']],
      ['one sku: contains', { sku: 'rose' }, ['A:ROSE-30', 'A:ROSE-50', 'B:ROSE-30']],
      ['several skus: exact IN', { sku: 'ROSE-30,MUSK-10' }, ['A:ROSE-30', 'B:ROSE-30', 'A:MUSK-10']],
      ['several skus, one partial: exact only', { sku: 'ROSE-30, ROSE' }, ['A:ROSE-30', 'B:ROSE-30']],
      ['several skus on lines, blanks dropped', { sku: 'LAMP-9\n\nCABLE-1\n' }, ['C:LAMP-9', 'B:CABLE-1']],
      ['goodsNo contains', { goodsNo: 'g-10' }, ['A:ROSE-30', 'A:ROSE-50']],
      ['enable false', { enable: false }, ['A:ROSE-50']],
      ['ownerId', { ownerId: owners.B }, ['B:CABLE-1', 'B:ROSE-30']],
      ['categoryId', { categoryId: cats.electronics }, ['B:CABLE-1', 'B:ROSE-30', 'C:LAMP-9']],
      ['companyId', { companyId: secondCo, ownerId: owners.C }, ['C:LAMP-9']],
      ['addDate range (dates)', { addDateStart: '2025-06-01', addDateEnd: '2025-12-31' }, ['B:ROSE-30', 'C:LAMP-9']],
      ['addDate one day, UTC', { addDateStart: '2025-03-01', addDateEnd: '2025-03-01' }, ['A:ROSE-30'], { 'x-time-zone': '' }],
      ['addDate one day, UTC+8: 22:30 UTC is the next day', { addDateStart: '2025-03-01', addDateEnd: '2025-03-01' }, [], { 'x-time-zone': '+8' }],
      ['addDate next day, UTC+8', { addDateStart: '2025-03-02', addDateEnd: '2025-03-02' }, ['A:ROSE-30'], { 'x-time-zone': '+8' }],
      ['addDate instants', { addDateStart: '2025-03-01T00:00:00Z', addDateEnd: '2025-03-03T08:00:00Z' }, ['A:ROSE-30', 'A:AMBER-5']],
      ['ecPlatform NOON', { ecPlatform: EcPlatform.NOON }, ['A:ROSE-30', 'B:CABLE-1']],
      ['ecPlatform AMAZON_AE', { ecPlatform: EcPlatform.AMAZON_AE }, ['A:MUSK-10']],
      ['ecPlatform without SKUs', { ecPlatform: EcPlatform.SALLA }, []],
      ['filters combined', { ownerId: owners.A, name: 'rose', ecPlatform: EcPlatform.NOON, enable: true }, ['A:ROSE-30']],
      ['% is no wildcard', { name: '%' }, []],
    ];
    for (const [what, filter, expected, headers] of cases) {
      const page = await call('/sapi/wms/sku/page', { size: 100, ...filter }, headers);
      expect(page.code, `${what}: ${page.msg}`).toBe(200);
      expect(sorted(keys(page.data.records)), what).toEqual(sorted(expected));
      expect(page.data.total, what).toBe(expected.length);
      const count = await call('/sapi/wms/sku/count', filter, headers);
      expect(count, what).toMatchObject({ code: 200, data: expected.length });
    }
    // enable true: every SKU but ROSE-50
    const enabled = await call('/sapi/wms/sku/page', { size: 100, enable: true, addDateEnd: '2025-12-31' });
    expect(sorted(keys(enabled.data.records))).toEqual(sorted(['A:ROSE-30', 'A:MUSK-10', 'A:AMBER-5', 'B:CABLE-1', 'B:ROSE-30', 'C:LAMP-9']));
  });

  it('rejects bad query values naming the field', async () => {
    expect((await call('/sapi/wms/sku/page', { ecPlatform: 42 })).msg).toBe('E-commerce platform must be one of: 1, 2, 3, 4, 5, 6, 7, 8');
    expect((await call('/sapi/wms/sku/page', { addDateStart: 'yesterday' })).msg).toBe('Created must be a date');
    expect((await call('/sapi/wms/sku/page', { ownerId: 'x' })).msg).toBe('Goods owner must be an integer');
    expect((await call('/sapi/wms/sku/page', { size: 501 })).msg).toBe('Page size cannot be greater than 500');
    expect((await call('/sapi/wms/sku/count', { enable: 'perhaps' })).msg).toBe('Enabled must be true or false');
  });

  it('sorts by sku and addDate either way, newest first by default, and pages', async () => {
    const order = async (body: Rec) => {
      const r = await call('/sapi/wms/sku/page', { ownerId: owners.A, ...body });
      expect(r.code, r.msg).toBe(200);
      return r.data.records.map((x: Rec) => x.sku);
    };
    expect(await order({})).toEqual(['AMBER-5', 'MUSK-10', 'ROSE-50', 'ROSE-30']); // id desc
    expect(await order({ sortProp: 'sku', sortOrder: 'asc' })).toEqual(['AMBER-5', 'MUSK-10', 'ROSE-30', 'ROSE-50']);
    expect(await order({ sortProp: 'sku', sortOrder: 'descending' })).toEqual(['ROSE-50', 'ROSE-30', 'MUSK-10', 'AMBER-5']);
    expect(await order({ sortProp: 'addDate', sortOrder: 'ascending' })).toEqual(['MUSK-10', 'ROSE-30', 'AMBER-5', 'ROSE-50']);
    expect(await order({ sortProp: 'addDate', sortOrder: 'desc' })).toEqual(['ROSE-50', 'AMBER-5', 'ROSE-30', 'MUSK-10']);
    expect(await order({ sortProp: 'sku' })).toEqual(['AMBER-5', 'MUSK-10', 'ROSE-30', 'ROSE-50']); // a sort without order is ascending
    expect(await order({ sortProp: '', sortOrder: '' })).toEqual(['AMBER-5', 'MUSK-10', 'ROSE-50', 'ROSE-30']); // cleared sort (spec 2.6)
    const p2 = await call('/sapi/wms/sku/page', { ownerId: owners.A, sortProp: 'sku', sortOrder: 'asc', current: 2, size: 3 });
    expect(p2.data).toMatchObject({ current: 2, total: 4 });
    expect(p2.data.records.map((x: Rec) => x.sku)).toEqual(['ROSE-50']);
    // the same code under two owners: ties broken by id, so paging is stable
    const both = await call('/sapi/wms/sku/page', { sku: 'ROSE-30,X', sortProp: 'sku' });
    expect(both.data.records.map((x: Rec) => x.id)).toEqual([ids['A:ROSE-30'], ids['B:ROSE-30']]);
    for (const sortProp of ['name', 'weight', 'ownerId']) {
      const bad = await call('/sapi/wms/sku/page', { sortProp });
      expect(bad.code).toBe(400);
      expect(bad.msg).toBe('Sort field must be one of: id, sku, addDate');
    }
    expect((await call('/sapi/wms/sku/page', { sortProp: 'sku', sortOrder: 'up' })).msg).toBe('Sort order must be one of: asc, desc');
  });

  it('returns ownerName, companyName, category, supplierNames and ecPlatforms (spec 3)', async () => {
    const page = await call('/sapi/wms/sku/page', { size: 100, addDateEnd: '2025-12-31' });
    const byKey = Object.fromEntries(page.data.records.map((r: Rec) => [keyOf(r), r]));
    expect(byKey['A:ROSE-30']).toMatchObject({
      id: ids['A:ROSE-30'], ownerId: owners.A, ownerName: 'Desert Rose Cosmetics', companyId: demoCo, companyName: 'Demo Trading Co.',
      sku: 'ROSE-30', name: 'Rose Oil 30ml', enable: true, categoryId: cats.perfume, category: 'Perfume', color: 'Red', size: '30 ml',
      goodsNo: 'G-100', weight: 0.25, supplierNames: ['Bulgarian Rose Co', 'Taif Farms'], ecPlatforms: [EcPlatform.NOON, EcPlatform.AMAZON_SA],
      addDate: '2025-03-01T22:30:00.000Z',
    });
    expect(byKey['B:CABLE-1']).toMatchObject({ ownerName: 'Gulf Gadgets', companyName: 'Demo Trading Co.', category: 'Electronics', supplierNames: ['Shenzhen Wires'], ecPlatforms: [EcPlatform.NOON] });
    expect(byKey['C:LAMP-9']).toMatchObject({ ownerName: 'Lamp House', companyId: secondCo, companyName: 'Second Co', supplierNames: [], ecPlatforms: [] });
    // detail and list carry the same fields
    expect((await call('/sapi/wms/sku/detail', { id: ids['A:ROSE-30'] })).data).toMatchObject({ supplierNames: ['Bulgarian Rose Co', 'Taif Farms'], ecPlatforms: [1, 2], category: 'Perfume', companyName: 'Demo Trading Co.' });
    const list = await call('/sapi/wms/sku/list', { ids: [ids['A:MUSK-10'], ids['C:LAMP-9']] });
    expect(list.data.map((r: Rec) => [r.sku, r.ecPlatforms, r.ownerName])).toEqual([['LAMP-9', [], 'Lamp House'], ['MUSK-10', [EcPlatform.AMAZON_AE], 'Desert Rose Cosmetics']]);
    for (const r of page.data.records) expect(r).not.toHaveProperty('password');
  });

  it('searches SKUs by keyword in code or name, within an owner', async () => {
    const search = async (body: Rec) => {
      const r = await call('/sapi/wms/sku/search', body);
      expect(r.code, r.msg).toBe(200);
      return r.data as Rec[];
    };
    const roseA = await search({ keyword: 'rose', ownerId: owners.A });
    expect(roseA).toEqual([{ id: ids['A:ROSE-30'], sku: 'ROSE-30', name: 'Rose Oil 30ml' }, { id: ids['A:ROSE-50'], sku: 'ROSE-50', name: 'Rose Oil 50ml' }]);
    expect((await search({ keyword: ' LAMP ' })).map((r) => r.id).sort()).toEqual([ids['B:ROSE-30'], ids['C:LAMP-9']].sort()); // name match, trimmed
    expect((await search({ keyword: 'musk-1' })).map((r) => r.sku)).toEqual(['MUSK-10']); // code match
    expect((await search({ ownerId: owners.B })).map((r) => r.sku)).toEqual(['CABLE-1', 'ROSE-30']);
    expect(await search({ keyword: '%', ownerId: owners.A })).toEqual([]);
    expect(await search({ keyword: 'rose', ownerId: owners.C })).toEqual([]);
    expect((await call('/sapi/wms/sku/search', { ownerId: 'abc' })).code).toBe(400);
  });

  // ---- writing ----

  it('adds a SKU under the company of its owner, trimming text', async () => {
    const added = await addSku('D', { sku: '  D-TRIM-1 ', name: '  Trimmed name ', color: ' blue ', size: '', goodsNo: ' GN-1 ', remarkForWarehouse: ' fragile ', categoryId: cats.misc, weight: 2.125, companyId: demoCo });
    expect(added).toMatchObject({ ownerId: owners.D, companyId: secondCo, companyName: 'Second Co', ownerName: 'Writers Ltd', sku: 'D-TRIM-1', name: 'Trimmed name', color: 'blue', goodsNo: 'GN-1', remarkForWarehouse: 'fragile', weight: 2.125, enable: true, category: 'Misc', supplierNames: [], ecPlatforms: [] });
    expect(added.size).toBeNull();
    expect((await call('/sapi/wms/sku/detail', { id: added.id })).data.companyId).toBe(secondCo); // companyId in the body is ignored
    const disabled = await addSku('D', { sku: 'D-OFF', name: 'Off', enable: false, categoryId: cats.misc, weight: 0 });
    expect(disabled).toMatchObject({ enable: false, weight: 0 });
  });

  it('keeps SKU codes unique per owner (409 naming ownerId and sku), not across owners', async () => {
    await addSku('D', { sku: 'D-UNIQ', name: 'First', categoryId: cats.misc });
    for (const code of ['D-UNIQ', '  D-UNIQ  ']) {
      const dup = await call('/sapi/wms/sku/add', { ownerId: owners.D, sku: code, name: 'Second', enable: true, categoryId: cats.misc, weight: 1 });
      expect(dup).toMatchObject({ code: 409, msg: 'A duplicate exists: Goods owner, SKU' });
    }
    const zh = await call('/sapi/wms/sku/add', { ownerId: owners.D, sku: 'D-UNIQ', name: 'Second', enable: true, categoryId: cats.misc, weight: 1 }, { 'x-lang': 'zh' });
    expect(zh).toMatchObject({ code: 409, msg: '已存在重复数据：货主、SKU' });
    const other = await call('/sapi/wms/sku/add', { ownerId: owners.C, sku: 'D-UNIQ', name: 'Same code, other owner', enable: true, categoryId: cats.misc, weight: 1 });
    expect(other.code).toBe(200);
    expect((await call('/sapi/wms/sku/page', { sku: 'D-UNIQ,none' })).data.total).toBe(2);
    expect((await call('/sapi/wms/sku/remove', { id: other.data.id })).code).toBe(200);
  });

  it('applies every SKU form rule of spec 5 and writes nothing on failure', async () => {
    const before = (await call('/sapi/wms/sku/count', { ownerId: owners.D })).data;
    const ok = { ownerId: owners.D, sku: 'D-RULES', name: 'Rules', enable: true, categoryId: cats.misc, weight: 1 };
    const without = (field: string) => Object.fromEntries(Object.entries(ok).filter(([k]) => k !== field));
    const cases: Array<[Rec, string | RegExp]> = [
      [without('ownerId'), 'Goods owner cannot be empty'],
      [{ ...ok, ownerId: null }, 'Goods owner cannot be empty'],
      [{ ...ok, ownerId: 999999 }, /^Goods owner .*999999 does not exist$/],
      [without('sku'), 'SKU cannot be empty'],
      [{ ...ok, sku: '   ' }, 'SKU cannot be empty'],
      [{ ...ok, sku: 'X'.repeat(51) }, 'SKU can be at most 50 characters'],
      [without('name'), 'Product name cannot be empty'],
      [{ ...ok, name: '  ' }, 'Product name cannot be empty'],
      [{ ...ok, name: 'n'.repeat(201) }, 'Product name can be at most 200 characters'],
      [{ ...ok, enable: 'maybe' }, 'Enabled must be true or false'],
      [without('categoryId'), 'Category cannot be empty'],
      [{ ...ok, categoryId: 999999 }, 'Category 999999 does not exist'],
      [without('weight'), 'Weight (kg) cannot be empty'],
      [{ ...ok, weight: '' }, 'Weight (kg) cannot be empty'],
      [{ ...ok, weight: 'heavy' }, 'Weight (kg) must be a number'],
      [{ ...ok, weight: -0.001 }, 'Weight (kg) cannot be less than 0'],
      [{ ...ok, weight: 9999.001 }, 'Weight (kg) cannot be greater than 9999'],
      [{ ...ok, weight: 1.2345 }, 'Weight (kg) can have at most 3 decimals'],
      [{ ...ok, color: 'c'.repeat(51) }, 'Colour can be at most 50 characters'],
      [{ ...ok, remarkForOwner: 'r'.repeat(201) }, 'Remark for owner can be at most 200 characters'],
    ];
    for (const [body, msg] of cases) {
      const r = await call('/sapi/wms/sku/add', body);
      expect(r.code, JSON.stringify(body).slice(0, 120)).toBe(400);
      if (typeof msg === 'string') expect(r.msg).toBe(msg);
      else expect(r.msg).toMatch(msg);
    }
    expect((await call('/sapi/wms/sku/count', { ownerId: owners.D })).data).toBe(before);
    expect((await call('/sapi/wms/sku/add', without('weight'), { 'x-lang': 'zh' })).msg).toBe('重量(kg)不能为空');
    // the bounds themselves are allowed
    for (const weight of [0, 9999, 0.001, 12.5]) {
      const r = await call('/sapi/wms/sku/add', { ...ok, sku: `D-W-${weight}`, weight });
      expect(r.code, `${weight}: ${r.msg}`).toBe(200);
      expect(r.data.weight).toBe(weight);
    }
  });

  it('edits a SKU with the same rules, never its owner or code', async () => {
    const s = await addSku('D', { sku: 'D-EDIT', name: 'Before', categoryId: cats.misc, weight: 1 });
    const edited = await call('/sapi/wms/sku/edit', { id: s.id, ownerId: owners.A, sku: 'HIJACK', name: ' After ', enable: false, categoryId: cats.perfume, weight: 3.5, color: 'Green' });
    expect(edited.code, edited.msg).toBe(200);
    expect(edited.data).toMatchObject({ ownerId: owners.D, sku: 'D-EDIT', companyId: secondCo, name: 'After', enable: false, categoryId: cats.perfume, category: 'Perfume', weight: 3.5, color: 'Green' });
    expect((await call('/sapi/wms/sku/edit', { id: s.id, name: '' })).msg).toBe('Product name cannot be empty');
    expect((await call('/sapi/wms/sku/edit', { id: s.id, weight: 10000 })).msg).toBe('Weight (kg) cannot be greater than 9999');
    // an emptied required number or reference is refused like an emptied name, and nothing changes
    for (const [emptied, msg] of [[{ weight: null }, 'Weight (kg) cannot be empty'], [{ weight: '' }, 'Weight (kg) cannot be empty'], [{ categoryId: null }, 'Category cannot be empty']] as const) {
      const r = await call('/sapi/wms/sku/edit', { id: s.id, ...emptied });
      expect(r, JSON.stringify(emptied)).toMatchObject({ code: 400, msg });
    }
    expect((await call('/sapi/wms/sku/detail', { id: s.id })).data).toMatchObject({ weight: 3.5, categoryId: cats.perfume });
    // an optional field is cleared by an empty value
    expect((await call('/sapi/wms/sku/edit', { id: s.id, color: '' })).data.color).toBeNull();
    expect((await call('/sapi/wms/sku/edit', { id: s.id, enable: null })).msg).toBe('Enabled cannot be empty');
    expect((await call('/sapi/wms/sku/edit', { id: s.id, categoryId: 999999 })).msg).toBe('Category 999999 does not exist');
    expect((await call('/sapi/wms/sku/edit', { id: 999999, name: 'x' })).code).toBe(404);
    const partial = await call('/sapi/wms/sku/edit', { id: s.id, remarkForOwner: 'only this' });
    expect(partial.data).toMatchObject({ name: 'After', weight: 3.5, remarkForOwner: 'only this' });
  });

  it('changes the weight of several SKUs at once, all or nothing', async () => {
    const a = await addSku('D', { sku: 'D-BW-1', name: 'Batch 1', categoryId: cats.misc, weight: 1 });
    const b = await addSku('D', { sku: 'D-BW-2', name: 'Batch 2', categoryId: cats.misc, weight: 2 });
    const weightOf = async (id: number) => (await call('/sapi/wms/sku/detail', { id })).data.weight;
    expect(await call('/sapi/wms/sku/batchUpdateWeight', { ids: [a.id, b.id, a.id], weight: 7.125 })).toMatchObject({ code: 200, data: { updated: 2 } });
    expect([await weightOf(a.id), await weightOf(b.id)]).toEqual([7.125, 7.125]);
    const missing = await call('/sapi/wms/sku/batchUpdateWeight', { ids: [a.id, 999999, b.id], weight: 9 });
    expect(missing).toMatchObject({ code: 404, msg: 'SKUs #999999 does not exist' });
    expect([await weightOf(a.id), await weightOf(b.id)]).toEqual([7.125, 7.125]);
    const cases: Array<[Rec, string]> = [
      [{ ids: [a.id] }, 'Weight (kg) cannot be empty'],
      [{ ids: [a.id], weight: '' }, 'Weight (kg) cannot be empty'],
      [{ ids: [a.id], weight: -1 }, 'Weight (kg) cannot be less than 0'],
      [{ ids: [a.id], weight: 10000 }, 'Weight (kg) cannot be greater than 9999'],
      [{ ids: [a.id], weight: 0.0005 }, 'Weight (kg) can have at most 3 decimals'],
      [{ ids: [a.id], weight: 'x' }, 'Weight (kg) must be a number'],
      [{ weight: 1 }, 'SKUs cannot be empty'],
      [{ ids: [], weight: 1 }, 'SKUs cannot be empty'],
      [{ ids: 5, weight: 1 }, 'SKUs must be a list'],
    ];
    for (const [body, msg] of cases) expect(await call('/sapi/wms/sku/batchUpdateWeight', body), JSON.stringify(body)).toMatchObject({ code: 400, msg });
    expect(await weightOf(a.id)).toBe(7.125);
    expect((await call('/sapi/wms/sku/batchUpdateWeight', { ids: [a.id], weight: 0 })).data).toEqual({ updated: 1 });
    expect(await weightOf(a.id)).toBe(0);
  });

  it('adds, lists, edits and removes supplier and platform SKUs of a SKU', async () => {
    const s = await addSku('D', { sku: 'D-CHILD', name: 'Parent', categoryId: cats.misc });
    // supplier SKUs: no form rules (spec 5), text trimmed, owner taken from the SKU
    const sup = await call('/sapi/wms/supplier-sku/add', { skuId: s.id, supplierName: ' Nile Supply ', supplierSku: ' NS-1 ', ownerId: owners.A });
    expect(sup.code, sup.msg).toBe(200);
    expect(sup.data).toMatchObject({ skuId: s.id, sku: 'D-CHILD', ownerId: owners.D, ownerName: 'Writers Ltd', supplierName: 'Nile Supply', supplierSku: 'NS-1' });
    expect((await call('/sapi/wms/supplier-sku/add', { skuId: s.id })).code).toBe(200); // nothing required but the SKU
    expect((await call('/sapi/wms/supplier-sku/add', { skuId: s.id, supplierName: 'Nile Supply', supplierSku: 'NS-1' })).code).toBe(409);
    expect((await call('/sapi/wms/supplier-sku/add', { supplierName: 'x' })).msg).toBe('SKU cannot be empty');
    expect((await call('/sapi/wms/supplier-sku/add', { skuId: 999999, supplierName: 'x' })).code).toBe(404);
    let list = await call('/sapi/wms/supplier-sku/list', { skuId: s.id, current: 1, size: 10 });
    expect(list.data).toHaveLength(2);
    const edited = await call('/sapi/wms/supplier-sku/edit', { id: sup.data.id, supplierName: 'Nile Supply 2', skuId: ids['A:ROSE-30'] });
    expect(edited.data).toMatchObject({ supplierName: 'Nile Supply 2', skuId: s.id, ownerId: owners.D }); // the SKU is read-only on edit
    expect((await call('/sapi/wms/sku/detail', { id: s.id })).data.supplierNames).toEqual(['Nile Supply 2']); // the empty name is no supplier name
    expect((await call('/sapi/wms/supplier-sku/remove', { id: sup.data.id })).code).toBe(200);
    list = await call('/sapi/wms/supplier-sku/list', { skuId: s.id });
    expect(list.data.map((r: Rec) => r.supplierName)).toEqual([null]);

    // platform SKUs: platform and platform SKU required, one per platform and SKU
    const plat = await call('/sapi/wms/ec-platform-sku/add', { skuId: s.id, ecPlatform: EcPlatform.NOON, ecPlatformSku: ' N-D-1 ', brand: 'Acme', modelName: 'M', modelNumber: '42' });
    expect(plat.code, plat.msg).toBe(200);
    expect(plat.data).toMatchObject({ skuId: s.id, sku: 'D-CHILD', ownerId: owners.D, ecPlatform: 1, ecPlatformSku: 'N-D-1', brand: 'Acme', modelName: 'M', modelNumber: '42' });
    const rules: Array<[Rec, number, string]> = [
      [{ skuId: s.id, ecPlatformSku: 'x' }, 400, 'Platform cannot be empty'],
      [{ skuId: s.id, ecPlatform: 42, ecPlatformSku: 'x' }, 400, 'Platform must be one of: 1, 2, 3, 4, 5, 6, 7, 8'],
      [{ skuId: s.id, ecPlatform: 2 }, 400, 'Platform SKU cannot be empty'],
      [{ skuId: s.id, ecPlatform: 2, ecPlatformSku: '  ' }, 400, 'Platform SKU cannot be empty'],
      [{ skuId: s.id, ecPlatform: 1, ecPlatformSku: 'N-D-2' }, 409, 'A duplicate exists: SKU, Platform'],
    ];
    for (const [body, code, msg] of rules) expect(await call('/sapi/wms/ec-platform-sku/add', body), JSON.stringify(body)).toMatchObject({ code, msg });
    const amazon = await call('/sapi/wms/ec-platform-sku/add', { skuId: s.id, ecPlatform: EcPlatform.AMAZON_SA, ecPlatformSku: 'B0D' });
    expect(amazon.code).toBe(200);
    expect((await call('/sapi/wms/ec-platform-sku/list', { skuId: s.id })).data.map((r: Rec) => r.ecPlatformSku).sort()).toEqual(['B0D', 'N-D-1']);
    expect((await call('/sapi/wms/sku/detail', { id: s.id })).data.ecPlatforms).toEqual([1, 2]);
    expect((await call('/sapi/wms/ec-platform-sku/edit', { id: plat.data.id, ecPlatformSku: 'N-D-9', brand: '' })).data).toMatchObject({ ecPlatformSku: 'N-D-9', ecPlatform: 1 });
    expect((await call('/sapi/wms/ec-platform-sku/edit', { id: plat.data.id, ecPlatformSku: '' })).msg).toBe('Platform SKU cannot be empty');
    expect((await call('/sapi/wms/ec-platform-sku/edit', { id: plat.data.id, ecPlatform: EcPlatform.AMAZON_SA })).code).toBe(409);
    expect((await call('/sapi/wms/ec-platform-sku/edit', { id: plat.data.id, ecPlatform: EcPlatform.ZID })).data.ecPlatform).toBe(EcPlatform.ZID);
    expect((await call('/sapi/wms/sku/page', { ecPlatform: EcPlatform.ZID })).data.records.map((r: Rec) => r.id)).toEqual([s.id]);
    expect((await call('/sapi/wms/ec-platform-sku/remove', { id: amazon.data.id })).code).toBe(200);
    expect((await call('/sapi/wms/sku/detail', { id: s.id })).data.ecPlatforms).toEqual([EcPlatform.ZID]);
  });

  it('removes a SKU together with its supplier and platform SKUs', async () => {
    const s = await addSku('D', { sku: 'D-GONE', name: 'To remove', categoryId: cats.misc });
    const sup1 = (await call('/sapi/wms/supplier-sku/add', { skuId: s.id, supplierName: 'S1', supplierSku: '1' })).data;
    const sup2 = (await call('/sapi/wms/supplier-sku/add', { skuId: s.id, supplierName: 'S2', supplierSku: '2' })).data;
    const plat = (await call('/sapi/wms/ec-platform-sku/add', { skuId: s.id, ecPlatform: EcPlatform.NAMSHI, ecPlatformSku: 'NM-1' })).data;
    expect((await call('/sapi/wms/sku/remove', { id: s.id })).code).toBe(200);
    expect((await call('/sapi/wms/sku/detail', { id: s.id })).code).toBe(404);
    expect((await call('/sapi/wms/supplier-sku/list', { skuId: s.id })).data).toEqual([]);
    expect((await call('/sapi/wms/ec-platform-sku/list', { skuId: s.id })).data).toEqual([]);
    for (const id of [sup1.id, sup2.id]) expect((await call('/sapi/wms/supplier-sku/detail', { id })).code).toBe(404);
    expect((await call('/sapi/wms/ec-platform-sku/detail', { id: plat.id })).code).toBe(404);
    expect((await call('/sapi/wms/sku/remove', { id: s.id })).code).toBe(404);
    // other SKUs keep theirs
    expect((await call('/sapi/wms/sku/detail', { id: ids['A:ROSE-30'] })).data.supplierNames).toEqual(['Bulgarian Rose Co', 'Taif Farms']);
  });

  // ---- scope and permissions ----

  it('keeps an owner-scoped user to its own SKUs: never sees, counts, searches, edits or removes others', async () => {
    const { token } = await userWith(t, admin, { codes: ['sku', 'sku:list', 'sku:add', 'sku:edit'], ownerIds: [owners.A] });
    const as = (path: string, body: Rec = {}) => t.call(path, body, token);
    const page = await as('/sapi/wms/sku/page', { size: 100 });
    expect(sorted(keys(page.data.records))).toEqual(sorted(['A:ROSE-30', 'A:ROSE-50', 'A:MUSK-10', 'A:AMBER-5']));
    expect(page.data.total).toBe(4);
    expect((await as('/sapi/wms/sku/page', { ownerId: owners.B })).data).toMatchObject({ total: 0, records: [] });
    expect((await as('/sapi/wms/sku/page', { sku: 'ROSE-30,CABLE-1' })).data.records.map(keyOf)).toEqual(['A:ROSE-30']);
    expect((await as('/sapi/wms/sku/page', { ecPlatform: EcPlatform.NOON })).data.records.map(keyOf)).toEqual(['A:ROSE-30']);
    expect((await as('/sapi/wms/sku/list', { ids: [ids['B:CABLE-1'], ids['A:MUSK-10']] })).data.map(keyOf)).toEqual(['A:MUSK-10']);
    expect((await as('/sapi/wms/sku/count', {})).data).toBe(4);
    expect((await as('/sapi/wms/sku/count', { ownerId: owners.B })).data).toBe(0);
    expect((await as('/sapi/wms/sku/search', { keyword: 'rose' })).data.map((r: Rec) => r.id).sort()).toEqual([ids['A:ROSE-30'], ids['A:ROSE-50']].sort());
    expect((await as('/sapi/wms/sku/search', { keyword: 'lamp' })).data).toEqual([]);
    expect((await as('/sapi/wms/sku/search', { ownerId: owners.B })).data).toEqual([]);

    const foreign = ids['B:CABLE-1'];
    expect((await as('/sapi/wms/sku/detail', { id: foreign })).code).toBe(404);
    expect((await as('/sapi/wms/sku/edit', { id: foreign, name: 'Hijacked' })).code).toBe(404);
    expect((await as('/sapi/wms/sku/remove', { id: foreign })).code).toBe(404);
    expect(await as('/sapi/wms/sku/batchUpdateWeight', { ids: [ids['A:AMBER-5'], foreign], weight: 5 })).toMatchObject({ code: 404, msg: `SKUs #${foreign} does not exist` });
    const cable = (await call('/sapi/wms/sku/detail', { id: foreign })).data;
    expect(cable).toMatchObject({ name: 'USB Cable', weight: 0.03 });
    expect((await call('/sapi/wms/sku/detail', { id: ids['A:AMBER-5'] })).data.weight).toBe(0.05); // all or nothing
    expect(await as('/sapi/wms/sku/add', { ownerId: owners.B, sku: 'SNEAK', name: 'Sneak', enable: true, categoryId: cats.misc, weight: 1 })).toMatchObject({ code: 403, msg: 'Goods owner: outside your data scope' });

    // supplier and platform SKUs follow the parent SKU's owner
    expect((await as('/sapi/wms/supplier-sku/add', { skuId: foreign, supplierName: 'Sneaky', supplierSku: 'S' })).code).toBe(404);
    expect((await as('/sapi/wms/ec-platform-sku/add', { skuId: foreign, ecPlatform: EcPlatform.SALLA, ecPlatformSku: 'S' })).code).toBe(404);
    expect((await call('/sapi/wms/sku/detail', { id: foreign })).data).toMatchObject({ supplierNames: ['Shenzhen Wires'], ecPlatforms: [EcPlatform.NOON] });
    expect((await as('/sapi/wms/supplier-sku/list', { skuId: foreign })).data).toEqual([]);
    expect((await as('/sapi/wms/ec-platform-sku/list', { skuId: foreign })).data).toEqual([]);
    const foreignSup = (await call('/sapi/wms/supplier-sku/list', { skuId: foreign })).data[0];
    const foreignPlat = (await call('/sapi/wms/ec-platform-sku/list', { skuId: foreign })).data[0];
    expect((await as('/sapi/wms/supplier-sku/detail', { id: foreignSup.id })).code).toBe(404);
    expect((await as('/sapi/wms/supplier-sku/edit', { id: foreignSup.id, supplierName: 'Hijacked' })).code).toBe(404);
    expect((await as('/sapi/wms/supplier-sku/remove', { id: foreignSup.id })).code).toBe(404);
    expect((await as('/sapi/wms/ec-platform-sku/edit', { id: foreignPlat.id, ecPlatformSku: 'Hijacked' })).code).toBe(404);
    expect((await as('/sapi/wms/ec-platform-sku/remove', { id: foreignPlat.id })).code).toBe(404);
    expect((await call('/sapi/wms/supplier-sku/detail', { id: foreignSup.id })).data.supplierName).toBe('Shenzhen Wires');
    expect((await call('/sapi/wms/ec-platform-sku/detail', { id: foreignPlat.id })).data.ecPlatformSku).toBe('N-CABLE-1');
    expect((await as('/sapi/wms/ec-platform-sku/page', { size: 100 })).data.records.every((r: Rec) => r.ownerId === owners.A)).toBe(true);

    // its own owner works as for anyone
    const own = await as('/sapi/wms/sku/add', { ownerId: owners.A, sku: 'A-SCOPED', name: 'Scoped add', enable: true, categoryId: cats.misc, weight: 1 });
    expect(own.code, own.msg).toBe(200);
    expect((await as('/sapi/wms/supplier-sku/add', { skuId: own.data.id, supplierName: 'Mine' })).data.ownerId).toBe(owners.A);
    expect((await as('/sapi/wms/sku/batchUpdateWeight', { ids: [own.data.id], weight: 4 })).data).toEqual({ updated: 1 });
    expect((await as('/sapi/wms/sku/remove', { id: own.data.id })).code).toBe(200);

    // an empty owner scope sees nothing
    const none = await userWith(t, admin, { codes: ['sku:list'], ownerIds: [] });
    expect((await t.call('/sapi/wms/sku/page', {}, none.token)).data).toMatchObject({ total: 0, records: [] });
    expect((await t.call('/sapi/wms/sku/count', {}, none.token)).data).toBe(0);
    expect((await t.call('/sapi/wms/sku/search', { keyword: 'rose' }, none.token)).data).toEqual([]);
  });

  it('needs sku:list to read, sku:add to add and change weights, sku:edit to edit and remove (spec 6)', async () => {
    const { token } = await userWith(t, admin, { codes: ['sku', 'sku:list'] });
    const as = (path: string, body: Rec = {}) => t.call(path, body, token);
    for (const path of ['/sapi/wms/sku/page', '/sapi/wms/sku/count', '/sapi/wms/sku/search', '/sapi/wms/supplier-sku/list', '/sapi/wms/ec-platform-sku/list']) expect((await as(path)).code, path).toBe(200);
    const s = ids['A:ROSE-30'];
    const refused: Array<[string, Rec]> = [
      ['/sapi/wms/sku/add', { ownerId: owners.A, sku: 'NOPE', name: 'Nope', enable: true, categoryId: cats.misc, weight: 1 }],
      ['/sapi/wms/sku/edit', { id: s, name: 'Nope' }],
      ['/sapi/wms/sku/remove', { id: s }],
      ['/sapi/wms/sku/batchUpdateWeight', { ids: [s], weight: 1 }],
      ['/sapi/wms/supplier-sku/add', { skuId: s, supplierName: 'Nope' }],
      ['/sapi/wms/ec-platform-sku/add', { skuId: s, ecPlatform: 7, ecPlatformSku: 'Nope' }],
    ];
    for (const [path, body] of refused) expect(await as(path, body), path).toMatchObject({ code: 403, msg: 'Insufficient permission' });
    const other = await userWith(t, admin, { codes: ['sku:add'] });
    expect((await t.call('/sapi/wms/sku/page', {}, other.token)).code).toBe(403);
    expect((await t.call('/sapi/wms/sku/batchUpdateWeight', { ids: [ids['A:ROSE-50']], weight: 0.4 }, other.token)).code).toBe(200);
  });
});
