// @vitest-environment jsdom
/**
 * The console shell in a DOM (issue 14; spec 2.1, 2.2, 2.4, 7.1):
 * - the loading mask shows only after MASK_DELAY_MS of a running call, and goes when it ends;
 * - the error log takes the window's errors and unhandled rejections, and its dialog lists message, info, URL
 *   and stack with a count badge;
 * - /auth-redirect takes the token from the query or the opener (same origin, that window only) and goes on;
 * - opener/callback: a page opened for a result hands it back to its opener (same origin, its own request)
 *   and closes;
 * - the local-print toggle is kept per browser; the plugin download shows only once its URL is set;
 * - the tabs bar in the assembled console: visited views open tabs, a reload keeps them, the context menu
 *   closes others, middle click closes, the pinned dashboard stays, refresh re-mounts the view, and the
 *   list is cut to the views the user may open.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { App } from '../../src/client/App';
import { i18nProvider } from '../../src/client/providers/i18nProvider';
import { getToken, setToken, TABS_KEY } from '../../src/client/providers/session';
import { LoadingMask } from '../../src/client/layout/LoadingMask';
import { beginCall, installBackgroundRefreshMarks, MASK_DELAY_MS, maskedCalls, resetLoadingForTests } from '../../src/client/providers/loading';
import { clearErrorLog, errorLogEntries, installGlobalErrorLog, logCallFailure } from '../../src/client/providers/errorLog';
import { ErrorLogButton } from '../../src/client/layout/topBar/ErrorLogButton';
import { PrintMenu, PRINT_PLUGIN_URL } from '../../src/client/layout/topBar/PrintMenu';
import { AuthRedirect } from '../../src/client/routing/AuthRedirect';
import { AUTH_READY_TYPE, AUTH_TOKEN_TYPE, readAuthRedirect, tokenFromOpener } from '../../src/client/routing/authRedirect';
import { HAND_BACK_TYPE, handBack, openForResult, openerRequest, withOpenerParams } from '../../src/client/routing/openerCallback';
import { renderWithAdmin } from './console-harness';

configure({ asyncUtilTimeout: 5000 });

describe('loading mask (spec 7.1)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetLoadingForTests();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    resetLoadingForTests();
  });

  it(`shows after ${MASK_DELAY_MS} ms of a running call and goes when it ends`, () => {
    render(<LoadingMask />);
    let end!: () => void;
    act(() => {
      end = beginCall();
    });
    act(() => vi.advanceTimersByTime(MASK_DELAY_MS - 1));
    expect(screen.queryByTestId('loading-mask')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('loading-mask')).toBeTruthy();
    act(() => end());
    expect(screen.queryByTestId('loading-mask')).toBeNull();
  });

  it('never shows for quick calls, nor for skipLoading ones', () => {
    render(<LoadingMask />);
    for (let i = 0; i < 5; i++) {
      let end!: () => void;
      act(() => {
        end = beginCall();
      });
      act(() => vi.advanceTimersByTime(MASK_DELAY_MS - 50));
      act(() => end());
    }
    act(() => {
      beginCall(true);
    });
    act(() => vi.advanceTimersByTime(5 * MASK_DELAY_MS));
    expect(screen.queryByTestId('loading-mask')).toBeNull();
  });
});

describe("react-query's own refetches are background calls (spec 7.1)", () => {
  afterEach(() => resetLoadingForTests());

  it('a call started right after the window becomes visible again, or the network returns, skips the mask', async () => {
    const uninstall = installBackgroundRefreshMarks(window);
    try {
      expect(document.visibilityState).toBe('visible');
      // react-query listens on the window, after the console's capture listener, and fetches a microtask later
      const ends: Array<() => void> = [];
      window.addEventListener('visibilitychange', () => queueMicrotask(() => ends.push(beginCall())), { once: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
      ends.push(beginCall());
      expect(ends).toHaveLength(2);
      expect(maskedCalls()).toBe(0);
      await new Promise((r) => setTimeout(r, 0));
      ends.push(beginCall()); // a later call by the user
      expect(maskedCalls()).toBe(1);
      ends.forEach((end) => end());
    } finally {
      uninstall();
    }
  });
});

describe('error log (spec 2.4)', () => {
  let uninstall: () => void = () => {};
  beforeEach(() => {
    clearErrorLog();
    uninstall = installGlobalErrorLog(window);
  });
  afterEach(() => {
    uninstall();
    cleanup();
  });

  it("takes the window's uncaught errors and unhandled rejections", () => {
    const error = new Error('kaboom');
    window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught Error: kaboom', error, filename: 'http://x/app.js', lineno: 3, colno: 7 }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('nobody caught me') });
    window.dispatchEvent(rejection);
    const again = Object.assign(new Event('unhandledrejection'), { reason: error }); // already logged
    window.dispatchEvent(again);
    expect(errorLogEntries().map(({ kind, message, info, url }) => ({ kind, message, info, url }))).toEqual([
      { kind: 'error', message: 'Uncaught Error: kaboom', info: 'http://x/app.js:3:7', url: window.location.href },
      { kind: 'rejection', message: 'nobody caught me', info: 'unhandled rejection', url: window.location.href },
    ]);
    expect(errorLogEntries()[0].stack).toContain('kaboom');
  });

  it('shows the count on the button and lists message, info, URL and stack in the dialog; Clear empties it', async () => {
    renderWithAdmin(<ErrorLogButton />);
    act(() => logCallFailure('/sapi/wms/sku/page', new Error('Request failed with status code 500'), 'HTTP 500'));
    act(() => logCallFailure('/sapi/wms/owner/add', new Error('Name cannot be empty'), 'code 400'));
    const button = await screen.findByTestId('error-log-button');
    expect(within(button).getByText('2')).toBeTruthy();
    fireEvent.click(button);
    const dialog = await screen.findByTestId('error-log-dialog');
    const rows = within(dialog).getAllByTestId('error-log-row');
    expect(rows).toHaveLength(2);
    // newest first
    expect(within(rows[0]).getByTestId('error-log-message').textContent).toBe('Name cannot be empty');
    expect(within(rows[0]).getByTestId('error-log-info').textContent).toBe('POST, code 400');
    expect(within(rows[0]).getByTestId('error-log-url').textContent).toBe('/sapi/wms/owner/add');
    expect(rows[1].textContent).toContain('Error: Request failed with status code 500'); // the stack
    for (const header of ['Message', 'Info', 'URL', 'Stack']) expect(within(dialog).getByText(header)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('error-log-clear'));
    await waitFor(() => expect(within(dialog).queryAllByTestId('error-log-row')).toHaveLength(0));
    expect(within(dialog).getByText('No errors so far.')).toBeTruthy();
  });
});

describe('local print menu (spec 2.4)', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('toggles local print per browser; the plugin download links the served zip; the plugin address is kept', async () => {
    expect(PRINT_PLUGIN_URL).toBe('/static/print-plugin.zip'); // served by domain/print/routes.ts
    renderWithAdmin(<PrintMenu pluginUrl={null} />);
    fireEvent.click(await screen.findByTestId('print-menu-button'));
    const toggle = await screen.findByTestId('local-print-toggle');
    expect(screen.queryByTestId('print-plugin-download')).toBeNull();
    expect(screen.queryByTestId('print-plugin-address')).toBeNull(); // only with local print on
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(localStorage.getItem('wms.localPrint')).toBe('on');
    cleanup();
    renderWithAdmin(<PrintMenu pluginUrl="/static/print/wms-print-plugin.zip" />);
    fireEvent.click(await screen.findByTestId('print-menu-button'));
    expect((await screen.findByTestId('local-print-toggle')).getAttribute('aria-checked')).toBe('true'); // kept
    expect((await screen.findByTestId('print-plugin-download')).getAttribute('href')).toBe('/static/print/wms-print-plugin.zip');
    const address = (await screen.findByTestId('print-plugin-address')) as HTMLInputElement;
    expect(address.value).toBe('http://127.0.0.1:17521');
    fireEvent.change(address, { target: { value: 'http://localhost:18000/' } });
    fireEvent.blur(address);
    await waitFor(() => expect(localStorage.getItem('wms.printPluginAddress')).toBe('http://localhost:18000/'));
    expect(address.value).toBe('http://localhost:18000'); // read back as an origin
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.blur(address);
    await waitFor(() => expect(address.value).toBe('http://127.0.0.1:17521')); // not http(s): the default
  });
});

/** A window stand-in: posts are recorded; `deliver` dispatches a message as if posted by `from`. */
class FakeWindow extends EventTarget {
  closed = false;
  opener: FakeWindow | null = null;
  opened: FakeWindow[] = [];
  url = '';
  postMessage = vi.fn();
  close = vi.fn(() => {
    this.closed = true;
  });
  BroadcastChannel?: typeof BroadcastChannel;
  constructor(public origin: string) {
    super();
  }
  get location() {
    return { origin: this.origin };
  }
  open(url: string) {
    const page = new FakeWindow(this.origin);
    page.opener = this;
    page.url = url;
    this.opened.push(page);
    return page;
  }
  deliver(data: unknown, from: { origin: string }) {
    const event = new MessageEvent('message', { data, origin: from.origin });
    Object.defineProperty(event, 'source', { value: from });
    this.dispatchEvent(event);
  }
}
const ORIGIN = 'http://wms.test';
const asWindow = (w: FakeWindow) => w as unknown as Window;

