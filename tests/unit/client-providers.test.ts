/**
 * Console providers (spec 6, 7.1, 8; docs/architecture.md): http.ts headers, time-zone format and envelope
 * handling; createDataProvider's mapping to the generic /sapi calls; the auth provider and canAccess rules.
 * globalThis.fetch is mocked; node has no localStorage, so an in-memory one is installed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTimeZone, sapi, resetHttpStateForTests } from '../../src/client/providers/http';
import { setNavigator, setNotifier } from '../../src/client/providers/bridge';
import { getToken, setToken, TOKEN_KEY } from '../../src/client/providers/session';
import { setCurrentLocale } from '../../src/client/providers/locale';
import { createDataProvider, toPageBody } from '../../src/client/providers/createDataProvider';
import { createAuthProvider, loginUrlFor } from '../../src/client/providers/createAuthProvider';
import { canAccessWith, type AccessCodes } from '../../src/client/providers/access';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

/** Installs a fresh MemoryStorage as globalThis.localStorage (node has none). */
function installStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  return storage;
}

interface RecordedRequest {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
  body: any;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;

/**
 * Mocks globalThis.fetch. `answer(url, body)` returns the response to give; default is envelope
 * `{code: 200, data: null}`. Returns the list of recorded requests.
 */
function mockFetch(answer: (url: string, body: any) => Answer = () => ({ body: { code: 200, msg: 'ok', data: null } })) {
  const requests: RecordedRequest[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    const headers = { ...(init.headers as Record<string, string>) };
    const raw = init.body as string;
    const isForm = (headers['Content-Type'] || '').startsWith('application/x-www-form-urlencoded');
    const body = isForm ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : undefined;
    requests.push({ url, init, headers, body });
    const a = answer(url, body);
    if (a instanceof Error) throw a;
    return new Response(JSON.stringify(a.body ?? { code: 200, data: null }), {
      status: a.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...(a.headers ?? {}) },
    });
  });
  vi.stubGlobal('fetch', fn);
  return requests;
}
describe('formatTimeZone', () => {
  it('gives signed whole hours from the browser offset', () => {
    expect(formatTimeZone(-480)).toBe('+8'); // UTC+8
    expect(formatTimeZone(300)).toBe('-5'); // UTC-5
    expect(formatTimeZone(0)).toBe('');
    expect(formatTimeZone(-60)).toBe('+1');
    expect(formatTimeZone(-330)).toBe('+5'); // +5:30 truncated
    expect(formatTimeZone(210)).toBe('-3'); // -3:30 truncated
    expect(formatTimeZone(-840)).toBe('+14');
  });
  it('defaults to the current offset', () => {
    expect(formatTimeZone()).toBe(formatTimeZone(new Date().getTimezoneOffset()));
  });
});

