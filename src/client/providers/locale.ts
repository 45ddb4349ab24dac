/**
 * The console's current language (spec 1): `zh` or `en`.
 *
 * - Initial locale: the saved preference (localStorage `wms.language`), else `zh` when the browser language
 *   starts with `zh`, else `en`.
 * - `setCurrentLocale` persists the choice; i18nProvider calls it on every locale change.
 * - `getCurrentLocale` feeds the `X-Lang` request header (docs/architecture.md) and `appText`.
 * - `appText` translates the console's own `app.*` messages outside React (http.ts, authProvider).
 */
import { appEn } from '../i18n/app-en';
import { appZh } from '../i18n/app-zh';

export type AppLocale = 'en' | 'zh';
export const LANGUAGE_KEY = 'wms.language';
export const LOCALES: { locale: AppLocale; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'zh', name: '中文' },
];

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Normalises any value to a supported locale, or undefined. */
export function asLocale(value: unknown): AppLocale | undefined {
  return value === 'en' || value === 'zh' ? value : undefined;
}

/** Spec 1: saved preference, else browser language (zh*), else English. */
export function pickInitialLocale(saved: string | null | undefined, browserLanguage: string | null | undefined): AppLocale {
  const fromSaved = asLocale(saved);
  if (fromSaved) return fromSaved;
  if (browserLanguage && browserLanguage.toLowerCase().startsWith('zh')) return 'zh';
  return 'en';
}

/** The initial locale read from this browser's storage and navigator. */
export function initialLocale(): AppLocale {
  const nav = typeof navigator === 'undefined' ? undefined : navigator.language;
  return pickInitialLocale(storage()?.getItem(LANGUAGE_KEY), nav);
}

let current: AppLocale | undefined;

/** The locale in use (initial locale until i18nProvider changes it). */
export function getCurrentLocale(): AppLocale {
  if (!current) current = initialLocale();
  return current;
}

/** Switches and persists the locale (spec 1: the user can switch language). Unknown values are ignored. */
export function setCurrentLocale(locale: string): void {
  const l = asLocale(locale);
  if (!l) return;
  current = l;
  storage()?.setItem(LANGUAGE_KEY, l);
}

const appMessages: Record<AppLocale, unknown> = { en: appEn, zh: appZh };

/**
 * Looks up an `app.*` key in the current locale, with polyglot-style `%{name}` interpolation.
 * Returns the key itself when missing.
 */
export function appText(key: string, params: Record<string, string | number> = {}, locale: AppLocale = getCurrentLocale()): string {
  let node: unknown = appMessages[locale];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/%\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
