// @vitest-environment jsdom
/**
 * The assembled console in a DOM (spec 1, 2.2): without a token a protected path lands on
 * /login?redirect=<path> (and stays there: no logout loop); with an admin token the warehouse list gets the
 * title "Warehouses - WMS", `/` shows the dashboard and unknown paths go to /404.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../src/client/App';
import { i18nProvider } from '../../src/client/providers/i18nProvider';
import { setToken } from '../../src/client/providers/session';

const requests: string[] = [];

beforeEach(async () => {
  localStorage.clear();
  requests.length = 0;
  await i18nProvider.changeLocale('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      let data: unknown = null;
      if (url === '/sapi/captcha/get') data = { captchaId: 'c', image: 'data:image/svg+xml;base64,' };
      else if (url === '/sapi/sys/user/current/detail') data = { id: 1, name: 'Ann', roles: ['admin'] };
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

describe('App', () => {
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
    expect(document.title).toBe('Dashboard - WMS');
    cleanup();

    window.history.pushState({}, '', '/no/such/page');
    render(<App />);
    expect(await screen.findByTestId('page-404')).toBeTruthy();
    expect(window.location.pathname).toBe('/404');
  });
});
