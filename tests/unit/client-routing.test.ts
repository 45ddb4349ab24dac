/**
 * Console routing rules (spec 2.3, 6): the route guard's check against the manifest's route codes, and the
 * rewrite of react-admin's paths (`/<r>`, `/<r>/create`, `/<r>/<id>`) to the spec's pages.
 */
import { describe, expect, it } from 'vitest';
import { routeCodes, resourcePages } from '../../generated/client/routes';
import { routeAllowed } from '../../src/client/routing/RouteGuard';
import { editPathOf, specPathRewriter } from '../../src/client/routing/specPaths';
import { menuTree } from '../../generated/client/menu';
import { landingRoute } from '../../src/client/layout/menuAccess';
import { reloadForStaleBuild } from '../../src/client/routing/lazyPage';

describe('routeAllowed', () => {
  it('needs the route\'s manifest code; admin passes; an open route needs none', () => {
    expect(routeCodes['/inbound/return_list']).toBe('inbound:return_list');
    expect(routeAllowed(['inbound', 'inbound:list'], '/inbound/return_list')).toBe(false);
    expect(routeAllowed(['inbound:return_list'], '/inbound/return_list')).toBe(true);
    expect(routeAllowed(['admin'], '/inbound/return_list')).toBe(true);
    expect(routeAllowed(['company:list'], '/company/add')).toBe(false);
    expect(routeAllowed(['company:add'], '/company/add')).toBe(true);
    expect(routeAllowed(['company:edit'], '/company/edit/:id')).toBe(true);
    expect(routeAllowed([], '/bas/country')).toBe(true); // no code in the manifest
    expect(routeAllowed(['dashboard'], '/dashboard')).toBe(true);
    expect(routeAllowed(['warehouse:list'], '/dashboard')).toBe(false);
  });

  it('refuses a path the manifest does not list, and roles that are not an array', () => {
    expect(routeAllowed(['admin'], '/no/such/route')).toBe(false);
    expect(routeAllowed(undefined, '/company')).toBe(false);
  });

  it('covers the hand-written routes and the hidden /func screens with their codes', () => {
    expect(routeCodes).toMatchObject({
      '/func/normal_inbound_exec': 'inbound:receive',
      '/func/return_inbound_exec': 'inbound:receive',
      '/func/reject_inbound_exec': 'inbound:receive',
      '/func/normal_outbound_exec': 'outbound:allocate',
      '/inbound/reject_list': 'inbound:reject_list',
      '/outbound/nano_list': 'outbound:list',
      '/sku/inventory_list': 'sku_inventory:list',
      '/sku/inventory_log_list': 'sku_inventory:list',
      '/sku/list/noon': 'sku:list',
      '/permission/list': 'permission',
    });
  });
});

describe('specPathRewriter', () => {
  const rewrite = specPathRewriter({
    company: { list: resourcePages.company.list, add: resourcePages.company.add, edit: resourcePages.company.edit },
    warehouse: { list: '/warehouse/list', add: '/warehouse/add', edit: '/warehouse/edit/:id' },
    sku: { list: '/sku/list/all' },
  });

  it('sends react-admin\'s create and edit paths to /<r>/add and /<r>/edit/<id> (spec 2.3)', () => {
    expect(rewrite('/company/create')).toBe('/company/add');
    expect(rewrite('/company/12')).toBe('/company/edit/12');
    expect(rewrite('/user/5')).toBe('/user/5'); // not in the table
    expect(editPathOf('/user/edit/:id', 5)).toBe('/user/edit/5');
  });

  it('sends a list to its spec route', () => {
    expect(rewrite('/company')).toBe('/company');
    expect(rewrite('/warehouse')).toBe('/warehouse/list');
    expect(rewrite('/sku')).toBe('/sku/list/all');
  });

  it('leaves other paths alone: spec pages, child routes, non-numeric ids, pages a resource does not serve', () => {
    for (const p of ['/company/add', '/company/edit/3', '/warehouse/list', '/sku/list/noon', '/warehouse/abc', '/sku/create', '/sku/3', '/401', '/']) {
      expect(rewrite(p), p).toBe(p);
    }
  });
});

describe('landingRoute (where / leads)', () => {
  it('is the dashboard for its holders, else the first sidebar entry the roles open, else the dashboard', () => {
    expect(landingRoute(menuTree, ['dashboard', 'warehouse:list'], true)).toBe('/dashboard');
    expect(landingRoute(menuTree, ['inbound:list'], false)).toBe('/inbound/normal_list');
    expect(landingRoute(menuTree, ['outbound:pack_list'], false)).toBe('/outbound/pack/list');
    // reference data is open to every logged-in user
    expect(landingRoute(menuTree, ['no:such_code'], false)).toBe('/bas/country');
    expect(landingRoute([], [], false)).toBe('/dashboard');
  });
});

describe('reloadForStaleBuild (a chunk of a replaced build is missing)', () => {
  it('reloads once, then lets a second failure within 10 s show as an error', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    let reloads = 0;
    expect(reloadForStaleBuild(storage, 100_000, () => reloads++)).toBe(true);
    expect(reloadForStaleBuild(storage, 105_000, () => reloads++)).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadForStaleBuild(storage, 111_000, () => reloads++)).toBe(true);
    expect(reloads).toBe(2);
  });
});
