/**
 * The manifest declaration of a document screen as the console reads it (generated/shared/resources/<name>.ts
 * `<name>Meta.screen`, see codegen/manifest-screen.ts), with the look-ups the screen's parts share:
 * the view, the items a view shows, a field's spec and label key, the kit names (test ids from the manifest,
 * generic texts under `wms.doc`), the status tag's look.
 */
import type * as yup from 'yup';
import type { DocumentScreenSpec, FieldSpec, ResourceSpec, ScreenItem, ViewSpec } from '../../../shared/resource-meta';
import type { FormMode, Lang, Source } from '../../../shared/validation';
import type { StatusLook } from '../cells';
import type { DocumentNames } from '../names';

/** What generated code hands a screen: the manifest's resources and the generated schema factories. */
export interface ScreenSource {
  resources: Record<string, ResourceSpec>;
  schemas: Record<string, { form: (mode: FormMode, lang: Lang, source?: Source) => yup.AnyObjectSchema }>;
}

export interface Screen {
  resource: string;
  source: ScreenSource;
  meta: ResourceSpec;
  spec: DocumentScreenSpec;
  view: ViewSpec;
  /** The list's permanent filter: the view's filter and preset, then the caller's preset. */
  filter: Record<string, unknown>;
  /** Preset filter fields (the view's and the caller's): their inputs show the preset value and are disabled. */
  locked: string[];
  /** The caller's preset (e.g. a child list's parent id): its values that are form fields are sent on add. */
  preset: Record<string, unknown>;
  names: DocumentNames;
  /** The items of `list` the view shows. */
  shown: (list: ScreenItem[]) => ScreenItem[];
  field: (name: string) => FieldSpec | undefined;
  /** A filter's spec: the field, else the query parameter of that name (queryParams). */
  filterField: (name: string) => FieldSpec | undefined;
  /** The label key of an item: its own (`resources.<r>.<part>.<f>`, part `columns` or `filters`) or its field's. */
  labelOf: (item: ScreenItem, part?: 'columns' | 'filters') => string;
  status?: StatusLook;
}

/**
 * The screen of `resource` in `view` (the first view when absent), the view's preset and the caller's
 * `preset` fixed (values left empty are left out); throws for a resource without a screen.
 */
export function screenOf(source: ScreenSource, resource: string, viewName?: string, preset: Record<string, unknown> = {}): Screen {
  const meta = source.resources[resource];
  const spec = meta?.screen;
  if (!spec) throw new Error(`resources.yaml declares no screen for ${resource}`);
  const view = spec.views.find((v) => v.name === viewName) ?? spec.views[0];
  const names: DocumentNames = { testId: spec.testId, ns: 'wms.doc' };
  const given = Object.fromEntries(Object.entries(preset).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const fixed = { ...view.preset, ...given };
  const wf = meta.workflow;
  const status: StatusLook | undefined = wf && {
    names,
    enumName: meta.fields.find((f) => f.name === wf.field)!.enum!,
    colors: Object.fromEntries(wf.states.map((s) => [s.value, s.color ?? 'default'])),
    outlined: wf.states[0].value,
    keys: Object.fromEntries(wf.states.map((s) => [s.value, s.key])),
  };
  return {
    resource,
    source,
    meta,
    spec,
    view,
    filter: { ...view.filter, ...fixed },
    locked: Object.keys(fixed),
    preset: given,
    names,
    status,
    shown: (list) => list.filter((i) => !i.views || i.views.includes(view.name)),
    field: (name) => meta.fields.find((f) => f.name === name),
    filterField: (name) => meta.fields.find((f) => f.name === name) ?? meta.queryParams.find((q) => q.name === name),
    labelOf: (item, part = 'columns') => (item.label ? `resources.${resource}.${part}.${item.field}` : `resources.${resource}.fields.${item.field}`),
  };
}

/** The spec of field `name` of another resource of the screen's manifest (its lines resource). */
export function fieldOf(screen: Screen, resource: string, name: string): FieldSpec | undefined {
  return screen.source.resources[resource]?.fields.find((f) => f.name === name);
}

/** A field's part of a test id: kebab-case, without a reference's Id (ownerId -> owner, storeOrderNo -> store-order-no). */
export const partName = (field: string) => field.replace(/Id$/, '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
