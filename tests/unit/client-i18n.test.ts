/**
 * Console i18n (spec 1): the initial-locale rule, persistence, app-en / app-zh key parity, the message
 * merge, and the merged catalogues of the real i18nProvider.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appEn } from '../../src/client/i18n/app-en';
import { appZh } from '../../src/client/i18n/app-zh';
import {
  LANGUAGE_KEY,
  appText,
  getCurrentLocale,
  initialLocale,
  pickInitialLocale,
  setCurrentLocale,
} from '../../src/client/providers/locale';
import { deepMerge } from '../../src/client/providers/messages';

function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: k => (map.has(k) ? map.get(k)! : null),
    key: i => [...map.keys()][i] ?? null,
    removeItem: k => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe('initial locale (spec 1)', () => {
  it('saved preference first', () => {
    expect(pickInitialLocale('en', 'zh-CN')).toBe('en');
    expect(pickInitialLocale('zh', 'en-US')).toBe('zh');
  });
  it('else the browser language (zh*)', () => {
    expect(pickInitialLocale(null, 'zh-CN')).toBe('zh');
    expect(pickInitialLocale(null, 'zh')).toBe('zh');
    expect(pickInitialLocale(undefined, 'ZH-tw')).toBe('zh');
    expect(pickInitialLocale('fr', 'zh-HK')).toBe('zh'); // unsupported saved value ignored
  });
  it('else English', () => {
    expect(pickInitialLocale(null, 'en-GB')).toBe('en');
    expect(pickInitialLocale(null, 'fr-FR')).toBe('en');
    expect(pickInitialLocale(null, undefined)).toBe('en');
    expect(pickInitialLocale('', '')).toBe('en');
  });
});

describe('locale persistence', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('reads wms.language and the navigator', () => {
    vi.stubGlobal('navigator', { language: 'zh-CN' });
    expect(initialLocale()).toBe('zh');
    localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(initialLocale()).toBe('en');
  });

  it('setCurrentLocale persists and ignores unknown locales', () => {
    setCurrentLocale('zh');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('zh');
    expect(getCurrentLocale()).toBe('zh');
    setCurrentLocale('fr');
    expect(getCurrentLocale()).toBe('zh');
    setCurrentLocale('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });
});

describe('app messages', () => {
  it('app-en and app-zh have the same key set', () => {
    expect(keys(appZh).sort()).toEqual(keys(appEn).sort());
  });
  it('every message is a non-empty string with the same placeholders', () => {
    const get = (tree: unknown, key: string) => key.split('.').reduce<any>((n, k) => n?.[k], tree);
    for (const key of keys(appEn)) {
      const en = get(appEn, key);
      const zh = get(appZh, key);
      expect(typeof en === 'string' && en.length > 0, key).toBe(true);
      expect(typeof zh === 'string' && zh.length > 0, key).toBe(true);
      const ph = (s: string) => (s.match(/%\{\w+\}/g) ?? []).sort();
      expect(ph(zh), key).toEqual(ph(en));
    }
  });
  it('spec 5/8 texts', () => {
    expect(appText('app.login.username_required', {}, 'en')).toBe('Username cannot be empty');
    expect(appText('app.login.captcha_required', {}, 'zh')).toBe('验证码不能为空');
    expect(appText('app.http.forbidden', {}, 'zh')).toBe('权限不足');
    expect(appText('app.http.timeout', { ms: 90000 }, 'en')).toBe('Request timed out after 90000 ms');
    expect(appText('app.no.such.key', {}, 'en')).toBe('app.no.such.key');
  });
});

describe('deepMerge', () => {
  it('merges nested trees, later wins, inputs untouched', () => {
    const a = { ra: { action: { save: 'Save', delete: 'Delete' } }, x: 1 };
    const b = { ra: { action: { save: 'Store' } }, resources: { w: { name: 'W' } } };
    const merged = deepMerge(a, b, undefined);
    expect(merged).toEqual({ ra: { action: { save: 'Store', delete: 'Delete' } }, x: 1, resources: { w: { name: 'W' } } });
    expect(a.ra.action.save).toBe('Save');
    (merged.resources as any).w.name = 'changed';
    expect(b.resources.w.name).toBe('W');
  });
});

describe('i18nProvider', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('merges react-admin, app and generated messages and persists locale changes', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    vi.resetModules();
    const { i18nProvider, messages } = await import('../../src/client/providers/i18nProvider');
    expect(i18nProvider.getLocales!()).toEqual([
      { locale: 'en', name: 'English' },
      { locale: 'zh', name: '中文' },
    ]);
    for (const locale of ['en', 'zh'] as const) {
      const m = messages[locale] as any;
      expect(m.ra?.action?.save, locale).toBeTypeOf('string');
      expect(m.app?.title).toBe('WMS');
      expect(m.resources, locale).toBeTypeOf('object');
      expect(m.menu, locale).toBeTypeOf('object');
    }
    expect(i18nProvider.getLocale()).toBe('en');
    expect(i18nProvider.translate('app.login.password_min')).toBe('Password length cannot be less than 6');
    await i18nProvider.changeLocale('zh');
    expect(i18nProvider.getLocale()).toBe('zh');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('zh');
    expect(i18nProvider.translate('app.login.password_min')).toBe('密码长度不能少于6位');
    expect(i18nProvider.translate('no.such.key')).toBe('no.such.key');
  });
});
