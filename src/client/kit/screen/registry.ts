/**
 * Hand-written pieces a manifest screen names (`widget:` of a column, filter, form field or action, `topWidgets`,
 * `bulkWidgets`, `rowWidgets`, `form.widget`, `form.lines.widget`): what the manifest cannot say, e.g.
 * "planned / received" totals, the receive button that opens the receiving screen, the package dialog (a
 * row's, or a screen's whole create/edit dialog), the order import, the SKU code lookup, the batch weight. Screens register them once at start
 * (src/client/screens/<name>/widgets.tsx, loaded per screen by src/client/screens/widgets.ts); a name the manifest uses and nobody registered renders nothing and says so
 * in the console.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import type { DocumentListUi } from '../DocumentListUi';
import type { DocumentLines, FormMode } from '../EditableLines';
import type { Screen } from './spec';

/** A column cell: the record comes from react-admin's record context. */
export type ColumnWidget = ComponentType<{ screen: Screen; field: string }>;
/** A row button; it may open a dialog of kind `widget:<name>` through `ui.open`. */
export type RowWidget = ComponentType<{ screen: Screen; record: RaRecord; ui: DocumentListUi<string>; action?: string }>;
/** A button of the top bar. */
export type TopWidget = ComponentType<{ screen: Screen }>;
/**
 * A button of the top bar acting on the selected rows (`selectable` screens): `disabled` while none is
 * selected; `done` after a success (clears the selection, reloads from page 1).
 */
export type BulkWidget = ComponentType<{ screen: Screen; ids: Identifier[]; disabled: boolean; done: () => void }>;
/**
 * A filter input (`filters: [{ field, widget }]`), inside the filter bar's form: it edits `source` (the
 * field's value, read by the codec as the field's type says), e.g. SKU codes with a lookup.
 */
export type FilterWidget = ComponentType<{ screen: Screen; source: string; label: string; disabled: boolean }>;
/** A dialog opened by a row widget. */
export type DialogWidget = (props: { screen: Screen; record: RaRecord; ui: DocumentListUi<string> }) => ReactNode;
/**
 * The lines editor of a create/edit form (`form.lines.widget`), inside the form: it edits the field array
 * `lines` (`lines` adds with the owner-then-warehouse check); the rules stay the screen's (screenForm.ts).
 */
export type LinesWidget = ComponentType<{ screen: Screen; lines: DocumentLines; mode: FormMode }>;
/**
 * A screen's create/edit dialog (`form: { widget }`): `id` and `record` (the row) absent to add; `onSaved` after
 * a successful save (the list reloads).
 */
export type FormWidget = ComponentType<{ screen: Screen; id?: Identifier; record?: RaRecord; onClose: () => void; onSaved: () => void }>;
/**
 * One input of the generic create/edit form (`form.fields: [{ field, widget }]`), inside the form: it edits
 * `source` (the field's value; the rule stays the field's yup schema), e.g. a select fed by a server call.
 */
export type InputWidget = ComponentType<{ screen: Screen; source: string; label: string; isRequired: boolean; disabled: boolean; testId: string }>;

const columns = new Map<string, ColumnWidget>();
const rows = new Map<string, RowWidget>();
const tops = new Map<string, TopWidget>();
const bulks = new Map<string, BulkWidget>();
const filters = new Map<string, FilterWidget>();
const dialogs = new Map<string, DialogWidget>();
const lineEditors = new Map<string, LinesWidget>();
const forms = new Map<string, FormWidget>();
const inputs = new Map<string, InputWidget>();

export const registerColumn = (name: string, c: ColumnWidget) => void columns.set(name, c);
export const registerRow = (name: string, c: RowWidget, dialog?: DialogWidget) => {
  rows.set(name, c);
  if (dialog) dialogs.set(name, dialog);
};
export const registerTop = (name: string, c: TopWidget) => void tops.set(name, c);
export const registerBulk = (name: string, c: BulkWidget) => void bulks.set(name, c);
export const registerFilter = (name: string, c: FilterWidget) => void filters.set(name, c);
export const registerLines = (name: string, c: LinesWidget) => void lineEditors.set(name, c);
export const registerForm = (name: string, c: FormWidget) => void forms.set(name, c);
export const registerInput = (name: string, c: InputWidget) => void inputs.set(name, c);

function lookup<T>(map: Map<string, T>, kind: string, name: string): T | undefined {
  const w = map.get(name);
  if (!w) console.error(`No ${kind} widget '${name}' is registered (resources.yaml screen)`);
  return w;
}

export const columnWidget = (name: string) => lookup(columns, 'column', name);
export const rowWidget = (name: string) => lookup(rows, 'row', name);
export const topWidget = (name: string) => lookup(tops, 'top', name);
export const bulkWidget = (name: string) => lookup(bulks, 'bulk', name);
export const filterWidget = (name: string) => lookup(filters, 'filter', name);
export const formWidget = (name: string) => lookup(forms, 'form', name);
export const inputWidget = (name: string) => lookup(inputs, 'input', name);
export const dialogWidget = (name: string) => dialogs.get(name);
export const linesWidget = (name: string) => lookup(lineEditors, 'lines', name);

/** The dialog kind a row widget opens. */
export const widgetDialogKind = (name: string) => `widget:${name}`;