describe('/auth-redirect (spec 2.1)', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('reads the token and an in-app target (never itself, never another site)', () => {
    expect(readAuthRedirect('?token=abc&redirect=%2Fsku%2Flist%2Fall')).toEqual({ token: 'abc', target: '/sku/list/all' });
    expect(readAuthRedirect('?redirect=https://evil.example')).toEqual({ token: null, target: '/' });
    expect(readAuthRedirect('?token=%20&redirect=/auth-redirect?token=x')).toEqual({ token: null, target: '/' });
  });

  it("takes the opener's token posted from this origin by that window only", async () => {
    const opener = new FakeWindow(ORIGIN);
    const page = opener.open('/auth-redirect');
    const got = tokenFromOpener(asWindow(page), 1000);
    expect(opener.postMessage).toHaveBeenCalledWith({ type: AUTH_READY_TYPE }, ORIGIN);
    page.deliver({ type: AUTH_TOKEN_TYPE, token: 'from-elsewhere' }, { origin: 'http://evil.test' });
    page.deliver({ type: AUTH_TOKEN_TYPE, token: 'from-another-window' }, new FakeWindow(ORIGIN));
    page.deliver({ type: 'other', token: 'x' }, opener);
    page.deliver({ type: AUTH_TOKEN_TYPE, token: 'T-opener' }, opener);
    await expect(got).resolves.toBe('T-opener');
  });

  it('gives up without an opener, or when it sends nothing in time', async () => {
    await expect(tokenFromOpener(asWindow(new FakeWindow(ORIGIN)))).resolves.toBeNull();
    const opener = new FakeWindow(ORIGIN);
    await expect(tokenFromOpener(asWindow(opener.open('/auth-redirect')), 20)).resolves.toBeNull();
  });

  const renderAt = (url: string, leave: (u: string) => void, askOpener = () => Promise.resolve<string | null>(null)) =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <AdminContext i18nProvider={i18nProvider}>
          <AuthRedirect leave={leave} askOpener={askOpener} />
        </AdminContext>
      </MemoryRouter>,
    );

  it('stores the token of the query and loads the target page', async () => {
    setToken('old');
    sessionStorage.setItem(TABS_KEY, '[{"key":"/a","to":"/a"}]');
    const leave = vi.fn();
    renderAt('/auth-redirect?token=T-new&redirect=%2Fsku%2Flist%2Fall', leave);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/sku/list/all'));
    expect(getToken()).toBe('T-new');
    expect(sessionStorage.getItem(TABS_KEY)).toBeNull(); // the old session's tabs went with it
  });

  it("takes the opener's token without one in the query, else goes to the login page that returns to the target", async () => {
    const leave = vi.fn();
    renderAt('/auth-redirect?redirect=%2Fwarehouse%2Flist', leave, () => Promise.resolve('T-from-opener'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/warehouse/list'));
    expect(getToken()).toBe('T-from-opener');
    cleanup();
    localStorage.clear();
    const away = vi.fn();
    renderAt('/auth-redirect?redirect=%2Fwarehouse%2Flist', away);
    await waitFor(() => expect(away).toHaveBeenCalledWith('/login?redirect=%2Fwarehouse%2Flist'));
    expect(getToken()).toBeNull();
  });
});

