/**
 * Reject an adjustment: a required reason (spec 5 "rejection reason cannot be empty", checked here before the
 * call and again by the server), at most 200 characters. Success notifies and hands over to `onDone`; a
 * failure shows the server msg.
 */
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { DocumentReasonDialog, documentReasonError } from '../../kit/DocumentReasonDialog';
import { JUDGEMENT_NAMES, REJECT_REASON_MAX } from './constants';
import { judgementApi } from './judgementApi';

const REQUIRED_KEY = 'app.judgement.rules.reject_reason_required';

/** The error of a rejection reason, as an i18n key with options, or undefined when it is fine. */
export function rejectReasonError(reason: string): { key: string; options?: Record<string, unknown> } | undefined {
  return documentReasonError(JUDGEMENT_NAMES, reason, REJECT_REASON_MAX, REQUIRED_KEY);
}

export const JudgementRejectDialog = ({ record, onClose, onDone }: { record: RaRecord; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  return (
    <DocumentReasonDialog
      names={JUDGEMENT_NAMES}
      kind="reject"
      onClose={onClose}
      onDone={onDone}
      onSubmit={(reason) => judgementApi.reject(dataProvider, record.id, reason)}
      title={translate('app.judgement.dialog.reject_title', { no: record.judgementNo ?? '' })}
      label="app.judgement.reject.reason"
      requiredMessage={REQUIRED_KEY}
      maxLength={REJECT_REASON_MAX}
      confirmLabel="app.judgement.action.reject"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {[record.warehouseName, record.ownerName].filter(Boolean).join(' · ')}
      </Typography>
    </DocumentReasonDialog>
  );
};
