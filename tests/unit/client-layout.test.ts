/**
 * Console layout rules: menu filtering by role codes (spec 2.4, 6), route titles and document title
 * (spec 1), the login redirect query (spec 2.2) and the 401 noGoBack query (spec 2.1).
 */
import { describe, expect, it } from 'vitest';
import { hiddenScreens, menuTree, type MenuNode } from '../../generated/client/menu';
import { filterMenu, menuTarget } from '../../src/client/layout/menuAccess';
import { findRouteTitle, formatDocumentTitle } from '../../src/client/layout/routeTitle';
import { safeRedirect } from '../../src/client/screens/loginSchema';
import { hidesBackButton } from '../../src/client/screens/noGoBack';

const tree: MenuNode[] = [
  {
    key: 'basic',
    labelKey: 'menu.basic',
    children: [
      { key: 'company', labelKey: 'resources.company.name', route: '/company', resource: 'company', code: 'company:list' },
      { key: 'warehouse', labelKey: 'resources.warehouse.name', route: '/warehouse/list', resource: 'warehouse', code: 'warehouse:list' },
    ],
  },
  {
    key: 'sku',
    labelKey: 'menu.sku',
    code: 'sku',
    children: [{ key: 'skuCategory', labelKey: 'menu.sku_category', route: '/sku/category_list', resource: 'skuCategory', code: 'sku_category:list' }],
  },
  {
    key: 'reference',
    labelKey: 'menu.reference',
    children: [{ key: 'country', labelKey: 'resources.country.name', route: '/bas/country', resource: 'country' }],
  },
  { key: 'empty', labelKey: 'menu.empty', children: [] , route: '/empty' },
];

const keysOf = (nodes: MenuNode[]): string[] => nodes.flatMap(n => [n.key, ...keysOf(n.children ?? [])]);

describe('filterMenu', () => {
  it('admin sees every node', () => {
    expect(keysOf(filterMenu(tree, ['admin']))).toEqual(keysOf(tree));
  });
  it('a node with a code needs it; a parent without visible children is dropped', () => {
    expect(keysOf(filterMenu(tree, ['warehouse:list']))).toEqual(['basic', 'warehouse', 'reference', 'country', 'empty']);
    expect(keysOf(filterMenu(tree, []))).toEqual(['reference', 'country', 'empty']);
  });
  it('children of a parent with a code need the parent code too', () => {
    expect(keysOf(filterMenu(tree, ['sku_category:list']))).not.toContain('skuCategory');
    expect(keysOf(filterMenu(tree, ['sku', 'sku_category:list']))).toContain('skuCategory');
    expect(keysOf(filterMenu(tree, ['sku']))).not.toContain('sku');
  });
  it('does not modify the input', () => {
    filterMenu(tree, []);
    expect(tree[0].children).toHaveLength(2);
  });
  it('menuTarget: route, else /<resource>', () => {
    expect(menuTarget({ key: 'a', labelKey: 'a', route: '/x/list', resource: 'x' })).toBe('/x/list');
    expect(menuTarget({ key: 'a', labelKey: 'a', resource: 'x' })).toBe('/x');
    expect(menuTarget({ key: 'a', labelKey: 'a' })).toBeUndefined();
  });
});

describe('route title (spec 1)', () => {
  it('a route match uses the node label and its parents as trail', () => {
    expect(findRouteTitle('/warehouse/list', tree)).toEqual({ key: 'resources.warehouse.name', trail: ['menu.basic'] });
    expect(findRouteTitle('/sku/category_list', tree)).toEqual({ key: 'menu.sku_category', trail: ['menu.sku'] });
    // a hidden screen with a parameter is titled by its pattern (issue 27: tabs showed `/dbms/database/detail/1`)
    expect(findRouteTitle('/dbms/database/detail/1', [{ key: 'dbmsDetail', labelKey: 'screens.dbmsDetail', route: '/dbms/database/detail/:id' }])).toEqual({ key: 'screens.dbmsDetail', trail: [] });
    expect(findRouteTitle('/company/', tree)?.key).toBe('resources.company.name');
  });
  it('a resource path (create / edit) uses resources.<name>.name in the plural', () => {
    expect(findRouteTitle('/skuCategory/create', tree)).toEqual({
      key: 'resources.skuCategory.name',
      options: { smart_count: 2 },
      trail: ['menu.sku'],
    });
    expect(findRouteTitle('/warehouse/12', tree)?.key).toBe('resources.warehouse.name');
  });
  it('the longest match wins', () => {
    const nodes: MenuNode[] = [
      { key: 'p', labelKey: 'menu.p', route: '/job', children: [{ key: 'l', labelKey: 'menu.log', route: '/job/log/list' }] },
    ];
    expect(findRouteTitle('/job/log/list', nodes)?.key).toBe('menu.log');
    expect(findRouteTitle('/job/list', nodes)?.key).toBe('menu.p');
  });
  it('a hidden screen is titled by its own label, not by the resource its route lies below (noon SKUs)', () => {
    const titled = [...menuTree, ...hiddenScreens];
    expect(findRouteTitle('/sku/list/noon', titled)?.key).toBe('screens.skuListNoon');
    expect(findRouteTitle('/sku/list/all', titled)?.key).toBe('resources.sku.name');
    expect(findRouteTitle('/func/normal_outbound_exec', titled)?.key).toBe('screens.normalOutboundExec');
  });
  it('dashboard, and no title outside the menu', () => {
    expect(findRouteTitle('/', tree)?.key).toBe('screens.dashboard');
    expect(findRouteTitle('/dashboard', tree)?.key).toBe('screens.dashboard');
    expect(findRouteTitle('/login', tree)).toBeNull();
    expect(findRouteTitle('/404', tree)).toBeNull();
    expect(findRouteTitle('/warehousex', tree)).toBeNull();
  });
  it('document title: "<title> - WMS" or "WMS"', () => {
    expect(formatDocumentTitle('Warehouses')).toBe('Warehouses - WMS');
    expect(formatDocumentTitle('仓库')).toBe('仓库 - WMS');
    expect(formatDocumentTitle(null)).toBe('WMS');
    expect(formatDocumentTitle('')).toBe('WMS');
  });
});

describe('login redirect query (spec 2.2)', () => {
  it('accepts in-app paths only', () => {
    expect(safeRedirect('/warehouse/list?x=1')).toBe('/warehouse/list?x=1');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=%2F')).toBe('/');
  });
});

describe('401 noGoBack query', () => {
  it('hides the back button when present', () => {
    expect(hidesBackButton(null)).toBe(false);
    expect(hidesBackButton('')).toBe(true);
    expect(hidesBackButton('true')).toBe(true);
    expect(hidesBackButton('1')).toBe(true);
    expect(hidesBackButton('false')).toBe(false);
  });
});