describe('opener / callback hand-back (spec 2.2)', () => {
  it('adds and reads the opener and callback parameters', () => {
    const url = withOpenerParams('/sku/list/all?x=1#top', { opener: 'id 1', callback: 'pickSku' });
    expect(url).toBe('/sku/list/all?x=1&opener=id%201&callback=pickSku#top');
    expect(openerRequest(url.slice(url.indexOf('?'), url.indexOf('#')))).toEqual({ opener: 'id 1', callback: 'pickSku' });
    expect(openerRequest('?opener=x')).toBeNull();
  });

  it('hands the result back to the opener, which takes it once, from its own origin and request only; the page closes', () => {
    const opener = new FakeWindow(ORIGIN);
    const onResult = vi.fn();
    const { page } = openForResult('/sku/list/all', 'pickSku', onResult, asWindow(opener));
    const opened = opener.opened[0];
    expect(page).toBe(opened);
    const request = openerRequest(opened.url.slice(opened.url.indexOf('?')))!;
    expect(request.callback).toBe('pickSku');

    expect(handBack(request, { id: 7, sku: 'ROSE-1' }, asWindow(opened))).toBe(true);
    expect(opened.close).toHaveBeenCalled();
    const [message, targetOrigin] = opener.postMessage.mock.calls[0];
    expect(targetOrigin).toBe(ORIGIN);
    expect(message).toEqual({ type: HAND_BACK_TYPE, ...request, result: { id: 7, sku: 'ROSE-1' } });

    opener.deliver({ ...message, result: 'forged' }, { origin: 'http://evil.test' });
    opener.deliver({ ...message, opener: 'another-request', result: 'other' }, opened);
    expect(onResult).not.toHaveBeenCalled();
    opener.deliver(message, opened);
    opener.deliver(message, opened);
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith({ id: 7, sku: 'ROSE-1' });
  });

  it('without an opener link, hands back over a same-origin BroadcastChannel', async () => {
    const opener = new FakeWindow(ORIGIN);
    opener.BroadcastChannel = BroadcastChannel;
    const onResult = vi.fn();
    const { cancel } = openForResult('/sku/inventory_list', 'pickInventory', onResult, asWindow(opener));
    const opened = opener.opened[0];
    opened.opener = null; // noopener
    opened.BroadcastChannel = BroadcastChannel;
    const request = openerRequest(opened.url.slice(opened.url.indexOf('?')))!;
    expect(handBack(request, [1, 2], asWindow(opened))).toBe(true);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith([1, 2]));
    cancel();
    // nowhere to send: not closed
    const lonely = new FakeWindow(ORIGIN);
    expect(handBack(request, 1, asWindow(lonely))).toBe(false);
    expect(lonely.close).not.toHaveBeenCalled();
  });
});

