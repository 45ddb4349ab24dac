// @vitest-environment jsdom
/**
 * Manifest list options: computed fields (issue 12 company quotas): a field with `computed: true` has no column and is
 * filled by the server when records are read; with `outOf` the generated list shows it as `used / allowed`
 * (UsedOfField: ∞ for an allowance of 0), sorted by the allowance when that one is sortable; `grouping: false`
 * numbers; `lockedRows` (rows a plain list offers no Edit or Delete for).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { emitAll } from '../../codegen/emit';
import { parseManifest, ManifestError } from '../../codegen/manifest';
import { lockedRowClick, UnlessLocked, UsedOfField } from '../../src/client/widgets';

const manifest = (fields: string) => `resources:
  shop:
    en: Shops
    zh: 店
    path: /sapi/wms/shop
    table: wms_shop
    represent: name
    permissions: { list: any }
    fields:
      name: { type: string, en: Name, zh: 名称, maxLength: 20 }
      allowCount: { type: int, en: Allowed a month, zh: 每月允许, min: 0, default: 0, sortable: true }
${fields}`;
const problemsOf = (text: string) => {
  try { parseManifest(text, 'm.yaml'); } catch (e) { if (e instanceof ManifestError) return e.problems.join('\n'); throw e; }
  return '';
};

describe('computed fields in the manifest', () => {
  it('have no column, a non-null type and a used / allowed column sorted by the allowance', () => {
    const out = emitAll(parseManifest(manifest('      used: { type: int, en: Used this month, zh: 本月已用, computed: true, outOf: allowCount }\n'), 'm.yaml'));
    const text = (path: string) => out.find((o) => o.path === path)!.text;
    expect(text('generated/db/schema.ts')).not.toContain('"used"');
    expect(text('generated/shared/types.ts')).toMatch(/used: number;/);
    expect(text('generated/shared/schemas.ts')).not.toMatch(/used:/);
    expect(text('generated/client/resources/shop.tsx')).toContain('<UsedOfField source="used" outOf="allowCount" sortBy="allowCount" />');
    expect(text('generated/client/i18n.ts')).toContain('used: "Used this month"');
  });

  it('refuse what a stored field has, and an outOf that is not a stored int field', () => {
    expect(problemsOf(manifest('      used: { type: int, en: U, zh: U, computed: true, sortable: true, filter: eq, default: 0 }\n')))
      .toMatch(/fields\.used: a computed field is filled by the server when records are read: no default, filter, sortable/);
    expect(problemsOf(manifest('      used: { type: int, en: U, zh: U, computed: true, outOf: name }\n'))).toMatch(/fields\.used\.outOf: 'name' is not a stored int field/);
    expect(problemsOf(manifest('      used: { type: int, en: U, zh: U, outOf: allowCount }\n'))).toMatch(/fields\.used\.outOf: only computed int fields/);
  });
});

describe('UsedOfField', () => {
  afterEach(cleanup);
  const show = (record: Record<string, unknown>) => render(<RecordContextProvider value={{ id: 1, ...record }}><UsedOfField source="used" outOf="allowed" /></RecordContextProvider>);

  it('shows used / allowed, and ∞ for an allowance of 0 (unlimited)', () => {
    show({ used: 3, allowed: 100 });
    expect(screen.getByText('3 / 100')).toBeTruthy();
    cleanup();
    show({ used: 7, allowed: 0 });
    expect(screen.getByText('7 / ∞')).toBeTruthy();
  });
});

describe('grouping: false (a number that names something)', () => {
  it('shows the value without thousands separators, and is refused on a non-number field', () => {
    const out = emitAll(parseManifest(manifest('      port: { type: int, en: Port, zh: 端口, grouping: false }\n'), 'm.yaml'));
    const list = out.find((o) => o.path === 'generated/client/resources/shop.tsx')!.text;
    expect(list).toContain('<NumberField source="port" options={{ useGrouping: false }}');
    expect(list).toMatch(/<NumberField source="allowCount"(?! options)/);
    expect(problemsOf(manifest('      code: { type: string, en: C, zh: C, maxLength: 5, grouping: false }\n'))).toMatch(/fields\.code\.grouping: only int and number fields/);
  });
});

describe('lockedRows: rows a plain list may not edit or delete', () => {
  it('wraps Edit and Delete and guards the row click; refuses a non-boolean field', () => {
    const out = emitAll(parseManifest(manifest('      fixed: { type: boolean, en: Fixed, zh: 固定 }\n').replace('    permissions: { list: any }\n', '    permissions: { list: any }\n    lockedRows: fixed\n'), 'm.yaml'));
    const list = out.find((o) => o.path === 'generated/client/resources/shop.tsx')!.text;
    expect(list).toContain('rowClick={lockedRowClick("fixed")}');
    expect(list).toContain('<UnlessLocked field="fixed"><EditButton /></UnlessLocked>');
    expect(list).toContain('<UnlessLocked field="fixed"><DeleteButton mutationMode="pessimistic" /></UnlessLocked>');
    expect(problemsOf(manifest('').replace('    permissions: { list: any }\n', '    permissions: { list: any }\n    lockedRows: name\n'))).toMatch(/lockedRows: 'name' is not a boolean field of shop/);
  });

  it('shows its children only for an unlocked row, and edits on click only then', () => {
    render(<RecordContextProvider value={{ id: 1, fixed: true }}><UnlessLocked field="fixed"><span>edit</span></UnlessLocked></RecordContextProvider>);
    expect(screen.queryByText('edit')).toBeNull();
    cleanup();
    render(<RecordContextProvider value={{ id: 2, fixed: false }}><UnlessLocked field="fixed"><span>edit</span></UnlessLocked></RecordContextProvider>);
    expect(screen.getByText('edit')).toBeTruthy();
    expect(lockedRowClick('fixed')(1, 'shop', { id: 1, fixed: true })).toBe(false);
    expect(lockedRowClick('fixed')(2, 'shop', { id: 2, fixed: false })).toBe('edit');
    cleanup();
  });
});
