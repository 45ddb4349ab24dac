/**
 * A document list declared in the manifest (`screen:` of a resource; DESIGN.md "Screens are declarations
 * too"): the generated views (generated/client/views/<resource>.tsx) render this with their resource and view. It
 * assembles the documents kit: the list shell with the view's permanent filter, the filter bar, Add (a screen
 * with a form and an add code, unless `add: false`) and the registered top widgets, the table with the row number, the view's
 * columns (a sorted header's third click clears the sort) and the operations (sticky right), and the dialogs
 * (create/edit: generic or the registered `form.widget`; view, reason and form actions, registered widget
 * dialogs, a child resource's list).
 *
 * A `selectable` screen has row checkboxes; its `bulkWidgets` get the selected ids (disabled while none is
 * selected), and the selection count shows beside them with a button that clears it (test id
 * `${testId}-selection`). A child resource's list (`children`) opens in a dialog (test id
 * `${child testId}-dialog`) as the child's own screen preset to the row; closing it reloads the page (the
 * row may show what the children changed, e.g. supplier names).
 *
 * Embedded in a dialog (`inDialog`: no page title, state kept to itself) a screen may take a `preset` (fixed
 * filter values: part of every query and of the widgets' `screen.filter`, their inputs shown locked) and
 * `onSelect` (a picker: each row's operations are one Select button handing the row back; no top buttons).
 * Test id `${testId}-row-select`.
 *
 * A screen's `pages` (routes such as /user/add or /dbms/database/detail/:id) render the list with that dialog
 * open (`page`); closing the dialog goes to the list's route.
 */
import { Suspense, lazy, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useDataProvider, useGetOne, useListContext, useNotify, useRecordContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { errorMessage } from '../../widgets/errorMessage';
import { WideDialog } from '../../widgets/WideDialog';
import type { CellProps } from '../DocumentTable';
import { testIdOf } from '../names';
import { callOf } from '../documentApi';
import { DocumentList, DocumentTopButtons } from '../DocumentList';
import { DocumentReasonDialog } from '../DocumentReasonDialog';
import { DocumentTable } from '../DocumentTable';
import { useClearableSort } from '../sort';
import { useDocumentListUi, type DocumentListUi } from '../DocumentListUi';
import { bulkWidget, dialogWidget, formWidget, topWidget } from './registry';
import { screenColumns } from './ScreenColumns';
import { ScreenFilterBar } from './ScreenFilterBar';
import { childDialogKind, reasonDialogKind, ScreenRowActions } from './ScreenRowActions';
import { screenOf, type Screen, type ScreenSource } from './spec';
// the create/edit, view and action form dialogs load with their first opening (each its own chunk)
const ScreenFormDialog = lazy(() => import('./ScreenFormDialog').then((m) => ({ default: m.ScreenFormDialog })));
const ScreenActionFormDialog = lazy(() => import('./ScreenActionFormDialog').then((m) => ({ default: m.ScreenActionFormDialog })));
const ScreenViewDialog = lazy(() => import('./ScreenViewDialog').then((m) => ({ default: m.ScreenViewDialog })));

const TopWidgets = ({ screen }: { screen: Screen }) => (
  <>
    {screen.spec.topWidgets.map((name) => {
      const Widget = topWidget(name);
      return Widget ? <Widget key={name} screen={screen} /> : null;
    })}
  </>
);

/** The bulk widgets on the selection, then the selection count with its clear button. */
const BulkWidgets = ({ screen }: { screen: Screen }) => {
  const translate = useTranslate();
  const ui = useDocumentListUi();
  const { selectedIds = [], onUnselectItems } = useListContext();
  const done = () => {
    onUnselectItems?.();
    ui.done();
  };
  return (
    <>
      {screen.spec.bulkWidgets.map((name) => {
        const Widget = bulkWidget(name);
        return Widget ? <Widget key={name} screen={screen} ids={selectedIds} disabled={!selectedIds.length} done={done} /> : null;
      })}
      {selectedIds.length ? (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}
          onDelete={() => onUnselectItems?.()}
          sx={{ alignSelf: 'center' }}
          data-testid={testIdOf(screen.names, 'selection')}
        />
      ) : null}
    </>
  );
};

