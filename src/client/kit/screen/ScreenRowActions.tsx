/**
 * The operations cell of a manifest screen: View (unless `view: false`), Edit and Delete while the document
 * may change (`editable`: always when absent; never on a row the resource's `lockedRows` field locks; by its own workflow state; or by the state of the record a ref
 * field points to) for holders of the edit code, only for a screen with a `form` (a read-only list has none);
 * then the workflow actions the record's state and the user's codes
 * allow (manifest order): `confirm` asks first and calls `<path>/<action>` with `{id}`; `reason` opens the
 * reason dialog; `widget` renders the registered row button. Then a button per child resource (`children`,
 * for holders of the child's list code: its list in a dialog, childDialogKind), then the screen's
 * `rowWidgets`. A success notifies and reloads the page; a failure shows the server msg (spec 8).
 * Test ids `${testId}-row-view|edit|delete|<action>|<child's testId>`.
 */
import Button from '@mui/material/Button';
import { useDataProvider, useGetManyAggregate, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Permitted, usePermitted } from '../../widgets/Permitted';
import { callOf } from '../documentApi';
import { useDocumentListUi, type DocumentListUi } from '../DocumentListUi';
import { DocumentConfirmedAction, DocumentRowActions } from '../DocumentRowActions';
import type { CellProps } from '../DocumentTable';
import { testIdOf } from '../names';
import { useAllowedActions } from '../workflowActions';
import { rowWidget } from './registry';
import type { Screen } from './spec';

/** Width of the operations cell in px: room for about three buttons a line. */
const ACTIONS_WIDTH = 200;

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

export const ScreenRowActions = ({ screen }: CellProps & { screen: Screen }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const ui = useDocumentListUi<string>();
  const wf = screen.meta.workflow;
  const allowed = useAllowedActions(wf, Number(record?.[wf?.field ?? 'status']));
  const editCode = screen.meta.permissions.edit ?? screen.meta.permissions.add ?? 'any';
  const editable = useEditable(screen, record, usePermitted(editCode));
  if (!record) return null;
  const { names, spec, meta } = screen;
  const path = (op: string) => `${meta.path}/${op}`;
  const actionLabel = (name: string) => `resources.${screen.resource}.actions.${name}`;

  return (
    <DocumentRowActions
      names={names}
      record={record}
      numberField={spec.number}
      width={ACTIONS_WIDTH}
      view={Boolean(spec.form) && spec.view !== false}
      editable={Boolean(spec.form) && editable}
      editCode={editCode}
      remove={() => callOf(dataProvider)(path('remove'), { id: record.id })}
    >
      {spec.actions
        .filter((a) => allowed.includes(a.name))
        .map((a) => {
          if (a.kind === 'widget') return <WidgetButton key={a.name} name={a.widget!} screen={screen} record={record} ui={ui} action={a.name} />;
          if (a.kind === 'reason' || a.kind === 'form') {
            return (
              <Button key={a.name} size="small" color={a.color ?? 'primary'} onClick={() => ui.open({ kind: reasonDialogKind(a.name), record })} data-testid={testIdOf(names, `row-${a.name}`)}>
                {translate(actionLabel(a.name))}
              </Button>
            );
          }
          return (
            <DocumentConfirmedAction
              key={a.name}
              names={names}
              record={record}
              numberField={spec.number}
              label={actionLabel(a.name)}
              title="wms.doc.dialog.confirm_title"
              content="wms.doc.dialog.confirm"
              color={a.color ?? 'primary'}
              testId={testIdOf(names, `row-${a.name}`)}
              action={() => callOf(dataProvider)(path(a.name), { id: record.id })}
              after={ui.reload}
            />
          );
        })}
      {spec.children.map(({ resource }) => {
        const child = screen.source.resources[resource];
        const code = child.permissions.list;
        return (
          <Permitted key={resource} codes={code && code !== 'any' ? code : []}>
            <Button size="small" onClick={() => ui.open({ kind: childDialogKind(resource), record })} data-testid={testIdOf(names, `row-${child.screen!.testId}`)}>
              {translate(`resources.${resource}.name`)}
            </Button>
          </Permitted>
        );
      })}
      {spec.rowWidgets.map((w) => (
        <WidgetButton key={w} name={w} screen={screen} record={record} ui={ui} />
      ))}
    </DocumentRowActions>
  );
};
