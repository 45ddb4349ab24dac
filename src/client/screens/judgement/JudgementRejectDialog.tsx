/**
 * Reject an adjustment: a required reason (spec 5 "rejection reason cannot be empty", checked here before the
 * call and again by the server), at most 200 characters. Success notifies and hands over to `onDone`; a
 * failure shows the server msg.
 */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { errorMessage } from '../sku/errors';
import { REJECT_REASON_MAX } from './constants';
import { DialogButtons, JudgementDialog } from './JudgementDialog';
import { judgementApi } from './judgementApi';

/** The error of a rejection reason, as an i18n key with options, or undefined when it is fine. */
export function rejectReasonError(reason: string): { key: string; options?: Record<string, unknown> } | undefined {
  const text = reason.trim();
  if (!text) return { key: 'app.judgement.rules.reject_reason_required' };
  if (text.length > REJECT_REASON_MAX) return { key: 'app.judgement.rules.max_length', options: { max: REJECT_REASON_MAX } };
  return undefined;
}

export const JudgementRejectDialog = ({ record, onClose, onDone }: { record: RaRecord; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const problem = rejectReasonError(reason);
    if (problem) {
      setError(translate(problem.key, problem.options));
      return;
    }
    setBusy(true);
    try {
      await judgementApi.reject(dataProvider, record.id, reason.trim());
      notify('app.judgement.success', { type: 'success' });
      onDone();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <JudgementDialog
      onClose={onClose}
      width={560}
      busy={busy}
      title={translate('app.judgement.dialog.reject_title', { no: record.judgementNo ?? '' })}
      testId="judgement-reject-dialog"
      actions={<DialogButtons onCancel={onClose} onConfirm={confirm} busy={busy} color="error" label="app.judgement.action.reject" testId="judgement-reject-confirm" />}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {[record.warehouseName, record.ownerName].filter(Boolean).join(' · ')}
      </Typography>
      <TextField
        autoFocus
        required
        fullWidth
        multiline
        minRows={3}
        label={translate('app.judgement.reject.reason')}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          if (error) setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: REJECT_REASON_MAX, 'data-testid': 'judgement-reject-reason' } }}
      />
    </JudgementDialog>
  );
};