/** A child resource's list in a dialog: the child's screen preset to the row through its ref field. */
const ChildDialog = ({ screen, resource, record, onClose }: { screen: Screen; resource: string; record: RaRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const { ref } = screen.spec.children.find((c) => c.resource === resource)!;
  const title = translate('wms.doc.dialog.children', { resource: translate(`resources.${resource}.name`), no: record[screen.spec.number] ?? '' });
  return (
    <WideDialog onClose={onClose} title={title} testId={`${screen.source.resources[resource].screen!.testId}-dialog`}>
      {/* the child's filter form must not submit a form around the dialog (React portals bubble) */}
      <Box onSubmit={(e) => e.stopPropagation()}>
        <DocumentScreen source={screen.source} resource={resource} inDialog preset={{ [ref]: record.id }} />
      </Box>
    </WideDialog>
  );
};

/** The reason dialog of a `reason` action: the required text field, then `<path>/<action>` with it. */
const ReasonActionDialog = ({ screen, action, dialog, ui }: { screen: Screen; action: string; dialog: { record: RaRecord }; ui: DocumentListUi<string> }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const spec = screen.spec.actions.find((a) => a.name === action)!;
  const field = screen.field(spec.reasonField!)!;
  const label = `resources.${screen.resource}.fields.${field.name}`;
  const record = dialog.record;
  return (
    <DocumentReasonDialog
      names={screen.names}
      kind={action}
      title={translate('wms.doc.dialog.reason_title', { action: translate(`resources.${screen.resource}.actions.${action}`), no: record[screen.spec.number] ?? '' })}
      label={label}
      requiredMessage={translate('wms.doc.rules.required', { label: translate(label) })}
      confirmLabel={`resources.${screen.resource}.actions.${action}`}
      maxLength={field.maxLength ?? 200}
      onSubmit={(reason) => callOf(dataProvider)(`${screen.meta.path}/${action}`, { id: record.id, [field.name]: reason })}
      onClose={ui.close}
      onDone={ui.reload}
    />
  );
};

/** The create/edit dialog: the registered `form.widget`, else the generic form over the manifest's fields. */
const FormDialog = ({ screen, ...props }: { screen: Screen; id?: Identifier; record?: RaRecord; onClose: () => void; onSaved: () => void }) => {
  const name = screen.spec.form?.widget;
  const Form = name ? formWidget(name) : undefined;
  if (name) return Form ? <Form screen={screen} {...props} /> : null;
  return <ScreenFormDialog screen={screen} id={props.id} onClose={props.onClose} onSaved={props.onSaved} />;
};

/** A picker's operations: Select hands the row to `onSelect`. */
const SelectRow = ({ screen, onSelect }: CellProps & { screen: Screen; onSelect: (record: RaRecord) => void }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return record ? (
    <Button size="small" variant="contained" onClick={() => onSelect(record)} sx={{ whiteSpace: 'nowrap' }} data-testid={testIdOf(screen.names, 'row-select')}>
      {translate('wms.doc.action.select')}
    </Button>
  ) : null;
};

/** The open dialog of a screen by its kind (see the module doc); the lazy ones show nothing while they load. */
function screenDialog(screen: Screen, open: unknown, ui: DocumentListUi<string>): ReactNode {
  // the screen's own kinds are strings, so the union does not narrow on kind: one shape for all
  const dialog = open as { kind: string; id?: Identifier; record: RaRecord };
  if (dialog.kind === 'edit') return <FormDialog screen={screen} id={dialog.id} record={dialog.record} onClose={ui.close} onSaved={dialog.id === undefined ? ui.done : ui.reload} />;
  if (dialog.kind === 'view') return <ScreenViewDialog screen={screen} record={dialog.record} onClose={ui.close} />;
  const child = screen.spec.children.find((c) => childDialogKind(c.resource) === dialog.kind);
  if (child) return <ChildDialog screen={screen} resource={child.resource} record={dialog.record} onClose={ui.reload} />;
  const action = screen.spec.actions.find((a) => reasonDialogKind(a.name) === dialog.kind);
  if (action?.kind === 'form') return <ScreenActionFormDialog screen={screen} action={action.name} record={dialog.record} onClose={ui.close} onDone={ui.reload} />;
  if (action) return <ReasonActionDialog screen={screen} action={action.name} dialog={dialog} ui={ui} />;
  const render = dialogWidget(dialog.kind.replace(/^widget:/, ''));
  return render ? render({ screen, record: dialog.record, ui }) : null;
}

/** Whether a row can offer anything: View / Edit / Delete (a form), workflow actions or row widgets. */
const hasRowActions = ({ spec }: Screen) => Boolean(spec.form || spec.actions.length || spec.rowWidgets.length);

/**
 * The table: the row number, the view's columns, the operations (none for a list whose rows offer nothing, e.g.
 * the inventory log); sorting clears on a third click (spec 4).
 */
const ScreenTable = ({ screen, onSelect }: { screen: Screen; onSelect?: (record: RaRecord) => void }) => {
  const setSort = useClearableSort();
  return (
    <DocumentTable names={screen.names} setSort={setSort} selectable={Boolean(screen.spec.selectable && !onSelect)}>
      {screenColumns(screen)}
      {onSelect ? (
        <SelectRow source="operations" label="wms.doc.column.operations" sortable={false} screen={screen} onSelect={onSelect} />
      ) : hasRowActions(screen) ? (
        <ScreenRowActions source="operations" label="wms.doc.column.operations" sortable={false} screen={screen} />
      ) : null}
    </DocumentTable>
  );
};

/** A route's record id: a number when it is one (record ids are integers), else as typed (the load then fails in the dialog). */
const routeId = (id: string | undefined): Identifier => (id && /^\d+$/.test(id) ? Number(id) : (id ?? ''));

/**
 * The dialog of a screen's page (`pages`, e.g. /user/add, /dbms/database/edit/:id): opened once the list is up
 * (the detail once its record is read); closing it (Cancel, Save, Close) goes to the list's route, so the tab
 * is the list again. The edit page of a locked row (manifest `lockedRows`, e.g. the built-in connection) opens
 * its read-only detail instead; a record that cannot be read is said in words and leaves for the list.
 */
const PageDialog = ({ screen, page }: { screen: Screen; page: PageKind }) => {
  const ui = useDocumentListUi<string>();
  const navigate = useNavigate();
  const notify = useNotify();
  const params = useParams();
  const id = routeId(params.id);
  const lockedField = screen.meta.lockedRows;
  // asked: the dialog was requested; shown: it has been open (closing it then leaves the page). Refs, not a
  // single flag: an effect run before the open state lands (StrictMode runs effects twice) must not leave
  const asked = useRef(false);
  const shown = useRef(false);
  const needsRecord = page === 'detail' || (page === 'edit' && Boolean(lockedField));
  const { data: record, error } = useGetOne<RaRecord>(screen.resource, { id }, { enabled: needsRecord });
  const toList = () => {
    if (screen.view.route) navigate(screen.view.route, { replace: true });
  };
  useEffect(() => {
    if (ui.dialog) {
      shown.current = true;
      return;
    }
    if (shown.current) return toList();
    if (asked.current) return;
    if (needsRecord && error) {
      asked.current = true;
      notify(errorMessage(error), { type: 'error' });
      return toList();
    }
    if (page === 'add') ui.open({ kind: 'edit' });
    else if (!needsRecord) ui.open({ kind: 'edit', id });
    else if (!record) return;
    else if (page === 'edit' && lockedField && !record[lockedField]) ui.open({ kind: 'edit', id });
    else ui.open({ kind: 'view', record });
    asked.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ui.dialog, record, error]);
  return null;
};

/** The pages a screen may route to (DocumentScreenSpec.pages). */
export type PageKind = 'add' | 'edit' | 'detail';

export interface DocumentScreenProps {
  /** The screen's resources' metadata and the schema factories (`screenSource` of generated/client/views/<resource>.tsx). */
  source: ScreenSource;
  resource: string;
  /** The view's name (default: the first). */
  view?: string;
  /** Store key of the list parameters (false: none; default one per view). */
  storeKey?: string | false;
  /** Shown in a dialog: no page title, no URL or store (see module doc). */
  inDialog?: boolean;
  /** Fixed filter values (see module doc); empty values are left out. */
  preset?: Record<string, unknown>;
  /** A picker: the row's Select hands the row back (see module doc). */
  onSelect?: (record: RaRecord) => void;
  /** A page of the screen (`pages`): the list with that dialog open, record `:id` of the route (PageDialog). */
  page?: PageKind;
}

export const DocumentScreen = ({ source, resource, view, storeKey, inDialog = false, preset, onSelect, page }: DocumentScreenProps) => {
  const presetKey = JSON.stringify(preset ?? {});
  // the preset by value: callers pass a new object each render
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const screen = useMemo(() => screenOf(source, resource, view, preset), [source, resource, view, presetKey]);
  const { names, meta } = screen;
  return (
    <DocumentList<string>
      key={screen.view.name}
      names={names}
      resource={resource}
      title={inDialog ? false : `resources.${resource}.views.${screen.view.name}`}
      filter={screen.filter}
      storeKey={inDialog ? false : (storeKey ?? `${resource}.${screen.view.name}.list`)}
      filterBar={<ScreenFilterBar screen={screen} />}
      topButtons={
        onSelect ? null : <DocumentTopButtons names={names} addCode={screen.spec.form && screen.spec.add !== false && screen.view.add !== false ? meta.permissions.add : undefined}>
          <TopWidgets screen={screen} />
          {screen.spec.selectable ? <BulkWidgets screen={screen} /> : null}
        </DocumentTopButtons>
      }
      renderDialog={(open, ui) => <Suspense fallback={null}>{screenDialog(screen, open, ui)}</Suspense>}
    >
      <ScreenTable screen={screen} onSelect={onSelect} />
      {page ? <PageDialog screen={screen} page={page} /> : null}
    </DocumentList>
  );
};
