// @vitest-environment jsdom
/**
 * The SKU routes in the assembled console (spec 2.3, 2.8): /sku/list/all shows the generated SKU list (page
 * call without a platform), /sku/list/noon the same list preset and locked to platform noon (EcPlatform.NOON = 1).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../src/client/App';
import { i18nProvider } from '../../src/client/providers/i18nProvider';
import { setToken } from '../../src/client/providers/session';

// the console renders heavy MUI trees: allow slow machines and parallel test files more time
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const bodies: Array<{ url: string; body: any }> = [];

beforeEach(async () => {
  localStorage.clear();
  bodies.length = 0;
  await i18nProvider.changeLocale('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      bodies.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      let data: unknown = null;
      if (url === '/sapi/sys/user/current/detail') data = { id: 1, name: 'Ann', roles: ['admin'] };
      else if (url === '/sapi/wms/sku/page')
        data = { records: [{ id: 1, sku: 'NOON-1', name: 'Cup', enable: true, supplierNames: [], ecPlatforms: [1] }], current: 1, total: 1 };
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

const skuPages = () => bodies.filter((b) => b.url === '/sapi/wms/sku/page');

describe('SKU routes', () => {
  it('/sku/list/all shows the SKU list', async () => {
    setToken('T');
    window.history.pushState({}, '', '/sku/list/all');
    render(<App />);
    expect(await screen.findByText('NOON-1', undefined, { timeout: 10_000 })).toBeTruthy(); // the file's first console render is the slowest
    expect(skuPages()[0].body).toMatchObject({ current: 1, size: 10 });
    expect(skuPages()[0].body).not.toHaveProperty('ecPlatform');
    expect(skuPages()[0].body).not.toHaveProperty('sortProp');
    expect(await screen.findByTestId('sku-add')).toBeTruthy();
  });

  it('/sku/list/noon presets and locks the platform noon', async () => {
    setToken('T');
    window.history.pushState({}, '', '/sku/list/noon');
    render(<App />);
    expect(await screen.findByText('NOON-1', undefined, { timeout: 5000 })).toBeTruthy();
    // the view's title (the hidden screen entry of its route) in react-admin's title portal
    await waitFor(() => expect(document.getElementById('react-admin-title')?.textContent).toBe('noon SKUs'));
    await waitFor(() => expect(skuPages()[0].body).toMatchObject({ ecPlatform: 1, current: 1, size: 10 }));
    const platform = screen.getByTestId('sku-filters').querySelector('.ra-input-ecPlatform [role="combobox"]');
    expect(platform?.getAttribute('aria-disabled')).toBe('true');
  });
});
