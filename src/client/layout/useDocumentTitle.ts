/**
 * Hooks for the route title (spec 1): `useRouteTitle()` gives the translated title and breadcrumb of the
 * current location (see routeTitle.ts); `useDocumentTitle()` keeps `document.title` at
 * "<title> - WMS" / "WMS"; `useViewTitle()` titles any view path (the tabs bar): the route title, and for
 * an add or edit page react-admin's "Create <resource>" / "Edit <resource> #<id>".
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

/** The resource whose add (or edit) page is served at `route`, if any. */
function pageOfRoute(route: string | undefined): { resource: string; kind: 'add' | 'edit' } | undefined {
  if (!route) return undefined;
  for (const [resource, pages] of Object.entries(resourcePages)) {
    if (pages.add === route) return { resource, kind: 'add' };
    if (pages.edit === route) return { resource, kind: 'edit' };
  }
  return undefined;
}

/** A function giving the translated title of the view at a pathname (the pathname itself when untitled). */
export function useViewTitle(): (pathname: string) => string {
  const translate = useTranslate();
  return useCallback(
    (pathname: string) => {
      const page = pageOfRoute(routeOfPath(pathname));
      if (page) {
        const name = translate(`resources.${page.resource}.name`, { _: page.resource, smart_count: 1 });
        if (page.kind === 'add') return translate('ra.page.create', { name });
        const id = decodeURIComponent(pathname.split('/').filter(Boolean).pop() ?? '');
        return translate('ra.page.edit', { name, recordRepresentation: `#${id}`, id });
      }
      const found = findRouteTitle(pathname, TITLED);
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