describe('tabs bar in the console (spec 2.2, 2.4)', { timeout: 60_000 }, () => {
  const requests: string[] = [];
  let roles: string[] = ['admin'];
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    requests.length = 0;
    roles = ['admin'];
    await i18nProvider.changeLocale('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requests.push(url);
        let data: unknown = null;
        if (url === '/sapi/sys/user/current/detail') data = { id: 1, name: 'Ann', roles };
        else if (url.endsWith('/page')) data = { records: [], current: 1, total: 0 };
        else if (url.endsWith('/list')) data = [];
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const tabKeys = () => screen.queryAllByTestId('view-tab').map((t) => t.getAttribute('data-key'));
  const tabOf = (key: string) => screen.getAllByTestId('view-tab').find((t) => t.getAttribute('data-key') === key)!;
  const openAt = (path: string) => {
    window.history.pushState({}, '', path);
    render(<App />);
  };

  it('opens a tab per visited view, keeps them over a reload, closes others from the menu and closes on middle click; the dashboard stays', async () => {
    setToken('T-admin');
    openAt('/warehouse/list');
    await waitFor(() => expect(tabKeys()).toEqual(['/dashboard', '/warehouse/list']));
    expect(tabOf('/warehouse/list').getAttribute('aria-selected')).toBe('true');
    expect(tabOf('/warehouse/list').textContent).toBe('Warehouses');
    expect(tabOf('/dashboard').getAttribute('data-pinned')).toBe('true');
    cleanup();

    // a reload (new mount, same browser tab) keeps them and adds the next view
    openAt('/company');
    await waitFor(() => expect(tabKeys()).toEqual(['/dashboard', '/warehouse/list', '/company']));
    expect(tabOf('/company').getAttribute('aria-selected')).toBe('true');

    // a click on a tab shows its view
    fireEvent.click(tabOf('/warehouse/list'));
    await waitFor(() => expect(window.location.pathname).toBe('/warehouse/list'));

    // close others from the context menu
    fireEvent.contextMenu(tabOf('/company'));
    fireEvent.click(await screen.findByTestId('tab-menu-close-others'));
    await waitFor(() => expect(tabKeys()).toEqual(['/dashboard', '/company']));
    expect(window.location.pathname).toBe('/company');

    // the pinned tab cannot be closed: no close button, the menu's Close disabled, middle click does nothing
    expect(within(tabOf('/dashboard')).queryByTestId('view-tab-close')).toBeNull();
    fireEvent.contextMenu(tabOf('/dashboard'));
    expect((await screen.findByTestId('tab-menu-close')).getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(screen.getByTestId('tab-menu-close'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('tab-menu-close')).toBeNull());
    fireEvent(tabOf('/dashboard'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(tabKeys()).toEqual(['/dashboard', '/company']);

    // Delete on the focused pinned tab does nothing
    fireEvent.keyDown(tabOf('/dashboard'), { key: 'Delete' });
    expect(tabKeys()).toEqual(['/dashboard', '/company']);

    // middle click closes; the shown view goes to its neighbour
    fireEvent(tabOf('/company'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    await waitFor(() => expect(tabKeys()).toEqual(['/dashboard']));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(JSON.parse(sessionStorage.getItem(TABS_KEY)!)).toEqual([{ key: '/dashboard', to: '/dashboard', pinned: true }]);
  });

  it('refresh re-mounts the view through /redirect/{path*} (its list is loaded again)', async () => {
    setToken('T-admin-2');
    openAt('/warehouse/list');
    await waitFor(() => expect(requests).toContain('/sapi/wms/warehouse/page'));
    await waitFor(() => expect(tabKeys()).toContain('/warehouse/list'));
    const before = requests.filter((u) => u === '/sapi/wms/warehouse/page').length;
    fireEvent.contextMenu(tabOf('/warehouse/list'));
    fireEvent.click(await screen.findByTestId('tab-menu-refresh'));
    await waitFor(() => expect(requests.filter((u) => u === '/sapi/wms/warehouse/page').length).toBeGreaterThan(before));
    expect(window.location.pathname).toBe('/warehouse/list');
    expect(tabKeys()).toEqual(['/dashboard', '/warehouse/list']);

    // Delete on a focused tab closes it
    fireEvent.keyDown(tabOf('/warehouse/list'), { key: 'Delete' });
    await waitFor(() => expect(tabKeys()).toEqual(['/dashboard']));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('cuts restored tabs to the views the user may open, and pins the dashboard only for its holders', async () => {
    sessionStorage.setItem(
      TABS_KEY,
      JSON.stringify([{ key: '/dashboard', to: '/dashboard', pinned: true }, { key: '/warehouse/list', to: '/warehouse/list' }, { key: '/sku/list/noon', to: '/sku/list/noon' }]),
    );
    setToken('T-sku-clerk');
    roles = ['sku', 'sku:list'];
    openAt('/sku/list/all');
    await waitFor(() => expect(tabKeys()).toEqual(['/sku/list/noon', '/sku/list/all']));
    expect(tabOf('/sku/list/noon').getAttribute('data-pinned')).toBe('false');
  });
});
