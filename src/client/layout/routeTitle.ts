/**
 * Page title derived from the current path (spec 1: "<translated route title> - WMS", or "WMS" when the
 * route has no title).
 *
 * The menu nodes are the route table: a node matches when the path equals its `route` (or lies below it),
 * or equals / lies below `/<resource>`. The longest match wins; on equal length a route match beats a
 * resource match. A route match is titled by the node's `labelKey`; a resource match by
 * `resources.<name>.name` (smart_count 2). `/` and `/dashboard` fall back to the dashboard title.
 * A route with parameters (`/dbms/database/detail/:id`) matches as a pattern, so its tab is titled, not shown
 * as its path (issue 27). Paths outside the menu (/login, /401, /404) have no title.
 */
import { matchPath } from 'react-router-dom';
import type { MenuNode } from '../../../generated/client/menu';

export const TITLE_SUFFIX = 'WMS';

export interface RouteTitle {
  /** Translation key of the title. */
  key: string;
  /** Translation options (smart_count for resource names). */
  options?: Record<string, unknown>;
  /** labelKeys of the matched node's ancestors, outermost first (breadcrumb). */
  trail: string[];
}

function normalise(path: string): string {
  const p = path.split(/[?#]/)[0] || '/';
  return p.length > 1 && p.endsWith('/') ? p.replace(/\/+$/, '') || '/' : p;
}

/** Whether `pathname` is `base` or lies below it; a base with parameters (`/dbms/database/detail/:id`) is a pattern. */
function below(pathname: string, base: string): boolean {
  if (base.includes('/:')) return matchPath({ path: base, end: false }, pathname) !== null;
  return pathname === base || (base !== '/' && pathname.startsWith(`${base}/`));
}

export function findRouteTitle(path: string, nodes: readonly MenuNode[]): RouteTitle | null {
  const pathname = normalise(path);
  let best: { score: number; title: RouteTitle } | null = null;

  const visit = (list: readonly MenuNode[], trail: string[]) => {
    for (const node of list) {
      if (node.route && below(pathname, normalise(node.route))) {
        const score = normalise(node.route).length + 0.5;
        if (!best || score > best.score) best = { score, title: { key: node.labelKey, trail } };
      }
      if (node.resource && below(pathname, `/${node.resource}`)) {
        const score = node.resource.length + 1;
        if (!best || score > best.score) {
          best = {
            score,
            title: { key: `resources.${node.resource}.name`, options: { smart_count: 2 }, trail },
          };
        }
      }
      if (node.children) visit(node.children, [...trail, node.labelKey]);
    }
  };
  visit(nodes, []);

  if (best) return (best as { title: RouteTitle }).title;
  if (pathname === '/' || pathname === '/dashboard') return { key: 'screens.dashboard', trail: [] };
  return null;
}

/** "<title> - WMS", or "WMS" without a title. */
export function formatDocumentTitle(title: string | null | undefined): string {
  return title ? `${title} - ${TITLE_SUFFIX}` : TITLE_SUFFIX;
}
