/**
 * The console shell's state (issue 14; spec 2.2, 2.4, 7.1), without a DOM:
 * - the tab list (open / focus, close with the neighbour shown next, close others, close all, pinned tabs stay,
 *   cut to the views the user may open, stored form, the /redirect helper's view);
 * - the route rule for concrete paths the tabs are cut with;
 * - the loading-mask call count (skipLoading, background refreshes, http.ts and the data provider's reads);
 * - the error log (failed calls with path and what failed, cancels not logged, one entry per error, limit);
 * - the component-size and local-print preferences and the theme per size.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  parseTabs,
  redirectPathOf,
  settleTabs,
  viewOf,
  visitTab,
  type ViewTab,
} from '../../src/client/layout/tabs/tabList';
import { pathAllowed, routeOfPath } from '../../src/client/routing/RouteGuard';
import { beginCall, markBackgroundRefresh, maskedCalls, resetLoadingForTests } from '../../src/client/providers/loading';
import { sapi } from '../../src/client/providers/http';
import { createDataProvider } from '../../src/client/providers/createDataProvider';
import { clearErrorLog, ERROR_LOG_LIMIT, errorCount, errorLogEntries, logError } from '../../src/client/providers/errorLog';
import { componentSize, localPrint, preference } from '../../src/client/providers/preferences';
import { theme, themeOf } from '../../src/client/layout/theme';

const DASH: ViewTab = { key: '/dashboard', to: '/dashboard', pinned: true };
const tab = (key: string, to = key): ViewTab => ({ key, to });

describe('tab list (spec 2.2, 2.4)', () => {
  it('a visited view opens a tab once; a second visit updates where it leads', () => {
    let tabs = visitTab([DASH], '/sku/list/all', '/sku/list/all');
    tabs = visitTab(tabs, '/warehouse/list', '/warehouse/list');
    tabs = visitTab(tabs, '/sku/list/all', '/sku/list/all?filter=%7B%7D');
    expect(tabs).toEqual([DASH, tab('/sku/list/all', '/sku/list/all?filter=%7B%7D'), tab('/warehouse/list')]);
    expect(visitTab(tabs, '/warehouse/list', '/warehouse/list')).toBe(tabs); // unchanged: same array
  });

  it('closing the shown tab goes to the one that took its place, else the one before; a pinned tab stays', () => {
    const tabs = [DASH, tab('/a'), tab('/b'), tab('/c')];
    expect(closeTab(tabs, '/b', '/b')).toEqual({ tabs: [DASH, tab('/a'), tab('/c')], next: '/c' });
    expect(closeTab(tabs, '/c', '/c')).toEqual({ tabs: [DASH, tab('/a'), tab('/b')], next: '/b' });
    expect(closeTab(tabs, '/b', '/a')).toEqual({ tabs: [DASH, tab('/a'), tab('/c')], next: undefined });
    expect(closeTab(tabs, '/dashboard', '/dashboard').tabs).toBe(tabs);
    expect(closeTab([tab('/a')], '/a', '/a')).toEqual({ tabs: [], next: '/' });
  });

  it('close others keeps the pinned tabs and the chosen one, and shows it', () => {
    const tabs = [DASH, tab('/a'), tab('/b', '/b?x=1'), tab('/c')];
    expect(closeOtherTabs(tabs, '/b', '/c')).toEqual({ tabs: [DASH, tab('/b', '/b?x=1')], next: '/b?x=1' });
    expect(closeOtherTabs(tabs, '/b', '/b')).toEqual({ tabs: [DASH, tab('/b', '/b?x=1')], next: undefined });
    expect(closeOtherTabs(tabs, '/dashboard', '/a')).toEqual({ tabs: [DASH], next: '/dashboard' });
  });

  it('close all keeps the pinned tabs and shows the last of them (or /)', () => {
    const tabs = [DASH, tab('/a'), tab('/b')];
    expect(closeAllTabs(tabs, '/a')).toEqual({ tabs: [DASH], next: '/dashboard' });
    expect(closeAllTabs(tabs, '/dashboard')).toEqual({ tabs: [DASH] });
    expect(closeAllTabs([tab('/a')], '/a')).toEqual({ tabs: [], next: '/' });
  });

  it('settles the pinned tabs first and cuts the others to the allowed views', () => {
    const stored = [tab('/a'), tab('/dashboard', '/dashboard'), tab('/secret'), tab('/b')];
    expect(settleTabs(stored, [DASH], (k) => k !== '/secret')).toEqual([DASH, tab('/a'), tab('/b')]);
    // the dashboard no longer pinned (the user lost the code): dropped unless allowed
    expect(settleTabs([DASH, tab('/a')], [], (k) => k === '/a')).toEqual([tab('/a')]);
  });

  it('reads the stored list, dropping anything malformed', () => {
    expect(parseTabs(JSON.stringify([DASH, tab('/a'), { key: 'x', to: '/x' }, { key: '/y' }, null, 3]))).toEqual([DASH, tab('/a')]);
    expect(parseTabs('not json')).toEqual([]);
    expect(parseTabs('{"key":"/a"}')).toEqual([]);
    expect(parseTabs(null)).toEqual([]);
  });

  it('the refresh helper /redirect/{path*} belongs to the view of its path', () => {
    expect(redirectPathOf('/sku/list/all?x=1')).toBe('/redirect/sku/list/all?x=1');
    expect(viewOf('/redirect/sku/list/all', '?x=1')).toEqual({ key: '/sku/list/all', to: '/sku/list/all?x=1' });
    expect(viewOf('/warehouse/list/')).toEqual({ key: '/warehouse/list', to: '/warehouse/list' });
    expect(viewOf('/redirectx')).toEqual({ key: '/redirectx', to: '/redirectx' });
  });
});

describe('route rule for a concrete path (spec 6)', () => {
  it('finds the manifest route of a path and applies its code', () => {
    expect(routeOfPath('/company/edit/3')).toBe('/company/edit/:id');
    expect(routeOfPath('/sku/list/all?x=1')).toBe('/sku/list/all');
    expect(routeOfPath('/no/such')).toBeUndefined();
    expect(pathAllowed(['sku', 'sku:list'], '/sku/list/all')).toBe(true);
    expect(pathAllowed(['sku:list'], '/warehouse/list')).toBe(false);
    expect(pathAllowed(['admin'], '/company/edit/3')).toBe(true);
    expect(pathAllowed(['admin'], '/no/such')).toBe(false);
  });
});

/** A fetch answering every call with `envelope` after `ms` (0: at once). */
function answerWith(envelope: unknown, ms = 0) {
  return vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const done = () => resolve(new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } }));
        const timer = setTimeout(done, ms);
        init.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  );
}

