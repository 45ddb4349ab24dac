/**
 * Row actions of an outbound list, on the documents kit's DocumentRowActions:
 * - View (everyone who sees the list): header, receiver, amounts, lines with allocated quantities;
 * - Edit and Delete while created (outbound:edit); Delete asks first (spec 5);
 * - the workflow actions the order's state allows (`allowedActions(OUTBOUND_WORKFLOW, status, roles)`, each
 *   behind its manifest code, outbound:allocate or outbound:edit): Pack opens the pack dialog (waybill,
 *   carrier, weight), Update delivery status a dialog with the status; Allocate, Start picking, Ship and Cancel
 *   ask first, then call the server. Workflow actions this console has no screen for are not offered;
 * - Add package (PackageDialog) while packages may change (created, allocated, picking; outbound:allocate).
 * A success notifies and reloads the page; a failure shows the server msg (spec 8, e.g. 409 "Insufficient
 * inventory for selected product ...").
 */
import Button from '@mui/material/Button';
import { useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { hasCode } from '../../providers/access';
import { PACKAGE_KINDS, packagesOpen } from '../packages/constants';
import { useDocumentListUi } from '../documents/DocumentListUi';
import { DocumentConfirmedAction, DocumentRowActions } from '../documents/DocumentRowActions';
import type { CellProps } from '../documents/DocumentTable';
import { allowedActions, useAllowedActions } from '../documents/workflowActions';
import { CODE_OUTBOUND_EDIT, isCreated, OUTBOUND_ACTIONS, OUTBOUND_NAMES, OUTBOUND_WORKFLOW, type OutboundAction } from './constants';
import { outboundApi } from './outboundApi';

/** The outbound list's own dialogs besides edit and view. */
export type OutboundDialogKind = 'pack' | 'deliver' | 'package';

/** Workflow actions that open a dialog instead of asking to confirm. */
const WITH_DIALOG = new Set<string>(['pack', 'deliver']);

const offered = (name: string): name is OutboundAction => (OUTBOUND_ACTIONS as readonly string[]).includes(name);

/** The workflow actions a record in `status` shows for a user with `roles` (manifest order; view/edit/delete aside). */
export function outboundActionNames(status: number, roles: unknown): OutboundAction[] {
  return allowedActions(OUTBOUND_WORKFLOW, status, roles).filter(offered);
}

const ACTION_COLORS: Record<OutboundAction, 'error' | 'primary' | 'success' | 'warning'> = {
  allocate: 'primary',
  pick: 'primary',
  pack: 'primary',
  ship: 'success',
  cancel: 'error',
  deliver: 'primary',
};

export const OutboundRowActions = (_: CellProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const ui = useDocumentListUi<OutboundDialogKind>();
  const names = useAllowedActions(OUTBOUND_WORKFLOW, Number(record?.status)).filter(offered);
  const { permissions } = usePermissions();
  if (!record) return null;
  const label = (name: string) => `resources.outboundOrder.actions.${name}`;

  return (
    <DocumentRowActions
      names={OUTBOUND_NAMES}
      record={record}
      numberField="orderNo"
      width={220}
      editable={isCreated(record)}
      editCode={CODE_OUTBOUND_EDIT}
      remove={() => outboundApi.remove(dataProvider, record.id)}
    >
      {names.map((name) =>
        WITH_DIALOG.has(name) ? (
          <Button key={name} size="small" color={ACTION_COLORS[name]} onClick={() => ui.open({ kind: name as OutboundDialogKind, record })} data-testid={`outbound-row-${name}`}>
            {translate(label(name))}
          </Button>
        ) : (
          <DocumentConfirmedAction
            key={name}
            names={OUTBOUND_NAMES}
            record={record}
            numberField="orderNo"
            label={label(name)}
            title="app.outbound.dialog.confirm_title"
            content="app.outbound.dialog.confirm"
            color={ACTION_COLORS[name]}
            testId={`outbound-row-${name}`}
            action={() => outboundApi.action(dataProvider, name, record.id)}
            after={ui.reload}
          />
        ),
      )}
      {packagesOpen(PACKAGE_KINDS.outbound, record.status) && hasCode(permissions, PACKAGE_KINDS.outbound.writeCode) ? (
        <Button size="small" onClick={() => ui.open({ kind: 'package', record })} data-testid="outbound-row-add-package">
          {translate('app.outbound.action.add_package')}
        </Button>
      ) : null}
    </DocumentRowActions>
  );
};
