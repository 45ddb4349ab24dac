/**
 * Where the tabs bar keeps its tabs: sessionStorage `wms.tabs` (TABS_KEY in providers/session.ts), so the
 * list survives a reload of the browser tab and is gone with it; the session's end (clearToken) removes it.
 * `getTabs()` reads through the storage each time (cached on the stored text), so a list removed by the
 * session's end is never served from memory.
 */
import { TABS_KEY } from '../../providers/session';
import { parseTabs, sameTabs, type ViewTab } from './tabList';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; tabs: ViewTab[] } = { raw: null, tabs: [] };
let memory: ViewTab[] = [];

/** The stored tabs (the same array until they change). */
export function getTabs(): ViewTab[] {
  const s = storage();
  if (!s) return memory;
  const raw = s.getItem(TABS_KEY);
  if (raw !== cache.raw) cache = { raw, tabs: parseTabs(raw) };
  return cache.tabs;
}

/** Stores the tabs and tells the subscribers (nothing happens when they are unchanged). */
export function setTabs(tabs: ViewTab[]): void {
  if (sameTabs(tabs, getTabs())) return;
  const s = storage();
  if (s) {
    const raw = JSON.stringify(tabs);
    s.setItem(TABS_KEY, raw);
    cache = { raw, tabs };
  } else {
    memory = tabs;
  }
  for (const l of [...listeners]) l();
}

export function subscribeTabs(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
