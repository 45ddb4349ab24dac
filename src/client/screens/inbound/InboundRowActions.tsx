/**
 * Row actions of an inbound list (issue 5):
 * - View (everyone who sees the list);
 * - Edit and Delete while created (inbound:edit); Delete asks first (spec 5);
 * - the workflow actions the order's state allows (`actionsFrom(resourceMeta.inboundOrder.workflow, status)`,
 *   each behind its manifest code): Receive opens the receiving screen of the order's type with the order
 *   looked up; Submit problem order opens a dialog with a required reason; Cancel, Cancel problem order,
 *   Close receiving and Recreate ask first, then call the server.
 * A success notifies and reloads; a failure shows the server msg (spec 8).
 */
import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useDataProvider, usePermissions, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { actionsFrom } from '../../../shared/workflow';
import { ConfirmedAction, type ConfirmedActionProps } from '../../widgets/ConfirmedAction';
import { permits } from '../../widgets/Permitted';
import { CODE_INBOUND_EDIT, INBOUND_WORKFLOW, isCreated, kindOf } from './constants';
import { inboundApi, type SimpleAction } from './inboundApi';
import { useInboundListUi } from './InboundListUi';
import type { CellProps } from './fields';

const stop = (event: MouseEvent) => event.stopPropagation();

/** The actions a record in `status` shows for a user with `roles` (workflow order; view/edit/delete aside). */
export function rowActionNames(status: number, roles: unknown): string[] {
  return actionsFrom(INBOUND_WORKFLOW, status)
    .filter((a) => !a.code || permits(roles, a.code))
    .map((a) => a.name);
}

/** A button that asks first, then runs `action` (delete and the simple workflow actions). */
const InboundConfirmedAction = ({ record, label, ...props }: Omit<ConfirmedActionProps, 'successMessage' | 'translateOptions'> & { record: RaRecord }) => {
  const translate = useTranslate();
  return <ConfirmedAction {...props} label={label} translateOptions={{ no: record.orderNo ?? '', action: translate(label) }} successMessage="app.inbound.success" />;
};

const ACTION_COLORS: Record<string, 'error' | 'primary' | 'success' | 'warning'> = {
  cancel: 'error',
  complete: 'success',
  cancelProblem: 'warning',
  recreate: 'primary',
};

export const InboundRowActions = (_: CellProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const ui = useInboundListUi();
  const { permissions, isPending } = usePermissions();
  if (!record) return null;
  const roles = isPending ? [] : permissions;
  const canEdit = !isPending && permits(permissions, CODE_INBOUND_EDIT);
  const names = isPending ? [] : rowActionNames(Number(record.status), roles);
  const label = (name: string) => `resources.inboundOrder.actions.${name}`;

  return (
    <Box onClick={stop} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, width: 200, '& .MuiButton-root': { minWidth: 0, px: 0.75 } }} className="wms-inbound-row-actions">
      <Button size="small" onClick={() => ui.open({ kind: 'view', record })} data-testid="inbound-row-view">
        {translate('app.inbound.action.view')}
      </Button>
      {isCreated(record) && canEdit ? (
        <>
          <Button size="small" onClick={() => ui.open({ kind: 'edit', id: record.id })} data-testid="inbound-row-edit">
            {translate('app.inbound.action.edit')}
          </Button>
          <InboundConfirmedAction
            record={record}
            label="app.inbound.action.delete"
            title="app.inbound.dialog.delete_title"
            content="app.inbound.dialog.delete"
            color="error"
            testId="inbound-row-delete"
            action={() => inboundApi.remove(dataProvider, record.id)}
            after={ui.done}
          />
        </>
      ) : null}
      {names.map((name) => {
        if (name === 'receive') {
          return (
            <Button
              key={name}
              size="small"
              color="success"
              onClick={() => navigate(`${kindOf(Number(record.type ?? ui.type)).execRoute}?code=${encodeURIComponent(String(record.orderNo ?? ''))}`)}
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
          <InboundConfirmedAction
            key={name}
            record={record}
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
    </Box>
  );
};