describe('loading mask calls (spec 7.1)', () => {
  beforeEach(() => resetLoadingForTests());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetLoadingForTests();
  });

  it('counts a call until it ends; a skipLoading call never', () => {
    const end = beginCall();
    const quiet = beginCall(true);
    expect(maskedCalls()).toBe(1);
    end();
    end(); // closing twice does not count twice
    quiet();
    expect(maskedCalls()).toBe(0);
  });

  it('calls started right after a background-refresh mark (microtasks too) skip the mask; later ones do not', async () => {
    markBackgroundRefresh();
    await Promise.resolve();
    const inMark = beginCall();
    expect(maskedCalls()).toBe(0);
    inMark();
    await new Promise((r) => setTimeout(r, 0));
    const after = beginCall();
    expect(maskedCalls()).toBe(1);
    after();
  });

  it('sapi holds the mask while the call runs, unless skipLoading', async () => {
    vi.stubGlobal('fetch', answerWith({ code: 200, data: 1 }, 20));
    const masked = sapi('/sapi/x');
    expect(maskedCalls()).toBe(1);
    await masked;
    expect(maskedCalls()).toBe(0);
    const quiet = sapi('/sapi/x', {}, { skipLoading: true });
    expect(maskedCalls()).toBe(0);
    await quiet;
    // a failed call releases it too
    vi.stubGlobal('fetch', answerWith({ code: 400, msg: 'bad', data: null }, 5));
    const failed = sapi('/sapi/x');
    expect(maskedCalls()).toBe(1);
    await expect(failed).rejects.toThrow('bad');
    expect(maskedCalls()).toBe(0);
  });

  it("the data provider's autocomplete reads (meta.skipLoading) and reference look-ups (getMany) skip the mask; list reads and writes do not", async () => {
    vi.stubGlobal('fetch', answerWith({ code: 200, data: { records: [], total: 0, current: 1 } }, 5));
    const dp = createDataProvider({ owner: '/sapi/wms/owner' });
    const during = async (p: Promise<unknown>) => {
      const n = maskedCalls();
      await p;
      return n;
    };
    const list = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
    expect(await during(dp.getList('owner', list))).toBe(1);
    expect(await during(dp.getList('owner', { ...list, meta: { skipLoading: true } }))).toBe(0);
    expect(await during(dp.getMany('owner', { ids: [1] }))).toBe(0);
    expect(await during(dp.create('owner', { data: { name: 'x' } }))).toBe(1);
    expect(await during(dp.call('/sapi/sys/fileExport/query', { id: 1 }, { skipLoading: true }))).toBe(0);
  });
});

