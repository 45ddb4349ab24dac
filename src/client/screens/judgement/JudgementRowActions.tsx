/**
 * Row actions of the adjustment list (issue 4):
 * - View: a dialog with the lines (everyone who sees the list);
 * - Edit and Delete (pending only; inventory_judgement:add); Delete asks for confirmation first (spec 5);
 * - Approve (after a confirmation) and Reject (a dialog with a required reason) (pending only;
 *   inventory_judgement:approve).
 * A success notifies and reloads; a failure shows the server msg (spec 8), e.g. insufficient inventory on
 * approval, which leaves the document pending.
 */
import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Confirm, useDataProvider, useNotify, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { usePermitted } from '../../widgets/Permitted';
import { errorMessage } from '../sku/errors';
import { CODE_JUDGEMENT_ADD, CODE_JUDGEMENT_APPROVE, isPending } from './constants';
import { judgementApi } from './judgementApi';
import { useJudgementListUi } from './JudgementListUi';
import type { CellProps } from './fields';

const stop = (event: MouseEvent) => event.stopPropagation();

/** A button that asks first, then runs `action` (delete, approve). */
const ConfirmedAction = ({
  record,
  label,
  title,
  content,
  color,
  testId,
  action,
  after,
}: {
  record: RaRecord;
  label: string;
  title: string;
  content: string;
  color: 'error' | 'success' | 'primary';
  testId: string;
  action: () => Promise<unknown>;
  after: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await action();
      setOpen(false);
      notify('app.judgement.success', { type: 'success' });
      after();
    } catch (e) {
      setOpen(false);
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color={color} onClick={() => setOpen(true)} data-testid={testId}>
        {translate(label)}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        titleTranslateOptions={{ no: record.judgementNo ?? '' }}
        content={content}
        contentTranslateOptions={{ no: record.judgementNo ?? '' }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        data-testid={`${testId}-confirm`}
      />
    </>
  );
};

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
          <ConfirmedAction
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
          <ConfirmedAction
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
