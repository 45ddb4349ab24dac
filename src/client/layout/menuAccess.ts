/**
 * Filters the generated menu tree by the user's role codes (spec 2.4 "sidebar is built from the permitted
 * routes", spec 6 "menu routes are filtered by role, recursively through children"):
 * - `admin` sees every node;
 * - a node with `code` needs that code in `roles`;
 * - a parent whose children are all filtered out is dropped.
 */
import type { MenuNode } from '../../../generated/client/menu';
import { hasCode } from '../providers/access';

export function filterMenu(nodes: readonly MenuNode[], roles: readonly string[]): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    if (!hasCode(roles, node.code)) continue;
    if (node.children && node.children.length > 0) {
      const children = filterMenu(node.children, roles);
      if (children.length === 0) continue;
      out.push({ ...node, children });
    } else {
      out.push(node);
    }
  }
  return out;
}

/** The path a menu leaf links to: its route, else `/<resource>`. */
export function menuTarget(node: MenuNode): string | undefined {
  return node.route ?? (node.resource ? `/${node.resource}` : undefined);
}

/**
 * Where `/` leads a user (spec 2.3 "/ redirects to /dashboard"): the dashboard when `dashboard` allows it, else
 * the first sidebar entry the user may open (a role without the dashboard code should land on their work, not
 * on /401), else the dashboard (whose guard then says /401).
 */
export function landingRoute(nodes: readonly MenuNode[], roles: readonly string[], dashboardAllowed: boolean): string {
  if (dashboardAllowed) return '/dashboard';
  const first = (list: readonly MenuNode[]): string | undefined => {
    for (const n of list) {
      const target = n.children?.length ? first(n.children) : menuTarget(n);
      if (target) return target;
    }
    return undefined;
  };
  return first(filterMenu(nodes, roles)) ?? '/dashboard';
}
