/**
 * The tab list of the tabs bar (spec 2.2 "visited views are kept as tabs; pinned (fixed) tabs cannot be
 * closed", 2.4 context menu: refresh, close, close others, close all): pure functions over an array of
 * `ViewTab`, pinned tabs first, then the others in the order they were opened.
 *
 * A tab is one view, keyed by its pathname; `to` is where the tab leads (the pathname with the last query
 * seen there, so a list comes back with its filters). `/redirect/<path>` (the refresh helper) belongs to the
 * tab of `<path>`.
 */

export interface ViewTab {
  /** The view's pathname, e.g. `/sku/list/all`. */
  key: string;
  /** Pathname plus query, e.g. `/sku/list/all?filter=...`. */
  to: string;
  /** Pinned tabs (the dashboard) cannot be closed. */
  pinned?: boolean;
}

/** Prefix of the refresh helper route (spec 2.1 `/redirect/{path*}`). */
export const REDIRECT_PREFIX = '/redirect';

/** The refresh helper's URL for the view at `to`. */
export const redirectPathOf = (to: string): string => `${REDIRECT_PREFIX}${to.startsWith('/') ? to : `/${to}`}`;

/** The view a location belongs to: `/redirect/<path>` -> `/<path>`; a trailing slash is dropped. */
export function viewOf(pathname: string, search = ''): { key: string; to: string } {
  let key = pathname;
  if (key === REDIRECT_PREFIX || key.startsWith(`${REDIRECT_PREFIX}/`)) key = key.slice(REDIRECT_PREFIX.length) || '/';
  if (key.length > 1) key = key.replace(/\/+$/, '') || '/';
  return { key, to: key + search };
}

/** Opens the view (appended after the others) or, when it has a tab, updates where the tab leads. */
export function visitTab(tabs: readonly ViewTab[], key: string, to: string): ViewTab[] {
  const at = tabs.findIndex((t) => t.key === key);
  if (at < 0) return [...tabs, { key, to }];
  if (tabs[at].to === to) return tabs as ViewTab[];
  return tabs.map((t, i) => (i === at ? { ...t, to } : t));
}

/** Where to go after the tabs left are `tabs` and the active one closed: the tab that took its place, else the one before, else `/`. */
function successor(tabs: readonly ViewTab[], index: number): string {
  const next = tabs[index] ?? tabs[index - 1];
  return next ? next.to : '/';
}

/**
 * Closes tab `key` (a pinned tab stays). `next` is where to navigate when the closed tab was the active one
 * (`activeKey`), else undefined.
 */
export function closeTab(tabs: readonly ViewTab[], key: string, activeKey: string): { tabs: ViewTab[]; next?: string } {
  const at = tabs.findIndex((t) => t.key === key);
  if (at < 0 || tabs[at].pinned) return { tabs: tabs as ViewTab[] };
  const left = tabs.filter((_, i) => i !== at);
  return { tabs: left, next: key === activeKey ? successor(left, at) : undefined };
}

/** Keeps the pinned tabs and tab `key`; `next` is `key`'s view when another tab was active. */
export function closeOtherTabs(tabs: readonly ViewTab[], key: string, activeKey: string): { tabs: ViewTab[]; next?: string } {
  const kept = tabs.filter((t) => t.pinned || t.key === key);
  const target = kept.find((t) => t.key === key);
  return { tabs: kept, next: target && key !== activeKey ? target.to : undefined };
}

/** Keeps the pinned tabs only; `next` is the last pinned tab (or `/`) when the active tab was closed. */
export function closeAllTabs(tabs: readonly ViewTab[], activeKey: string): { tabs: ViewTab[]; next?: string } {
  const kept = tabs.filter((t) => t.pinned);
  if (kept.some((t) => t.key === activeKey)) return { tabs: kept };
  return { tabs: kept, next: kept.length ? kept[kept.length - 1].to : '/' };
}

/**
 * The tabs with exactly `pinned` pinned (in that order, first) and the others cut to the views `allowed`
 * opens (spec 2.2: the list is cut to the routes the user may still open). A formerly pinned tab that is no
 * longer pinned is dropped too.
 */
export function settleTabs(tabs: readonly ViewTab[], pinned: readonly ViewTab[], allowed: (key: string) => boolean): ViewTab[] {
  const pinnedKeys = new Set(pinned.map((p) => p.key));
  const byKey = new Map(tabs.map((t) => [t.key, t]));
  const head = pinned.map((p) => ({ key: p.key, to: byKey.get(p.key)?.to ?? p.to, pinned: true }));
  const rest = tabs.filter((t) => !t.pinned && !pinnedKeys.has(t.key) && allowed(t.key)).map(({ key, to }) => ({ key, to }));
  return [...head, ...rest];
}

/** Tabs from their stored JSON (anything malformed is dropped). */
export function parseTabs(raw: string | null | undefined): ViewTab[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter((t): t is ViewTab => !!t && typeof t.key === 'string' && t.key.startsWith('/') && typeof t.to === 'string' && t.to.startsWith('/'))
      .map((t) => (t.pinned ? { key: t.key, to: t.to, pinned: true } : { key: t.key, to: t.to }));
  } catch {
    return [];
  }
}

/** Whether two tab lists are the same (avoids storing and re-rendering for nothing). */
export function sameTabs(a: readonly ViewTab[], b: readonly ViewTab[]): boolean {
  return a.length === b.length && a.every((t, i) => t.key === b[i].key && t.to === b[i].to && !!t.pinned === !!b[i].pinned);
}