describe('error log (spec 2.4)', () => {
  beforeEach(() => clearErrorLog());
  afterEach(() => vi.unstubAllGlobals());

  it('logs a failed call with its path, the envelope code or HTTP status, and its message', async () => {
    vi.stubGlobal('fetch', answerWith({ code: 400, msg: 'Warehouse name cannot be empty', data: null }));
    await expect(sapi('/sapi/wms/warehouse/add', { name: '' })).rejects.toThrow();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('bad gateway', { status: 502 })));
    await expect(sapi('/sapi/wms/warehouse/page')).rejects.toThrow();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(sapi('/sapi/wms/owner/page')).rejects.toThrow();
    expect(errorLogEntries().map(({ kind, message, info, url }) => ({ kind, message, info, url }))).toEqual([
      { kind: 'call', message: 'Warehouse name cannot be empty', info: 'POST, code 400', url: '/sapi/wms/warehouse/add' },
      { kind: 'call', message: 'Request failed with status code 502', info: 'POST, HTTP 502', url: '/sapi/wms/warehouse/page' },
      { kind: 'call', message: 'Failed to fetch', info: 'POST, no answer', url: '/sapi/wms/owner/page' },
    ]);
    expect(errorLogEntries()[0].stack).toContain('HttpError');
    // the refusal is a warning, not counted on the badge; the failures are errors (issue 27)
    expect(errorLogEntries().map((e) => e.level)).toEqual(['warning', 'error', 'error']);
    expect(errorCount(errorLogEntries())).toBe(2);
  });

  it("does not log a call the caller cancelled", async () => {
    vi.stubGlobal('fetch', answerWith({ code: 200, data: null }, 50));
    const controller = new AbortController();
    const call = sapi('/sapi/wms/sku/page', {}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(errorLogEntries()).toEqual([]);
  });

  it('logs an error object once, and keeps the newest entries up to the limit', () => {
    const error = new Error('boom');
    logError({ kind: 'call', level: 'error', message: 'boom', info: '', url: '/sapi/a', stack: '' }, error);
    logError({ kind: 'rejection', level: 'error', message: 'boom', info: '', url: '/x', stack: '' }, error);
    expect(errorLogEntries()).toHaveLength(1);
    for (let i = 0; i < ERROR_LOG_LIMIT + 5; i++) logError({ kind: 'error', level: 'error', message: `e${i}`, info: '', url: '', stack: '' });
    expect(errorLogEntries()).toHaveLength(ERROR_LOG_LIMIT);
    expect(errorLogEntries().at(-1)?.message).toBe(`e${ERROR_LOG_LIMIT + 4}`);
    clearErrorLog();
    expect(errorLogEntries()).toEqual([]);
  });
});

describe('per-browser settings and the theme per size (spec 2.4)', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('component size: default unless a known size is stored; the choice is stored and announced', () => {
    expect(componentSize.get()).toBe('default');
    store.set('wms.componentSize', 'huge');
    expect(componentSize.get()).toBe('default');
    const heard = vi.fn();
    const stop = componentSize.subscribe(heard);
    componentSize.set('small');
    stop();
    expect(store.get('wms.componentSize')).toBe('small');
    expect(componentSize.get()).toBe('small');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('local print: off unless stored on', () => {
    expect(localPrint.get()).toBe(false);
    localPrint.set(true);
    expect(store.get('wms.localPrint')).toBe('on');
    expect(localPrint.get()).toBe(true);
    store.set('wms.localPrint', 'maybe');
    expect(localPrint.get()).toBe(false);
  });

  it('a preference works without localStorage (in memory)', () => {
    vi.stubGlobal('localStorage', undefined);
    const p = preference('x', 1, (raw) => Number(raw));
    p.set(5);
    expect(p.get()).toBe(5);
  });

  it('medium and small shrink the base font and make buttons and tables small; default is the plain theme', () => {
    expect(themeOf('default')).toBe(theme);
    expect(themeOf('small')).toBe(themeOf('small')); // one object per size
    const small = themeOf('small') as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const medium = themeOf('medium') as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(medium.typography.fontSize).toBe(13);
    expect(small.typography.fontSize).toBe(12);
    expect(small.components.MuiButton.defaultProps.size).toBe('small');
    expect(small.components.MuiTable.defaultProps.size).toBe('small');
    expect(small.components.MuiFilledInput.styleOverrides.inputSizeSmall.paddingTop).toBeLessThan(medium.components.MuiFilledInput.styleOverrides.inputSizeSmall.paddingTop);
    // the rest of the theme stays: breakpoints, the forms' noValidate, react-admin's input defaults
    expect(small.breakpoints).toEqual(theme.breakpoints);
    expect(small.components.RaSimpleForm).toEqual({ defaultProps: { noValidate: true } });
    expect(small.components.MuiTextField.defaultProps.variant).toBe('filled');
  });
});
