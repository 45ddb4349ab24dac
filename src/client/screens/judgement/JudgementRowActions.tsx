/**
 * Row actions of the adjustment list (issue 4):
 * - View: a dialog with the lines (everyone who sees the list);
 * - Edit and Delete (pending only; inventory_judgement:add); Delete asks for confirmation first (spec 5);
 * - Approve (after a confirmation) and Reject (a dialog with a required reason) (pending only;
 *   inventory_judgement:approve).
 * A success notifies and reloads; a failure shows the server msg (spec 8), e.g. insufficient inventory on
 * approval, which leaves the document pending.
 */
import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useDataProvider, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { ConfirmedAction, type ConfirmedActionProps } from '../../widgets/ConfirmedAction';
import { usePermitted } from '../../widgets/Permitted';
import { CODE_JUDGEMENT_ADD, CODE_JUDGEMENT_APPROVE, isPending } from './constants';
import { judgementApi } from './judgementApi';
import { useJudgementListUi } from './JudgementListUi';
import type { CellProps } from './fields';

const stop = (event: MouseEvent) => event.stopPropagation();

/** A button that asks first, then runs `action` (delete, approve). */
const JudgementConfirmedAction = ({ record, ...props }: Omit<ConfirmedActionProps, 'successMessage' | 'translateOptions'> & { record: RaRecord }) => (
  <ConfirmedAction {...props} translateOptions={{ no: record.judgementNo ?? '' }} successMessage="app.judgement.success" />
);

export const JudgementRowActions = (_: CellProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const ui = useJudgementListUi();
  const canAdd = usePermitted(CODE_JUDGEMENT_ADD);
  const canApprove = usePermitted(CODE_JUDGEMENT_APPROVE);
  if (!record) return null;
  const pending = isPending(record);

  return (
    <Box
      onClick={stop}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, width: 170, '& .MuiButton-root': { minWidth: 0, px: 0.75 } }}
      className="wms-judgement-row-actions"
    >
      <Button size="small" onClick={() => ui.open({ kind: 'view', record })} data-testid="judgement-row-view">
        {translate('app.judgement.action.view')}
      </Button>
      {pending && canAdd ? (
        <>
          <Button size="small" onClick={() => ui.open({ kind: 'edit', id: record.id })} data-testid="judgement-row-edit">
            {translate('app.judgement.action.edit')}
          </Button>
          <JudgementConfirmedAction
            record={record}
            label="app.judgement.action.delete"
            title="app.judgement.dialog.delete_title"
            content="app.judgement.dialog.delete"
            color="error"
            testId="judgement-row-delete"
            action={() => judgementApi.remove(dataProvider, record.id)}
            after={ui.done}
          />
        </>
      ) : null}
      {pending && canApprove ? (
        <>
          <JudgementConfirmedAction
            record={record}
            label="app.judgement.action.approve"
            title="app.judgement.dialog.approve_title"
            content="app.judgement.dialog.approve"
            color="success"
            testId="judgement-row-approve"
            action={() => judgementApi.approve(dataProvider, record.id)}
            after={ui.reload}
          />
          <Button size="small" color="warning" onClick={() => ui.open({ kind: 'reject', record })} data-testid="judgement-row-reject">
            {translate('app.judgement.action.reject')}
          </Button>
        </>
      ) : null}
    </Box>
  );
};