describe('sapi', () => {
  let navigations: string[];
  let notices: string[];
  beforeEach(() => {
    installStorage();
    resetHttpStateForTests();
    setCurrentLocale('en');
    navigations = [];
    notices = [];
    setNavigator(path => navigations.push(path));
    setNotifier(message => notices.push(message));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(undefined);
    setNotifier(undefined);
  });

  it('POSTs JSON with token, time-zone and language headers and cookies', async () => {
    setToken('tok-1');
    const requests = mockFetch(() => ({ body: { code: 200, msg: 'ok', data: { a: 1 } } }));
    await expect(sapi('/sapi/x/detail', { id: 3 })).resolves.toEqual({ a: 1 });
    const [req] = requests;
    expect(req.url).toBe('/sapi/x/detail');
    expect(req.init.method).toBe('POST');
    expect(req.init.credentials).toBe('include');
    expect(req.init.signal).toBeInstanceOf(AbortSignal);
    expect(req.headers['Content-Type']).toBe('application/json');
    expect(req.headers['X-Token']).toBe('tok-1');
    expect(req.headers['X-Time-Zone']).toBe(formatTimeZone());
    expect(req.headers['X-Lang']).toBe('en');
    expect(req.body).toEqual({ id: 3 });
  });

  it('sends no X-Token when logged out and follows the locale in X-Lang', async () => {
    setCurrentLocale('zh');
    const requests = mockFetch();
    await sapi('/sapi/x/list', {});
    expect(requests[0].headers).not.toHaveProperty('X-Token');
    expect(requests[0].headers['X-Lang']).toBe('zh');
  });

  it('form-encodes when asked (login)', async () => {
    const requests = mockFetch(() => ({ body: { code: 200, data: { token: 't' } } }));
    await sapi('/sapi/sys/user/login', { username: 'a b', password: 'p&q', captcha: '12', captchaId: 'c' }, { form: true });
    expect(requests[0].headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(requests[0].init.body).toBe('username=a+b&password=p%26q&captcha=12&captchaId=c');
  });

  it('replaces the stored token when the response carries X-New-Token', async () => {
    setToken('old');
    mockFetch(() => ({ body: { code: 200, data: 1 }, headers: { 'X-New-Token': 'new' } }));
    await sapi('/sapi/x', {});
    expect(getToken()).toBe('new');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('new');
  });

  it('code 600: shows the message, clears the token and rejects with status 600', async () => {
    setToken('dead');
    mockFetch(() => ({ body: { code: 600, msg: 'not logged in', data: null } }));
    await expect(sapi('/sapi/x', {})).rejects.toMatchObject({
      status: 600,
      message: 'Not logged in or session expired',
    });
    expect(getToken()).toBeNull();
    expect(notices).toEqual(['Not logged in or session expired']);
    // parallel calls failing the same way show the message once
    await expect(sapi('/sapi/y', {})).rejects.toMatchObject({ status: 600 });
    expect(notices).toHaveLength(1);
  });

  it('code 600 message follows the locale', async () => {
    setCurrentLocale('zh');
    mockFetch(() => ({ body: { code: 600, msg: 'x', data: null } }));
    await expect(sapi('/sapi/x', {})).rejects.toMatchObject({ message: '未登录或登录已失效' });
  });

  it('code 403 rejects with insufficient permission and keeps the token', async () => {
    setToken('tok');
    mockFetch(() => ({ body: { code: 403, msg: 'forbidden: warehouse:add', data: null } }));
    await expect(sapi('/sapi/x', {})).rejects.toMatchObject({ status: 403, message: 'Insufficient permission' });
    setCurrentLocale('zh');
    await expect(sapi('/sapi/x', {})).rejects.toMatchObject({ message: '权限不足' });
    expect(getToken()).toBe('tok');
  });

  it('other codes reject with the server msg and the envelope as body', async () => {
    mockFetch(() => ({ body: { code: 409, msg: 'Insufficient inventory', data: null } }));
    const error = await sapi('/sapi/x', {}).catch(e => e);
    expect(error.message).toBe('Insufficient inventory');
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ code: 409, msg: 'Insufficient inventory', data: null });
  });

  it('HTTP 401/403 go to /401 and HTTP 404 to /404', async () => {
    mockFetch(url => ({ status: Number(url.split('/').pop()), body: {} }));
    await expect(sapi('/sapi/401', {})).rejects.toMatchObject({ status: 401 });
    await expect(sapi('/sapi/403', {})).rejects.toMatchObject({ status: 403 });
    await expect(sapi('/sapi/404', {})).rejects.toMatchObject({ status: 404 });
    await expect(sapi('/sapi/502', {})).rejects.toMatchObject({ status: 502, message: 'Request failed with status code 502' });
    expect(navigations).toEqual(['/401', '/401', '/404']);
  });

  it('network failures reject with the error message', async () => {
    mockFetch(() => new TypeError('Failed to fetch'));
    await expect(sapi('/sapi/x', {})).rejects.toMatchObject({ message: 'Failed to fetch', status: 0 });
  });

  it('aborts after the time-out (90 000 ms by default)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    await expect(sapi('/sapi/slow', {}, { timeout: 20 })).rejects.toMatchObject({
      status: 0,
      message: 'Request timed out after 20 ms',
    });
  });
});

const P = '/sapi/wms/warehouse';
const dp = createDataProvider({ warehouse: P });

