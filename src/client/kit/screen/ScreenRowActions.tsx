/**
 * The operations cell of a manifest screen (issue 27 item 3): the row's actions, at most two as buttons (those
 * of the screen's `inline` the row offers; without any, defaultInline), the rest in the row's menu, destructive ones (delete, color error)
 * last and apart. The actions, in menu order: View (unless `view: false`; without a `form` only with `view: true`), Edit and Delete while the document
 * may change (`editable`: always when absent; never on a row the resource's `lockedRows` field locks; by its own workflow state; or by the state of the record a ref
 * field points to) for holders of the edit code, only for a screen with a `form` (a read-only list has none);
 * then the workflow actions the record's state and the user's codes allow (manifest order): `confirm` asks
 * first ("Cancel inbound order IN...?" Keep order / Cancel order: the action's `confirm` texts, else
 * "<Action> <no>?" Back / <Action>) and calls `<path>/<action>` with `{id}`; `reason` opens the reason
 * dialog; `widget` renders the registered row action. Then one per child resource (`children`, for holders
 * of the child's list code: its list in a dialog, childDialogKind), then the screen's `rowWidgets`. A success
 * notifies and reloads the page; a failure shows the server msg (spec 8).
 * Test ids `${testId}-row-view|edit|delete|<action>|<child's testId>`, `${testId}-row-more` (the menu),
 * `${testId}-row-<action>-confirm` (the prompt).
 */
import { useDataProvider, useGetManyAggregate, usePermissions, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useConfirmPrompt } from '../../widgets/ConfirmedAction';
import { permits, usePermitted } from '../../widgets/Permitted';
import { callOf } from '../documentApi';
import { useDocumentListUi, type DocumentListUi } from '../DocumentListUi';
import { confirmOptions, DocumentRowActions, type RowEntry } from '../DocumentRowActions';
import type { CellProps } from '../DocumentTable';
import { keyOf, oneOptions, testIdOf } from '../names';
import { RowActionButton, type RowActionColor } from '../RowActionMenu';
import { useAllowedActions } from '../workflowActions';
import { rowWidget } from './registry';
import type { Screen } from './spec';

/** Width of the operations cell in px: two buttons and the menu's icon on one line (DocumentTable fixes it). */
export const ACTIONS_WIDTH = 236;

/** The dialog kind of a reason or form action. */
export const reasonDialogKind = (action: string) => `action:${action}`;

/** The dialog kind of a child resource's list (`children`). */
export const childDialogKind = (resource: string) => `child:${resource}`;

const WidgetButton = ({ name, screen, record, ui, action }: { name: string; screen: Screen; record: RaRecord; ui: DocumentListUi<string>; action?: string }) => {
  const Widget = rowWidget(name);
  return Widget ? <Widget screen={screen} record={record} ui={ui} action={action} /> : null;
};

/**
 * Whether `record` may still be edited and deleted (manifest `editable`). With `ref`, the referenced record's
 * state is read for users who may edit (one getMany per page: react-admin aggregates the rows' calls); hidden
 * while it loads; when it cannot be read (no read code, gone) the buttons show and the server decides.
 */
function useEditable(screen: Screen, record: RaRecord | undefined, canEdit: boolean): boolean {
  const editable = screen.spec.editable;
  const ref = editable?.ref ? screen.field(editable.ref) : undefined;
  const locked = Boolean(screen.meta.lockedRows && record?.[screen.meta.lockedRows]); // e.g. the built-in connection
  const target = ref?.resource ? screen.source.resources[ref.resource] : undefined;
  const refId = ref && record ? record[ref.name] : undefined;
  const known = refId !== null && refId !== undefined;
  const { data, isPending, isError } = useGetManyAggregate(target?.name ?? '', { ids: known ? [refId] : [] }, { enabled: Boolean(target && canEdit && known) });
  if (locked) return false;
  if (!editable || !record) return true;
  if (!ref) return editable.states.includes(Number(record[screen.meta.workflow?.field ?? 'status']));
  if (!canEdit || !known || isError) return canEdit;
  if (isPending) return false;
  const state = data?.[0]?.[target?.workflow?.field ?? 'status'];
  return state === null || state === undefined || editable.states.includes(Number(state));
}

/**
 * The names a row shows as buttons when the manifest declares no `inline`: the first workflow action the row
 * offers that is not destructive, then Edit (else View); neither (a log list's one widget): its first entry
 * that is not destructive.
 */
