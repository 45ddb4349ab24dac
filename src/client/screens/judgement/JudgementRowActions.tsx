/**
 * Row actions of the adjustment list (issue 4), on the documents kit's DocumentRowActions:
 * - View: a dialog with the lines (everyone who sees the list);
 * - Edit and Delete (pending only; inventory_judgement:add); Delete asks for confirmation first (spec 5);
 * - Approve (after a confirmation) and Reject (a dialog with a required reason) (pending only;
 *   inventory_judgement:approve).
 * A success notifies and reloads; a failure shows the server msg (spec 8), e.g. insufficient inventory on
 * approval, which leaves the document pending.
 */
import Button from '@mui/material/Button';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { usePermitted } from '../../widgets/Permitted';
import { useDocumentListUi } from '../../kit/DocumentListUi';
import { DocumentConfirmedAction, DocumentRowActions } from '../../kit/DocumentRowActions';
import type { CellProps } from '../../kit/DocumentTable';
import { CODE_JUDGEMENT_ADD, CODE_JUDGEMENT_APPROVE, isPending, JUDGEMENT_NAMES } from './constants';
import { judgementApi } from './judgementApi';

/** The adjustment list's own dialog besides edit and view. */
export type JudgementDialogKind = 'reject';

export const JudgementRowActions = (_: CellProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const ui = useDocumentListUi<JudgementDialogKind>();
  const canApprove = usePermitted(CODE_JUDGEMENT_APPROVE);
  if (!record) return null;
  const pending = isPending(record);

  return (
    <DocumentRowActions
      names={JUDGEMENT_NAMES}
      record={record}
      numberField="judgementNo"
      width={170}
      editable={pending}
      editCode={CODE_JUDGEMENT_ADD}
      remove={() => judgementApi.remove(dataProvider, record.id)}
    >
      {pending && canApprove ? (
        <>
          <DocumentConfirmedAction
            names={JUDGEMENT_NAMES}
            record={record}
            numberField="judgementNo"
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
    </DocumentRowActions>
  );
};
