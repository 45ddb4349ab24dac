/**
 * Hooks for the route title (spec 1): `useRouteTitle()` gives the translated title and breadcrumb of the
 * current location (see routeTitle.ts); `useDocumentTitle()` keeps `document.title` at
 * "<title> - WMS" / "WMS".
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { menuTree } from '../../../generated/client/menu';
import { findRouteTitle, formatDocumentTitle } from './routeTitle';

export interface TranslatedRouteTitle {
  title: string;
  trail: string[];
}

export function useRouteTitle(): TranslatedRouteTitle | null {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const found = findRouteTitle(pathname, menuTree);
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
