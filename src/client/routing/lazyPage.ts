/**
 * Route-level code splitting (issue 14 "First load"): `lazyPage(load, name)` is the component `name` of the
 * module `load` imports, fetched in its own chunk the first time it renders (React.lazy). The pages render
 * inside react-admin's layout, whose <Suspense> shows the loading spinner meanwhile; a page outside the
 * layout needs its own <Suspense>. The module is fetched once and kept.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The lazily loaded export `name` of the module `load` returns (a component, any props). */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K] & ComponentType<any>> {
  return lazy(async () => ({ default: (await load())[name] as M[K] & ComponentType<any> }));
}
