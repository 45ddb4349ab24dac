/**
 * Manifest defaults on add, and server messages that name fields by their label in the caller's language
 * (X-Lang, docs/architecture.md), never by their API key: generic calls, change password, login, documents'
 * lines and the unique-violation message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarehouseType } from '../../generated/shared/enums';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, startTestApp, testDatabases, userWith, type TestApp } from './harness';

const ZH = { 'x-lang': 'zh' };

describe.each(testDatabases())('defaults and labelled messages on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const call = (path: string, body?: unknown, headers?: Record<string, string>) => t.call(path, body, admin, headers);
  let ownerId: number;
  let categoryId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    ownerId = (await call('/sapi/wms/owner/page', {})).data.records[0].id;
    categoryId = (await call('/sapi/wms/sku-category/add', { name: 'Labels test' })).data.id;
  });
  afterAll(async () => { await t?.close(); });

  it('adds a warehouse without its required type: the manifest default SELF_OPERATED; edit keeps what is left out', async () => {
    const added = await call('/sapi/wms/warehouse/add', { name: 'Default type DC', code: 'DEF01', status: 1 });
    expect(added, added.msg).toMatchObject({ code: 200, data: { type: WarehouseType.SELF_OPERATED, isDefault: false, status: 1 } });
    const partner = await call('/sapi/wms/warehouse/add', { name: 'Partner DC', code: 'DEF02', type: WarehouseType.PARTNER });
    expect(partner.data.type).toBe(WarehouseType.PARTNER);
    // edit does not fill defaults: an absent type stays PARTNER
    expect((await call('/sapi/wms/warehouse/edit', { id: partner.data.id, name: 'Partner DC 2' })).data).toMatchObject({ name: 'Partner DC 2', type: WarehouseType.PARTNER });
    // an explicit empty value is not "left out"
    expect(await call('/sapi/wms/warehouse/add', { name: 'Null type DC', code: 'DEF03', type: null })).toMatchObject({ code: 400, msg: 'Type cannot be empty' });
  });

  it('adds a SKU without enable as enabled (default true); edit without enable keeps false', async () => {
    const s = await call('/sapi/wms/sku/add', { ownerId, sku: 'DEF-SKU-1', name: 'Defaulted', categoryId, weight: 1 });
    expect(s, s.msg).toMatchObject({ code: 200, data: { enable: true } });
    expect((await call('/sapi/wms/sku/edit', { id: s.data.id, enable: false })).data.enable).toBe(false);
    expect((await call('/sapi/wms/sku/edit', { id: s.data.id, name: 'Renamed' })).data).toMatchObject({ name: 'Renamed', enable: false });
  });

  it('names a generic field by its label in en and zh, also inside a document line', async () => {
    expect(await call('/sapi/wms/warehouse/add', { code: 'LBL01' })).toMatchObject({ code: 400, msg: 'Warehouse name cannot be empty' });
    expect(await call('/sapi/wms/warehouse/add', { code: 'LBL01' }, ZH)).toMatchObject({ code: 400, msg: '仓库名称不能为空' });
    expect((await call('/sapi/wms/company/page', { sortProp: 'remark' }, ZH)).msg).toMatch(/^排序字段必须是以下之一：/);
    expect((await call('/sapi/wms/warehouse/detail', { id: 'x' })).msg).toBe('ID must be a positive integer');
    const w = (await call('/sapi/wms/warehouse/page', {})).data.records[0].id;
    const s = (await call('/sapi/wms/sku/add', { ownerId, sku: 'LBL-SKU', name: 'Line', categoryId, weight: 1 })).data.id;
    const order = { warehouseId: w, ownerId, lines: [{ skuId: s, plannedQty: 1 }, { skuId: s, batchNo: 'B', plannedQty: 0 }] };
    expect((await call('/sapi/wms/inbound-order/add', order)).msg).toBe('Line 2: Planned quantity cannot be less than 1');
    expect((await call('/sapi/wms/inbound-order/add', order, ZH)).msg).toBe('第2行：计划数量不能小于1');
    // a line that is no object gets a label too, not yup's own text with the API path
    expect((await call('/sapi/wms/inbound-order/add', { ...order, lines: ['x'] })).msg).toBe('Line 1 is not valid');
  });

  it('names the change-password fields by their labels in en and zh', async () => {
    const { token } = await userWith(t, admin, { codes: [], name: 'labeller' });
    const edit = (b: object, headers?: Record<string, string>) => t.call('/sapi/sys/user/current/edit', b, token, headers);
    const differ = { oldPassword: 'secret-1', password: 'newpass1', confirmPassword: 'newpass2' };
    expect((await edit(differ)).msg).toBe('Confirm password: the two passwords do not match');
    expect((await edit(differ, ZH)).msg).toBe('确认密码：两次输入的密码不一致');
    expect((await edit({ password: 'newpass1', confirmPassword: 'newpass1' }, ZH)).msg).toBe('旧密码不能为空');
    const wrongOld = { oldPassword: 'wrong-old', password: 'newpass1', confirmPassword: 'newpass1' };
    expect((await edit(wrongOld)).msg).toBe('Old password is wrong');
    expect((await edit(wrongOld, ZH)).msg).toBe('旧密码错误');
  });

  it('names the login captcha by its label in en and zh', async () => {
    const login = async (captcha: string, headers: Record<string, string> = {}) => {
      const { captchaId } = (await t.call('/sapi/captcha/get', { type: 1, time: Date.now() })).data;
      const payload = new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, captcha, captchaId }).toString();
      return (await t.app.inject({ method: 'POST', url: '/sapi/sys/user/login', payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } })).json();
    };
    expect(await login('nope')).toMatchObject({ code: 400, msg: 'Verification code is wrong or expired' });
    expect(await login('nope', ZH)).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
    expect(await login('', ZH)).toMatchObject({ code: 400, msg: '验证码不能为空' });
    expect((await login(CAPTCHA_ANSWER)).code).toBe(200);
  });

  it('names the fields of a unique violation by their labels', async () => {
    const body = { ownerId, sku: 'DUP-1', name: 'Dup', categoryId, weight: 1 };
    expect((await call('/sapi/wms/sku/add', body)).code).toBe(200);
    expect(await call('/sapi/wms/sku/add', body)).toMatchObject({ code: 409, msg: 'A duplicate exists: Goods owner, SKU' });
    expect(await call('/sapi/wms/sku/add', body, ZH)).toMatchObject({ code: 409, msg: '已存在重复数据：货主、SKU' });
    expect(await call('/sapi/wms/warehouse/add', { name: 'Another', code: 'DEF01' })).toMatchObject({ code: 409, msg: 'A duplicate exists: Warehouse code' });
  });
});
