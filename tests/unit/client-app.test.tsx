// @vitest-environment jsdom
/**
 * The assembled console in a DOM (spec 1, 2.2, 2.3, 6): without a token a protected path lands on
 * /login?redirect=<path> (and stays there: no logout loop); with an admin token the warehouse list gets the
 * title "Warehouses - WMS", `/` redirects to /dashboard and unknown paths go to /404; /<r>/add and
 * /<r>/edit/<id> open the list with its create / edit dialog (react-admin's old paths redirect there); a route whose code
 * the user lacks sends them to /401.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../src/client/App';
import { i18nProvider } from '../../src/client/providers/i18nProvider';
import { setToken } from '../../src/client/providers/session';

// the console renders heavy MUI trees: allow slow machines and parallel test files more time
configure({ asyncUtilTimeout: 5000 });

const requests: string[] = [];
/** The user's role codes in user info (admin unless a test says otherwise). */
let roles: string[] = ['admin'];

beforeEach(async () => {
  localStorage.clear();
  requests.length = 0;
  roles = ['admin'];
  await i18nProvider.changeLocale('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      let data: unknown = null;
      if (url === '/sapi/captcha/get') data = { captchaId: 'c', image: 'data:image/svg+xml;base64,' };
      else if (url === '/sapi/sys/user/current/detail') data = { id: 1, name: 'Ann', roles };
      else if (url === '/sapi/wms/company/page') data = { records: [{ id: 7, name: 'Acme' }], current: 1, total: 1 };
      else if (url === '/sapi/wms/company/detail') data = { id: 7, name: 'Acme', status: 1 };
      else if (url === '/sapi/wms/company/list') data = [{ id: 7, name: 'Acme', status: 1 }]; // getMany of the picked id
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

// each test mounts the whole console several times
describe('App', { timeout: 60_000 }, () => {
  it('picks the only company by itself in a new owner (spec 2.10; issue 27)', async () => {
    setToken('T-owner');
    window.history.pushState({}, '', '/owner/add');
    render(<App />);
    // the list with its create dialog (the filter bar has a Company select too)
    // the list, then the dialog's lazy chunk: more time on a busy machine
    const dialog = await screen.findByTestId('owner-edit-dialog', {}, { timeout: 15_000 });
    const company = (await within(dialog).findByRole('combobox', { name: /Company/ }, { timeout: 15_000 })) as HTMLInputElement;
    await waitFor(() => expect(company.value).toBe('Acme'), { timeout: 15_000 });
  });

  it('sends a visitor without a token to /login?redirect=<path> once', async () => {
    window.history.pushState({}, '', '/warehouse/list');
    render(<App />);
    expect(await screen.findByTestId('login-username')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/login?redirect=%2Fwarehouse%2Flist');
    const historyLength = window.history.length;
    await new Promise(r => setTimeout(r, 300));
    expect(window.history.length).toBe(historyLength); // no logout / navigate loop
    expect(document.title).toBe('WMS');
  });

  it('shows the list with its title, the dashboard at /, and /404 for unknown paths', async () => {
    setToken('T');
    window.history.pushState({}, '', '/warehouse/list');
    render(<App />);
    await waitFor(() => expect(document.title).toBe('Warehouses - WMS'));
    await waitFor(() => expect(requests).toContain('/sapi/wms/warehouse/page'));
    cleanup();

    window.history.pushState({}, '', '/');
    render(<App />);
    expect(await screen.findByText('Welcome, Ann')).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
    expect(document.title).toBe('Dashboard - WMS');
    cleanup();

    window.history.pushState({}, '', '/no/such/page');
    render(<App />);
    expect(await screen.findByTestId('page-404')).toBeTruthy();
    expect(window.location.pathname).toBe('/404');
  });

  it('opens /company/add and /company/edit/<id> as the list with its dialog, and redirects the old paths there', async () => {
    setToken('T');
    window.history.pushState({}, '', '/company');
    render(<App />);
    expect(await screen.findByTestId('company-add')).toBeTruthy();
    expect(await screen.findByTestId('company-row-edit')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull(); // no react-admin page any more
    cleanup();

    window.history.pushState({}, '', '/company/create');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/company/add'));
    const dialog = await screen.findByTestId('company-edit-dialog');
    expect(await within(dialog).findByText('New company')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    cleanup();

    requests.length = 0;
    window.history.pushState({}, '', '/company/7');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/company/edit/7'));
    await waitFor(() => expect(requests).toContain('/sapi/wms/company/detail'));
    expect(await within(await screen.findByTestId('company-edit-dialog')).findByText('Edit company Acme')).toBeTruthy();
  });

  it('sends a user without the route\'s code to /401, and lets one with it in', async () => {
    // user info is fetched once per token: one token per set of roles
    setToken('T-list');
    roles = ['inbound', 'inbound:list'];
    window.history.pushState({}, '', '/inbound/return_list');
    render(<App />);
    expect(await screen.findByTestId('page-401')).toBeTruthy();
    expect(window.location.pathname).toBe('/401');
    expect(window.location.search).toBe('?noGoBack=true'); // spec 2.1: no way back to the refused page
    cleanup();

    setToken('T-company');
    roles = ['company', 'company:list'];
    window.history.pushState({}, '', '/company/add');
    render(<App />);
    expect(await screen.findByTestId('page-401')).toBeTruthy();
    cleanup();

    setToken('T-return');
    roles = ['inbound', 'inbound:return_list'];
    window.history.pushState({}, '', '/inbound/return_list');
    render(<App />);
    expect((await screen.findAllByText('Return inbound orders')).length).toBeGreaterThan(0);
    expect(window.location.pathname).toBe('/inbound/return_list');
  });
});
