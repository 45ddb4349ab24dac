/**
 * Checks src/client/i18n/ra-zh.ts against ra-language-english: same key set,
 * no polyglot `||||` plurals, placeholders preserved, every value translated.
 */
import { describe, it, expect } from 'vitest';
import englishMessages from 'ra-language-english';
import { raChineseMessages } from '../../src/client/i18n/ra-zh';

/** Flattens nested messages into a map of dotted leaf path -> value. */
function leaves(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      leaves(value, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]));
}

const en = leaves(englishMessages);
const zh = leaves(raChineseMessages);

/** Values that legitimately equal the English ones: a lone placeholder, or blank. */
const SAME_AS_ENGLISH = new Set(['ra.boolean.null', 'ra.page.list']);

/**
 * English placeholders intentionally absent from the zh value. Only allowed for a
 * placeholder that some English plural form already omits (checked below):
 * BulkUpdateWithConfirmButton passes no recordRepresentation, so the single zh
 * form would otherwise show the raw `%{recordRepresentation}` token.
 */
const DROPPED_PLACEHOLDERS: Record<string, string[]> = {
  'ra.message.bulk_update_content': ['recordRepresentation'],
  'ra.message.bulk_update_title': ['recordRepresentation'],
};

/**
 * English placeholders the zh value replaces by a twin holding the same text: `field_lower_first` lower-cases
 * the label's first letter, which Chinese has no use for and which spoils a Latin label ("SKU" -> "sKU").
 */
const REPLACED_PLACEHOLDERS: Record<string, Record<string, string>> = {
  'ra.sort.sort_by': { field_lower_first: 'field' },
};

describe('raChineseMessages', () => {
  it('has exactly the leaf keys of ra-language-english', () => {
    const missing = [...en.keys()].filter((k) => !zh.has(k));
    const extra = [...zh.keys()].filter((k) => !en.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    expect(zh.size).toBeGreaterThan(0);
  });

  it('uses no polyglot |||| plural forms', () => {
    const withPlurals = [...zh].filter(([, v]) => typeof v === 'string' && v.includes('||||')).map(([k]) => k);
    expect(withPlurals).toEqual([]);
  });

  it('keeps every %{placeholder} of the English value', () => {
    const problems: string[] = [];
    for (const [key, enValue] of en) {
      const zhValue = zh.get(key);
      if (typeof enValue !== 'string' || typeof zhValue !== 'string') continue;
      const dropped = DROPPED_PLACEHOLDERS[key] ?? [];
      const replaced = REPLACED_PLACEHOLDERS[key] ?? {};
      const zhNames = placeholders(zhValue);
      for (const name of placeholders(enValue)) {
        if (!zhNames.has(replaced[name] ?? name) && !dropped.includes(name)) problems.push(`${key}: missing %{${replaced[name] ?? name}}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('drops placeholders only where some English plural form omits them too', () => {
    for (const [key, names] of Object.entries(DROPPED_PLACEHOLDERS)) {
      const enValue = en.get(key);
      expect(typeof enValue, key).toBe('string');
      const forms = (enValue as string).split('||||');
      expect(forms.length, `${key} is not a plural message`).toBeGreaterThan(1);
      for (const name of names) {
        expect(forms.some((form) => !placeholders(form).has(name)), `${key}: %{${name}}`).toBe(true);
      }
    }
  });

  it('translates every value into a non-empty string', () => {
    const problems: string[] = [];
    for (const [key, zhValue] of zh) {
      if (typeof zhValue !== 'string' || zhValue.length === 0) {
        problems.push(`${key}: not a non-empty string`);
      } else if (zhValue === en.get(key) && !SAME_AS_ENGLISH.has(key)) {
        problems.push(`${key}: identical to English`);
      }
    }
    expect(problems).toEqual([]);
  });
});
