/**
 * The create/edit form of a manifest screen, without React: the rules (the generated yup schemas of the
 * resource and of its lines resource, picked to the fields the view shows, plus the view's `required` items,
 * the lines' `requiredWithout` and the number of lines), the starting values, and the add / edit bodies
 * (spec 5; the server checks the same schemas again).
 */
import * as yup from 'yup';
import type { Identifier, RaRecord } from 'react-admin';
import { MAX_LINES } from '../../../shared/documents';
import type { FieldSpec } from '../../../shared/resource-meta';
import { rules, type Lang } from '../../../shared/validation';
import type { FormMode } from '../EditableLines';
import { isBlank, type Translate } from '../formRules';
import { enumEntries } from '../../widgets/enums';
import { fieldOf, type Screen } from './spec';

/** The header fields the view's form shows (with their items). */
export const formItems = (screen: Screen) => screen.shown(screen.spec.form?.fields ?? []);

/** The rules of the form in `lang` (messages name the fields by their labels). */
export function screenFormSchema(screen: Screen, mode: FormMode, lang: Lang, t: Translate): yup.AnyObjectSchema {
  const items = formItems(screen);
  const header = screen.source.schemas[screen.resource].form(mode, lang, 'input');
  const shape: Record<string, yup.AnySchema> = {};
  for (const item of items) {
    const rule = header.fields[item.field] as yup.AnySchema | undefined;
    if (!rule) continue; // read-only on edit: not sent
    const f = screen.field(item.field)!;
    shape[item.field] = item.required ? rule.required(rules(lang, mode).text('required', f)) : rule;
  }
  // an amount above 0 needs its currency (the manifest's `currency` of a money field)
  for (const item of items) {
    const f = screen.field(item.field)!;
    const currency = f.currency && shape[f.currency] ? f.currency : undefined;
    if (!currency) continue;
    const required = rules(lang, mode).text('required', screen.field(currency)!);
    shape[currency] = shape[currency].when(f.name, { is: (v: unknown) => Number(v) > 0, then: (s: yup.AnySchema) => s.required(required) });
  }
  const lines = screen.spec.form?.lines;
  if (lines) {
    const lineRules = screen.source.schemas[lines.resource].form('add', lang, 'input');
    const lineRule = (n: string): yup.AnySchema => {
      const rule = lineRules.fields[n] as yup.AnySchema;
      const other = lines.requiredWithout?.[n];
      if (!other) return rule;
      // required only while `other` is empty: the generated rule's limits stay, its presence rule goes
      const required = rules(lang, 'add').text('required', fieldOf(screen, lines.resource, n)!);
      return rule.notRequired().when(other, { is: isBlank, then: (s: yup.AnySchema) => s.required(required) });
    };
    const line = yup.object(Object.fromEntries(lines.fields.map((n) => [n, lineRule(n)])));
    shape.lines = yup
      .array(line)
      .required(t('wms.doc.rules.lines_required'))
      .min(1, t('wms.doc.rules.lines_required'))
      .max(MAX_LINES, t('wms.doc.rules.too_many_lines', { max: MAX_LINES }));
  }
  return yup.object(shape);
}

/** The empty value of a field in a form ('' for texts so inputs stay controlled). */
function emptyOf(f: FieldSpec | undefined): unknown {
  if (!f) return null;
  if (f.type === 'string' || f.type === 'text' || f.type === 'password' || f.type === 'secret') return '';
  if (f.type === 'refs' || f.type === 'strings') return [];
  if (f.type === 'boolean') return f.default ?? false;
  return null;
}

/** The starting value of a field in a new record's form: the manifest default (an enum key as its value), else empty. */
function initialOf(f: FieldSpec | undefined): unknown {
  if (f?.default === undefined || f.default === null) return emptyOf(f);
  if (f.type === 'enum') return enumEntries(f.enum!).find((e) => e.key === f.default)?.value ?? null;
  return f.default;
}

/**
 * What rides along with a line for display and is never sent: the SKU's code and name, and the values the
 * server adds to each line that the view dialog shows (labelled `viewLines` items that are not line fields).
 */
function displayFields(screen: Screen): string[] {
  const res = screen.spec.form!.lines!.resource;
  return ['sku', 'skuName', ...screen.spec.viewLines.filter((i) => i.label && !i.widget && !fieldOf(screen, res, i.field)).map((i) => i.field)];
}

/** A new line: the line fields and the display values empty. */
export function newLine(screen: Screen): Record<string, unknown> {
  const lines = screen.spec.form!.lines!;
  return { ...Object.fromEntries(displayFields(screen).map((n) => [n, null])), ...Object.fromEntries(lines.fields.map((n) => [n, emptyOf(fieldOf(screen, lines.resource, n))])) };
}

/** The form values of a stored document (edit) or of a new one of the view. */
export function screenFormValues(screen: Screen, record: RaRecord | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of formItems(screen)) {
    const f = screen.field(item.field);
    out[item.field] = record ? (record[item.field] ?? emptyOf(f)) : initialOf(f);
  }
  const lines = screen.spec.form?.lines;
  if (lines) {
    out.lines = ((record?.lines ?? []) as Record<string, unknown>[]).map((l) => ({
      ...Object.fromEntries(displayFields(screen).map((n) => [n, l[n] ?? null])),
      ...Object.fromEntries(lines.fields.map((n) => [n, l[n] ?? emptyOf(fieldOf(screen, lines.resource, n))])),
    }));
  }
  return out;
}

/** The lines of a body: each line's declared fields only (display fields stay behind). */
function linesBody(screen: Screen, values: Record<string, unknown>) {
  const lines = screen.spec.form?.lines;
  if (!lines) return {};
  return { lines: ((values.lines ?? []) as Record<string, unknown>[]).map((l) => Object.fromEntries(lines.fields.map((n) => [n, l[n] ?? (n === 'batchNo' ? '' : null)]))) };
}

/**
 * The add body: the view's permanent filter (e.g. the order type), the caller's preset values that are form
 * fields (a child's parent, e.g. skuId), the shown fields, the lines. A view's preset is a filter only.
 */
export function screenAddBody(screen: Screen, values: Record<string, unknown>): Record<string, unknown> {
  const preset = Object.fromEntries(Object.entries(screen.preset).filter(([k]) => screen.field(k)?.form));
  const fields = Object.fromEntries(formItems(screen).map((i) => [i.field, values[i.field] ?? null]));
  return { ...screen.view.filter, ...preset, ...fields, ...linesBody(screen, values) };
}

/** A password or secret left empty on edit: the stored one stays, so it is not sent. */
const keptWriteOnly = (f: FieldSpec | undefined, v: unknown) => (f?.type === 'password' || f?.type === 'secret') && isBlank(v);

/** The edit body: id, the shown fields that may change on edit (not an empty password or secret), the lines. */
export function screenEditBody(screen: Screen, id: Identifier, values: Record<string, unknown>): Record<string, unknown> {
  const fields = Object.fromEntries(formItems(screen).filter((i) => !screen.field(i.field)?.readOnlyOnEdit && !keptWriteOnly(screen.field(i.field), values[i.field])).map((i) => [i.field, values[i.field] ?? null]));
  return { id, ...fields, ...linesBody(screen, values) };
}
