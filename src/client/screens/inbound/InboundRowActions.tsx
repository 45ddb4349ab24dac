/**
 * Row actions of an inbound list (issue 5), on the documents kit's DocumentRowActions:
 * - View (everyone who sees the list);
 * - Edit and Delete while created (inbound:edit); Delete asks first (spec 5);
 * - the workflow actions the order's state allows (`allowedActions(INBOUND_WORKFLOW, status, roles)`, each
 *   behind its manifest code): Receive opens the receiving screen of the order's type with the order looked
 *   up; Submit problem order opens a dialog with a required reason; Cancel, Cancel problem order, Close
 *   receiving and Recreate ask first, then call the server.
 * - Create package (spec 4; PackageDialog) while created or receiving (inbound:edit).
 * A success notifies and reloads; a failure shows the server msg (spec 8).
 */
import Button from '@mui/material/Button';
import { useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { hasCode } from '../../providers/access';
import { PACKAGE_KINDS, packagesOpen } from '../packages/constants';
import { useNavigate } from 'react-router-dom';
import { useDocumentListUi } from '../documents/DocumentListUi';
import { DocumentConfirmedAction, DocumentRowActions } from '../documents/DocumentRowActions';
import type { CellProps } from '../documents/DocumentTable';
import { allowedActions, useAllowedActions } from '../documents/workflowActions';
import { CODE_INBOUND_EDIT, INBOUND_NAMES, INBOUND_WORKFLOW, isCreated, kindOf } from './constants';
import { inboundApi, type SimpleAction } from './inboundApi';

/** The inbound list's own dialogs besides edit and view. */
export type InboundDialogKind = 'problem' | 'package';

/** The actions a record in `status` shows for a user with `roles` (workflow order; view/edit/delete aside). */
export function rowActionNames(status: number, roles: unknown): string[] {
  return allowedActions(INBOUND_WORKFLOW, status, roles);
}

const ACTION_COLORS: Record<string, 'error' | 'primary' | 'success' | 'warning'> = {
  cancel: 'error',
  complete: 'success',
  cancelProblem: 'warning',
  recreate: 'primary',
};

export const InboundRowActions = ({ type }: CellProps & { type: number }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const ui = useDocumentListUi<InboundDialogKind>();
  const names = useAllowedActions(INBOUND_WORKFLOW, Number(record?.status));
  const { permissions } = usePermissions();
  if (!record) return null;
  const label = (name: string) => `resources.inboundOrder.actions.${name}`;

  return (
    <DocumentRowActions
      names={INBOUND_NAMES}
      record={record}
      numberField="orderNo"
      width={200}
      editable={isCreated(record)}
      editCode={CODE_INBOUND_EDIT}
      remove={() => inboundApi.remove(dataProvider, record.id)}
    >
      {names.map((name) => {
        if (name === 'receive') {
          return (
            <Button
              key={name}
              size="small"
              color="success"
              onClick={() => navigate(`${kindOf(Number(record.type ?? type)).execRoute}?code=${encodeURIComponent(String(record.orderNo ?? ''))}`)}
              data-testid="inbound-row-receive"
            >
              {translate(label(name))}
            </Button>
          );
        }
        if (name === 'submitProblem') {
          return (
            <Button key={name} size="small" color="error" onClick={() => ui.open({ kind: 'problem', record })} data-testid="inbound-row-submitProblem">
              {translate(label(name))}
            </Button>
          );
        }
        return (
          <DocumentConfirmedAction
            key={name}
            names={INBOUND_NAMES}
            record={record}
            numberField="orderNo"
            label={label(name)}
            title="app.inbound.dialog.confirm_title"
            content="app.inbound.dialog.confirm"
            color={ACTION_COLORS[name] ?? 'primary'}
            testId={`inbound-row-${name}`}
            action={() => inboundApi.action(dataProvider, name as SimpleAction, record.id)}
            after={name === 'recreate' ? ui.done : ui.reload}
          />
        );
      })}
      {packagesOpen(PACKAGE_KINDS.inbound, record.status) && hasCode(permissions, PACKAGE_KINDS.inbound.writeCode) ? (
        <Button size="small" onClick={() => ui.open({ kind: 'package', record })} data-testid="inbound-row-create-package">
          {translate('app.inbound.action.create_package')}
        </Button>
      ) : null}
    </DocumentRowActions>
  );
};
