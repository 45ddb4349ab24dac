/**
 * Route-level code splitting (issue 14 "First load"):
 * - `lazyPage(load, name)` is the component `name` of the module `load` imports, fetched in its own chunk the
 *   first time it renders (React.lazy) or when `preload()` is called. The pages render inside react-admin's
 *   layout, whose <Suspense> shows the loading spinner meanwhile; a page outside it needs its own <Suspense>.
 *   The module is fetched once and kept.
 * - `registerPagePreloads` / `preloadPage(pathname)`: App.tsx registers the lazy layout and the lazy page of
 *   every route pattern; the login page calls `preloadPage(redirect)` when the form is sent, so the chunks of
 *   the page it goes to download while the login and user calls run, instead of after them (the layout, then
 *   the page inside it, would otherwise be two round trips in a row).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';

/** A lazily loaded component that can be fetched ahead of its first render. */
export type LazyPage<C extends ComponentType<any>> = LazyExoticComponent<C> & { preload: () => Promise<unknown> };

/** The lazily loaded export `name` of the module `load` returns (a component, any props). */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage<M[K] & ComponentType<any>> {
  let loading: Promise<{ default: M[K] & ComponentType<any> }> | undefined;
  const preload = () => {
    loading ??= load().then((m) => ({ default: m[name] as M[K] & ComponentType<any> }), (error: unknown) => {
      loading = undefined; // a failed fetch (offline, new deploy) is tried again on the next render
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** `component`'s preload when it is a lazy page, else undefined. */
export function preloadOf(component: unknown): (() => Promise<unknown>) | undefined {
  const preload = (component as { preload?: unknown } | null)?.preload;
  return typeof preload === 'function' ? (preload as () => Promise<unknown>) : undefined;
}

interface PagePreloads { shell: Array<() => Promise<unknown>>; routes: Array<{ pattern: string; preload: () => Promise<unknown> }> }
const registered: PagePreloads = { shell: [], routes: [] };

/**
 * Registers what `preloadPage` fetches: `shell` for every page in the layout (the layout itself), and the page
 * component of each route pattern (only lazy pages count; others are already in the entry chunk).
 */
export function registerPagePreloads(shell: unknown[], routes: Array<{ pattern: string; component: unknown }>): void {
  registered.shell = shell.flatMap((c) => preloadOf(c) ?? []);
  registered.routes = routes.flatMap(({ pattern, component }) => {
    const preload = preloadOf(component);
    return preload ? [{ pattern, preload }] : [];
  });
}

/** Starts fetching the chunks of the page at `pathname` (the layout's and its route's); never throws. */
export function preloadPage(pathname: string): void {
  const path = pathname.split(/[?#]/)[0];
  const route = registered.routes.find((r) => matchPath({ path: r.pattern, end: true }, path) !== null);
  for (const preload of [...registered.shell, ...(route ? [route.preload] : [])]) preload().catch(() => {}); // the render retries
}

/** sessionStorage key: when the console last reloaded itself for a missing chunk (ms since epoch). */
const STALE_BUILD_RELOAD_KEY = 'wms.staleBuildReload';
/** No second reload within this many ms: a chunk missing right after a reload is a real failure, shown as such. */
const STALE_BUILD_RELOAD_GAP_MS = 10_000;

/**
 * A new build replaced the chunks this page was loaded with (the server answers 404 for a missing
 * /assets file): when a lazy chunk fails to load, reload once so index.html names the current chunks. Vite
 * announces such a failure as the window event `vite:preloadError`. Returns whether it reloaded.
 */
export function reloadForStaleBuild(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(STALE_BUILD_RELOAD_KEY) ?? 0);
  if (now - last < STALE_BUILD_RELOAD_GAP_MS) return false; // reloaded a moment ago: let the error show
  storage.setItem(STALE_BUILD_RELOAD_KEY, String(now));
  reload();
  return true;
}

/** Listens for Vite's chunk load failures (see reloadForStaleBuild). */
export function installStaleBuildReload(win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    if (reloadForStaleBuild(win.sessionStorage, Date.now(), () => win.location.reload())) event.preventDefault();
  });
}