export function defaultInline(screen: Screen, allowed: string[], entries: RowEntry[]): string[] {
  const offered = entries.map((e) => e.name);
  const first = screen.spec.actions.find((a) => allowed.includes(a.name) && a.color !== 'error');
  const second = offered.includes('edit') ? 'edit' : offered.includes('view') ? 'view' : undefined;
  const chosen = [first?.name, second].filter((n): n is string => Boolean(n));
  const fallback = entries.find((e) => !e.danger)?.name;
  return chosen.length || !fallback ? chosen : [fallback];
}

export const ScreenRowActions = ({ screen }: CellProps & { screen: Screen }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const ui = useDocumentListUi<string>();
  const prompt = useConfirmPrompt();
  const { permissions } = usePermissions();
  const wf = screen.meta.workflow;
  const allowed = useAllowedActions(wf, Number(record?.[wf?.field ?? 'status']));
  const editCode = screen.meta.permissions.edit ?? screen.meta.permissions.add ?? 'any';
  const canEdit = usePermitted(editCode);
  const editable = useEditable(screen, record, canEdit);
  if (!record) return null;
  const { names, spec, meta, resource } = screen;
  const path = (op: string) => `${meta.path}/${op}`;
  const actionLabel = (name: string) => `resources.${resource}.actions.${name}`;
  const call = (op: string) => () => callOf(dataProvider)(path(op), { id: record.id });
  const entries: RowEntry[] = [];
  const button = (name: string, label: string, onClick: () => void, color?: RowActionColor) => (
    <RowActionButton label={translate(label)} onClick={onClick} color={color} testId={testIdOf(names, `row-${name}`)} />
  );

  // a read-only document offers View when its screen says `view: true` (the invoice and its lines)
  if (spec.form ? spec.view !== false : spec.view === true) entries.push({ name: 'view', node: button('view', keyOf(names, 'action.view'), () => ui.open({ kind: 'view', record })) });
  if (spec.form && editable && canEdit) {
    entries.push({ name: 'edit', node: button('edit', keyOf(names, 'action.edit'), () => ui.open({ kind: 'edit', id: record.id, record })) });
    const ask = () => prompt.ask(confirmOptions(names, record, spec.number, {
      label: keyOf(names, 'action.delete'),
      action: translate(keyOf(names, 'action.delete')),
      keys: { title: keyOf(names, 'dialog.delete'), keep: keyOf(names, 'dialog.keep'), ok: keyOf(names, 'action.delete') },
      testId: testIdOf(names, 'row-delete'),
      destructive: true,
      call: call('remove'),
      after: ui.done,
      one: oneOptions(translate, resource),
    }));
    entries.push({ name: 'delete', danger: true, node: button('delete', keyOf(names, 'action.delete'), ask, 'error') });
  }
  for (const a of spec.actions.filter((x) => allowed.includes(x.name))) {
    const danger = a.color === 'error';
    if (a.kind === 'widget') {
      entries.push({ name: a.name, danger, node: <WidgetButton name={a.widget!} screen={screen} record={record} ui={ui} action={a.name} /> });
    } else if (a.kind === 'reason' || a.kind === 'form') {
      entries.push({ name: a.name, danger, node: button(a.name, actionLabel(a.name), () => ui.open({ kind: reasonDialogKind(a.name), record }), a.color) });
    } else {
      const own = a.confirm ? `resources.${resource}.confirm.${a.name}` : undefined;
      const ask = () => prompt.ask(confirmOptions(names, record, spec.number, {
        label: actionLabel(a.name),
        action: translate(actionLabel(a.name)),
        keys: own ? { title: `${own}.title`, keep: `${own}.keep`, ok: `${own}.ok` } : undefined,
        testId: testIdOf(names, `row-${a.name}`),
        destructive: danger,
        call: call(a.name),
        after: ui.reload,
        one: oneOptions(translate, resource),
      }));
      entries.push({ name: a.name, danger, node: button(a.name, actionLabel(a.name), ask, a.color) });
    }
  }
  for (const { resource: child } of spec.children) {
    const code = screen.source.resources[child].permissions.list;
    if (code && code !== 'any' && !permits(permissions, code)) continue;
    const testId = screen.source.resources[child].screen!.testId;
    entries.push({ name: child, node: button(testId, `resources.${child}.name`, () => ui.open({ kind: childDialogKind(child), record })) });
  }
  for (const w of spec.rowWidgets) entries.push({ name: w, node: <WidgetButton name={w} screen={screen} record={record} ui={ui} /> });

  const offered = entries.map((e) => e.name);
  // the declared ones the row offers; none of them (a completed order has no Receive or Edit): the default
  const declared = (spec.inline ?? []).filter((n) => offered.includes(n));
  return <DocumentRowActions names={names} width={ACTIONS_WIDTH} entries={entries} inline={declared.length ? declared : defaultInline(screen, allowed, entries)} prompt={prompt.dialog} />;
};