describe('createDataProvider', () => {
  beforeEach(() => {
    installStorage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('getList -> P/page with paging, sort and filters; {records,total} -> {data,total}', async () => {
    const requests = mockFetch(() => ({
      body: { code: 200, data: { records: [{ id: 1 }, { id: 2 }], current: 2, total: 12 } },
    }));
    const result = await dp.getList('warehouse', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: { name: 'main', status: 1 },
    });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 12 });
    expect(requests[0].url).toBe(`${P}/page`);
    expect(requests[0].body).toEqual({ name: 'main', status: 1, current: 2, size: 10, sortProp: 'name', sortOrder: 'desc' });
  });

  it('getList: a capped total (totalCapped, server crud/count.ts) travels as meta.totalCapped for the pager', async () => {
    mockFetch(() => ({ body: { code: 200, data: { records: [{ id: 1 }], current: 1, total: 10000, totalCapped: true } } }));
    await expect(dp.getList('warehouse', { pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' }, filter: {} }))
      .resolves.toEqual({ data: [{ id: 1 }], total: 10000, meta: { totalCapped: true } });
  });

  it('toPageBody: asc order, no sort when no field, defaults', () => {
    expect(toPageBody({ sort: { field: 'qty', order: 'ASC' } })).toMatchObject({ sortProp: 'qty', sortOrder: 'asc' });
    expect(toPageBody({ sort: { field: '', order: 'ASC' } })).toEqual({ current: 1, size: 10 });
    expect(toPageBody({})).toEqual({ current: 1, size: 10 });
  });

  it('getOne -> P/detail {id}', async () => {
    const requests = mockFetch(() => ({ body: { code: 200, data: { id: 5, name: 'W5' } } }));
    await expect(dp.getOne('warehouse', { id: 5 })).resolves.toEqual({ data: { id: 5, name: 'W5' } });
    expect(requests[0]).toMatchObject({ url: `${P}/detail`, body: { id: 5 } });
  });

  it('getMany -> P/list {ids}', async () => {
    const requests = mockFetch(() => ({ body: { code: 200, data: [{ id: 1 }, { id: 3 }] } }));
    await expect(dp.getMany('warehouse', { ids: [1, 3] })).resolves.toEqual({ data: [{ id: 1 }, { id: 3 }] });
    expect(requests[0]).toMatchObject({ url: `${P}/list`, body: { ids: [1, 3] } });
  });

  it('getManyReference -> P/page with {[target]: id}', async () => {
    const requests = mockFetch(() => ({ body: { code: 200, data: { records: [], current: 1, total: 0 } } }));
    const result = await dp.getManyReference('warehouse', {
      target: 'ownerId',
      id: 7,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 1 },
    });
    expect(result).toEqual({ data: [], total: 0 });
    expect(requests[0].body).toEqual({ status: 1, ownerId: 7, current: 1, size: 25, sortProp: 'id', sortOrder: 'asc' });
  });

  it('create -> P/add, update -> P/edit {id, ...data}', async () => {
    const requests = mockFetch((url, body) => ({ body: { code: 200, data: { id: body.id ?? 9, ...body } } }));
    await expect(dp.create('warehouse', { data: { name: 'N' } })).resolves.toEqual({ data: { id: 9, name: 'N' } });
    await expect(dp.update('warehouse', { id: 4, data: { name: 'M' }, previousData: { id: 4 } })).resolves.toEqual({
      data: { id: 4, name: 'M' },
    });
    expect(requests.map(r => [r.url, r.body])).toEqual([
      [`${P}/add`, { name: 'N' }],
      [`${P}/edit`, { id: 4, name: 'M' }],
    ]);
  });

  it('delete -> P/remove {id} and returns previousData', async () => {
    const requests = mockFetch();
    await expect(dp.delete('warehouse', { id: 4, previousData: { id: 4, name: 'old' } })).resolves.toEqual({
      data: { id: 4, name: 'old' },
    });
    expect(requests[0]).toMatchObject({ url: `${P}/remove`, body: { id: 4 } });
  });

  it('deleteMany and updateMany loop over ids', async () => {
    const requests = mockFetch();
    await expect(dp.deleteMany('warehouse', { ids: [1, 2] })).resolves.toEqual({ data: [1, 2] });
    await expect(dp.updateMany('warehouse', { ids: [3], data: { status: -1 } })).resolves.toEqual({ data: [3] });
    expect(requests.map(r => [r.url, r.body])).toEqual([
      [`${P}/remove`, { id: 1 }],
      [`${P}/remove`, { id: 2 }],
      [`${P}/edit`, { id: 3, status: -1 }],
    ]);
  });

  it('lock / unlock / call', async () => {
    const requests = mockFetch((url, body) => ({ body: { code: 200, data: { id: body.id, status: url.endsWith('/lock') ? -1 : 1 } } }));
    await expect(dp.lock('warehouse', { id: 2 })).resolves.toEqual({ data: { id: 2, status: -1 } });
    await expect(dp.unlock('warehouse', { id: 2 })).resolves.toEqual({ data: { id: 2, status: 1 } });
    await dp.call('/sapi/wms/sku/batchUpdateWeight', { ids: [1], weight: 2 });
    expect(requests.map(r => r.url)).toEqual([`${P}/lock`, `${P}/unlock`, '/sapi/wms/sku/batchUpdateWeight']);
  });

  it('rejects with the server msg', async () => {
    mockFetch(() => ({ body: { code: 400, msg: 'name: cannot be empty', data: null } }));
    await expect(dp.create('warehouse', { data: {} })).rejects.toMatchObject({ message: 'name: cannot be empty', status: 400 });
  });

  it('unknown resources fail clearly', async () => {
    mockFetch();
    await expect(dp.getOne('nope', { id: 1 })).rejects.toThrow(/Unknown resource "nope"/);
  });
});

describe('canAccessWith (spec 6)', () => {
  const codes: AccessCodes = {
    warehouse: { list: 'warehouse:list', create: 'warehouse:add', lock: 'warehouse:lock' },
    country: { create: 'reference:edit' },
  };
  it('admin passes every check', () => {
    expect(canAccessWith(['admin'], 'warehouse', 'create', codes)).toBe(true);
    expect(canAccessWith(['admin'], 'anything', 'delete', codes)).toBe(true);
  });
  it('needs the action code in roles', () => {
    expect(canAccessWith(['warehouse', 'warehouse:list'], 'warehouse', 'list', codes)).toBe(true);
    expect(canAccessWith(['warehouse', 'warehouse:list'], 'warehouse', 'create', codes)).toBe(false);
    expect(canAccessWith(['warehouse:lock'], 'warehouse', 'lock', codes)).toBe(true);
    expect(canAccessWith([], 'warehouse', 'list', codes)).toBe(false);
  });
  it('an action or resource without a code is open', () => {
    expect(canAccessWith([], 'warehouse', 'show', codes)).toBe(true);
    expect(canAccessWith([], 'country', 'list', codes)).toBe(true);
    expect(canAccessWith([], 'unknown', 'list', codes)).toBe(true);
    expect(canAccessWith([], 'toString', 'list', codes)).toBe(true);
  });
  it('missing roles deny coded actions', () => {
    expect(canAccessWith(undefined, 'warehouse', 'list', codes)).toBe(false);
  });
});

describe('createAuthProvider', () => {
  let navigations: string[];
  let notices: string[];
  const codes: AccessCodes = { warehouse: { list: 'warehouse:list', delete: 'warehouse:remove' } };
  const user = { id: 1, name: 'Ann', avatar: '', roles: ['ops', 'warehouse', 'warehouse:list'] };

  beforeEach(() => {
    installStorage();
    resetHttpStateForTests();
    setCurrentLocale('en');
    navigations = [];
    notices = [];
    setNavigator(path => navigations.push(path));
    setNotifier(message => notices.push(message));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(undefined);
    setNotifier(undefined);
  });

  it('login posts the form and stores the token', async () => {
    const requests = mockFetch(() => ({ body: { code: 200, data: { token: 'T1' } } }));
    const auth = createAuthProvider(codes);
    await auth.login({ username: 'ann', password: 'secret1', captcha: 'ab12', captchaId: 'c1' });
    expect(requests[0].url).toBe('/sapi/sys/user/login');
    expect(requests[0].headers['Content-Type']).toMatch(/x-www-form-urlencoded/);
    expect(requests[0].body).toEqual({ username: 'ann', password: 'secret1', captcha: 'ab12', captchaId: 'c1' });
    expect(getToken()).toBe('T1');
  });

  it('login failure rejects with the server msg and stores nothing', async () => {
    mockFetch(() => ({ body: { code: 400, msg: 'Wrong verification code', data: null } }));
    const auth = createAuthProvider(codes);
    await expect(auth.login({ username: 'a', password: 'b', captcha: 'c', captchaId: 'd' })).rejects.toThrow(
      'Wrong verification code',
    );
    expect(getToken()).toBeNull();
  });

  it('checkAuth rejects with a login redirect when there is no token (spec 2.2)', async () => {
    const auth = createAuthProvider(codes);
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login?redirect=%2F' });
    setToken('T');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('loginUrlFor keeps the wanted path', () => {
    expect(loginUrlFor('/warehouse/list?x=1')).toBe('/login?redirect=%2Fwarehouse%2Flist%3Fx%3D1');
    expect(loginUrlFor('/login?redirect=%2Fa')).toBe('/login');
  });

  it('checkError rejects only on 600', async () => {
    const auth = createAuthProvider(codes);
    await expect(auth.checkError({ status: 600 })).rejects.toBeDefined();
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 400 })).resolves.toBeUndefined();
  });

  it('identity, permissions and canAccess come from one cached current/detail call', async () => {
    setToken('T');
    const requests = mockFetch(() => ({ body: { code: 200, data: user } }));
    const auth = createAuthProvider(codes);
    await expect(auth.getIdentity!()).resolves.toMatchObject({ id: 1, fullName: 'Ann' });
    await expect(auth.getPermissions!({})).resolves.toEqual(user.roles);
    await expect(auth.canAccess!({ resource: 'warehouse', action: 'list' })).resolves.toBe(true);
    await expect(auth.canAccess!({ resource: 'warehouse', action: 'delete' })).resolves.toBe(false);
    expect(requests.filter(r => r.url === '/sapi/sys/user/current/detail')).toHaveLength(1);
  });

  it('roles that are not an array fail the check: token cleared, message shown, back home', async () => {
    setToken('T');
    mockFetch(() => ({ body: { code: 200, data: { ...user, roles: null } } }));
    const auth = createAuthProvider(codes);
    await expect(auth.getPermissions!({})).rejects.toThrow('roles must be a non-null array');
    expect(getToken()).toBeNull();
    expect(notices).toEqual(['roles must be a non-null array']);
    expect(navigations).toEqual(['/login?redirect=%2F']);
  });

  it('a failing detail call shows the verification message', async () => {
    setToken('T');
    mockFetch(() => ({ body: { code: 500, msg: 'boom', data: null } }));
    const auth = createAuthProvider(codes);
    await expect(auth.getIdentity!()).rejects.toThrow('boom');
    expect(getToken()).toBeNull();
    expect(notices).toEqual(['Verification failed, please login again']);
  });

  it('a detail call without an answer (network, page left) keeps the session and asks again', async () => {
    setToken('T');
    mockFetch(() => new TypeError('Failed to fetch'));
    const auth = createAuthProvider(codes);
    await expect(auth.getPermissions!({})).rejects.toMatchObject({ status: 0 });
    expect([getToken(), notices, navigations]).toEqual(['T', [], []]);
    mockFetch(() => ({ body: { code: 200, data: user } }));
    await expect(auth.getPermissions!({})).resolves.toEqual(user.roles);
  });

  it('logout calls the server, clears the token and ignores errors', async () => {
    setToken('T');
    const requests = mockFetch(() => ({ body: { code: 600, msg: 'expired', data: null } }));
    const auth = createAuthProvider(codes);
    await expect(auth.logout({})).resolves.toBe('/login?redirect=%2F');
    expect(requests[0].url).toBe('/sapi/sys/user/logout');
    expect(getToken()).toBeNull();
    expect(notices).toEqual([]); // a dead token on logout is not a session-expiry notice
  });

  it('canAccess leaves a missing or expired session to the auth check', async () => {
    const auth = createAuthProvider(codes);
    mockFetch(() => ({ body: { code: 600, msg: 'expired', data: null } }));
    await expect(auth.canAccess!({ resource: 'warehouse', action: 'delete' })).resolves.toBe(true);
    setToken('T');
    await expect(auth.canAccess!({ resource: 'warehouse', action: 'delete' })).resolves.toBe(true);
    expect(getToken()).toBeNull();
    // spec 8: a token that fails the user check is a failed verification
    expect(notices).toEqual(['Verification failed, please login again']);
  });

  it('a stale token is "not logged in" for the guards, never "no permission" (issue 27)', async () => {
    const auth = createAuthProvider(codes);
    await expect(auth.getPermissions!({})).resolves.toEqual([]);
    mockFetch(() => ({ body: { code: 600, msg: 'expired', data: null } }));
    setToken('T');
    await expect(auth.getPermissions!({})).rejects.toMatchObject({ status: 600 });
    expect(getToken()).toBeNull();
    // checkError then clears the session, and react-admin logs out to the login page with the wanted path
    await expect(auth.checkError!({ status: 600 })).rejects.toMatchObject({ message: false });
    expect(notices).toEqual(['Verification failed, please login again']);
  });

  it('logout without a token makes no call', async () => {
    const requests = mockFetch();
    await createAuthProvider(codes).logout({});
    expect(requests).toHaveLength(0);
  });
});
