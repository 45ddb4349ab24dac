// @vitest-environment jsdom
/**
 * The widget modules a screen's views module imports (src/client/screens/widgets.ts SCREEN_WIDGETS, read by the
 * generator) register every widget its manifest `screen:` names, with the kind it is used as: for each screen of
 * resources.yaml, a fresh module graph (nothing registered), then only its generated views module, then every
 * name looked up. A screen that imported too few would render an empty cell or button (and log it).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { loadManifest } from '../../codegen/manifest';
import type { DocumentScreenSpec } from '../../src/shared/resource-meta';

const model = loadManifest(join(import.meta.dirname, '../../resources.yaml'));
const screens = model.resources.filter((r) => r.screen).map((r) => [r.name, r.screen!] as const);

type Kind = 'column' | 'row' | 'top' | 'bulk' | 'filter' | 'form' | 'input' | 'lines';

/** Every widget a screen names, with the registry kind it is looked up as (src/client/kit/screen). */
function widgetsOf(s: DocumentScreenSpec): Array<[Kind, string]> {
  const named = (kind: Kind, items: Array<{ widget?: string }>) => items.flatMap((i) => (i.widget ? [[kind, i.widget] as [Kind, string]] : []));
  return [
    ...named('filter', s.filters),
    ...named('column', [...s.columns, ...s.viewLines]),
    ...named('input', s.form?.fields ?? []),
    ...named('row', s.actions.filter((a) => a.kind === 'widget')),
    ...s.topWidgets.map((n) => ['top', n] as [Kind, string]),
    ...s.rowWidgets.map((n) => ['row', n] as [Kind, string]),
    ...s.bulkWidgets.map((n) => ['bulk', n] as [Kind, string]),
    ...(s.form?.widget ? [['form', s.form.widget] as [Kind, string]] : []),
    ...(s.form?.lines?.widget ? [['lines', s.form.lines.widget] as [Kind, string]] : []),
  ];
}

afterEach(() => vi.restoreAllMocks());

describe('the widget modules of each screen', () => {
  it('lists every screen of the manifest (a screen not listed would import no widget module)', async () => {
    const { SCREEN_WIDGETS } = await import('../../src/client/screens/widgets');
    expect(Object.keys(SCREEN_WIDGETS).sort()).toEqual(screens.map(([name]) => name).sort());
  });

  it.each(screens)('%s: its views module registers every widget it names', async (resource, spec) => {
    vi.resetModules(); // a fresh registry: only what this screen loads is registered
    vi.spyOn(console, 'error').mockImplementation(() => {}); // a missing name logs; the expectation names it
    const registry = await import('../../src/client/kit/screen/registry');
    await import(`../../generated/client/views/${resource}.tsx`);
    const lookup: Record<Kind, (name: string) => unknown> = {
      column: registry.columnWidget, row: registry.rowWidget, top: registry.topWidget, bulk: registry.bulkWidget,
      filter: registry.filterWidget, form: registry.formWidget, input: registry.inputWidget, lines: registry.linesWidget,
    };
    const missing = widgetsOf(spec).filter(([kind, name]) => !lookup[kind](name)).map(([kind, name]) => `${kind} ${name}`);
    expect(missing).toEqual([]);
  }, 120_000);
});
