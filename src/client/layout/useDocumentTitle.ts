/**
 * Hooks for the route title (spec 1): `useRouteTitle()` gives the translated title and breadcrumb of the
 * current location (see routeTitle.ts); `useDocumentTitle()` keeps `document.title` at
 * "<title> - WMS" / "WMS"; `useViewTitle()` titles any view path (the tabs bar): the route title, an add,
 * edit or detail page its list's.
 */
import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { hiddenScreens, menuTree } from '../../../generated/client/menu';
import { resourcePages } from '../../../generated/client/routes';
import { routeOfPath } from '../routing/RouteGuard';
import { findRouteTitle, formatDocumentTitle } from './routeTitle';

/** The routes that have a title: the sidebar's and the hidden screens' (e.g. /sku/list/noon, /func/*). */
const TITLED = [...menuTree, ...hiddenScreens];

/** The list route of the resource whose add, edit or detail page is served at `route`, if any. */
function listOfPage(route: string | undefined): string | undefined {
  if (!route) return undefined;
  for (const pages of Object.values(resourcePages)) {
    if (route === pages.add || route === pages.edit || route === pages.detail) return pages.list;
  }
  return undefined;
}

/**
 * A function giving the translated title of the view at a pathname (the pathname itself when untitled). A
 * resource's add, edit or detail page is its list with a dialog open: titled as the list (issue 27: no
 * "Roles #2" tabs).
 */
export function useViewTitle(): (pathname: string) => string {
  const translate = useTranslate();
  return useCallback(
    (pathname: string) => {
      const found = findRouteTitle(listOfPage(routeOfPath(pathname)) ?? pathname, TITLED);
      return found ? translate(found.key, { _: found.key, smart_count: 2, ...found.options }) : pathname;
    },
    [translate],
  );
}

export interface TranslatedRouteTitle {
  title: string;
  trail: string[];
}

export function useRouteTitle(): TranslatedRouteTitle | null {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const found = findRouteTitle(pathname, TITLED);
  if (!found) return null;
  return {
    title: translate(found.key, { _: found.key, smart_count: 2, ...found.options }),
    trail: found.trail.map(key => translate(key, { _: key, smart_count: 2 })),
  };
}

export function useDocumentTitle(): void {
  const title = useRouteTitle()?.title ?? null;
  useEffect(() => {
    if (typeof document !== 'undefined') document.title = formatDocumentTitle(title);
  }, [title]);
}
