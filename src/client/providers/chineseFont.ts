/**
 * The Chinese font subset (@fontsource/noto-sans-sc) only in Chinese mode (issue 14 "First load"): its
 * stylesheet (about 120 @font-face rules, each unicode-range subset fetched only when a glyph needs it) is a
 * chunk of its own, imported the first time the locale is `zh` (at start-up, or on switching language).
 * English users never download it. The CSS is self-hosted, so the CSP's `style-src`/`font-src 'self'` hold.
 */
import type { AppLocale } from './locale';

let loading: Promise<unknown> | undefined;

/** Loads the Chinese font stylesheet once when `locale` is zh; resolves when it is in (or at once for en). */
export function loadChineseFontFor(locale: AppLocale | string): Promise<unknown> {
  if (locale !== 'zh') return Promise.resolve();
  loading ??= import('@fontsource/noto-sans-sc/400.css').catch((error: unknown) => {
    loading = undefined; // a failed fetch (offline) is tried again on the next switch
    console.error(error);
  });
  return loading;
}
