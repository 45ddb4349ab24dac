/**
 * Which hand-written widget modules (the registrations of src/client/kit/screen/registry.ts) a manifest screen
 * needs, and their loading: each module is its own chunk, fetched with the first screen that names its widgets,
 * so a list loads its own widgets and not every screen's dialogs (issue 14 "First load").
 *
 * PACKS: a module that registers widgets, by name. SCREEN_PACKS: the packs a screen's resource needs (every
 * widget name its `screen:` in resources.yaml uses is registered by one of them; tests/unit/screen-widgets.test.ts
 * checks that for every screen of the manifest). A screen not listed loads every pack. A child screen (e.g. a
 * SKU's supplier SKUs) or a screen shown in a dialog loads its own when it renders.
 */
const PACKS = {
  orders: () => import('./orders/widgets'),
  sku: () => import('./sku/widgets'),
  inventory: () => import('./inventory/widgets'),
  judgement: () => import('./judgement/widgets'),
  packages: () => import('./packages/widgets'),
  print: () => import('./print/widgets'),
  share: () => import('./share/widgets'),
  jobs: () => import('./jobs/widgets'),
  records: () => import('./records/widgets'),
  waybill: () => import('./waybill/widgets'),
} satisfies Record<string, () => Promise<unknown>>;

type Pack = keyof typeof PACKS;

/** The packs of each screen (by resource); [] = the screen names no widget. */
export const SCREEN_PACKS: Record<string, Pack[]> = {
  sku: ['sku'],
  supplierSku: [],
  ecPlatformSku: ['sku'],
  // skuPlatforms (the platforms cell) is registered with the SKU list's widgets
  inventory: ['inventory', 'sku'],
  inventoryLog: ['inventory'],
  inventoryJudgement: ['judgement'],
  inboundOrder: ['orders', 'print'],
  outboundOrder: ['orders', 'print', 'waybill'],
  inboundPackage: ['packages', 'orders', 'print'],
  outboundPackage: ['packages', 'orders', 'print'],
  inventoryShare: ['share'],
  job: ['jobs'],
  jobLog: [],
  requestRecord: ['records'],
  exceptionHttpLog: ['records'],
};

const loading = new Map<Pack, Promise<unknown>>();
const loaded = new Set<Pack>();
/** In-flight loads by the set of packs they wait for. */
const pending = new Map<string, Promise<unknown>>();

const packsOf = (resource: string): Pack[] => SCREEN_PACKS[resource] ?? (Object.keys(PACKS) as Pack[]);

/** Resolves once the widgets of `resource`'s screen are registered (e.g. before rendering it in a test). */
export const loadScreenWidgets = (resource: string): Promise<unknown> => screenWidgets(resource) ?? Promise.resolve();

/**
 * The widgets of `resource`'s screen: undefined once they are registered (render now), else a promise that
 * settles when they are (the same promise for every call until then, as React's `use` wants). A failed load
 * (e.g. a chunk of an older build) rejects, for the page's error boundary.
 */
export function screenWidgets(resource: string): Promise<unknown> | undefined {
  const missing = packsOf(resource).filter((p) => !loaded.has(p));
  if (!missing.length) return undefined;
  const key = missing.join();
  const cached = pending.get(key);
  if (cached) return cached;
  const all = Promise.all(
    missing.map((p) => {
      let load = loading.get(p);
      if (!load) {
        load = PACKS[p]().then(() => void loaded.add(p));
        load.catch(() => loading.delete(p)); // a later render may try again
        loading.set(p, load);
      }
      return load;
    }),
  );
  pending.set(key, all);
  all.finally(() => pending.delete(key)).catch(() => {});
  return all;
}
