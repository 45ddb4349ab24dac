/**
 * Per-browser settings of the top bar (spec 2.4), kept in localStorage like the language (locale.ts):
 * - `componentSize` (`wms.componentSize`): 'default' | 'medium' | 'small', applied through the MUI theme
 *   (layout/theme.ts `themeOf`) to every input, button and table;
 * - `localPrint` (`wms.localPrint`): whether documents print through the local print plugin (true) or the
 *   browser (false, the default); read by the printing code through `localPrint.get()` / `usePreference`.
 * A stored value that is not one of the allowed ones reads as the default. Works without localStorage
 * (node tests): the value then lives in memory.
 */
import { useSyncExternalStore } from 'react';

export interface Preference<T> {
  readonly key: string;
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** A preference under localStorage `key`, stored as a string; `parse` maps a stored string to a value or undefined. */
export function preference<T>(key: string, fallback: T, parse: (raw: string) => T | undefined, format: (v: T) => string = String): Preference<T> {
  const listeners = new Set<() => void>();
  let memory: T | undefined;
  let cached: { raw: string | null | undefined; value: T } | undefined;
  return {
    key,
    get() {
      const s = storage();
      if (!s) return memory ?? fallback;
      const raw = s.getItem(key);
      if (cached && cached.raw === raw) return cached.value;
      const value = raw === null ? fallback : parse(raw) ?? fallback;
      cached = { raw, value };
      return value;
    },
    set(value) {
      const s = storage();
      if (s) s.setItem(key, format(value));
      else memory = value;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The current value of `pref`, re-rendering when it changes. */
export function usePreference<T>(pref: Preference<T>): [T, (value: T) => void] {
  const value = useSyncExternalStore(pref.subscribe, pref.get, pref.get);
  return [value, pref.set];
}

export const COMPONENT_SIZES = ['default', 'medium', 'small'] as const;
export type ComponentSize = (typeof COMPONENT_SIZES)[number];

export const componentSize = preference<ComponentSize>('wms.componentSize', 'default', (raw) =>
  (COMPONENT_SIZES as readonly string[]).includes(raw) ? (raw as ComponentSize) : undefined,
);

export const localPrint = preference<boolean>(
  'wms.localPrint',
  false,
  (raw) => (raw === 'on' ? true : raw === 'off' ? false : undefined),
  (v) => (v ? 'on' : 'off'),
);
