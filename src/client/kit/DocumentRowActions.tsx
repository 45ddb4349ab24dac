/**
 * The operations cell of a document row: View (everyone who sees the list; unless `view` is false), then Edit and Delete while the
 * document is `editable` (in its first state) for users holding `editCode` (Delete asks first, spec 5), then the
 * screen's workflow buttons (`children`). `DocumentConfirmedAction` is a button that asks first, then calls
 * the server: success notifies `${ns}.success` and runs `after`; failure shows the server msg (spec 8).
 * Test ids `${testId}-row-view|edit|delete`; prompts read `${ns}.dialog.delete_title|delete` with `%{no}` and `%{one}` (the resource's singular name).
 */
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { ConfirmedAction, type ConfirmedActionProps } from '../widgets/ConfirmedAction';
import { usePermitted } from '../widgets/Permitted';
import { useDocumentListUi } from './DocumentListUi';
import { DocumentRowActionsBox } from './DocumentTable';
import { keyOf, oneOptions, testIdOf, type DocumentNames } from './names';

export interface DocumentConfirmedActionProps extends Omit<ConfirmedActionProps, 'successMessage' | 'translateOptions'> {
  names: DocumentNames;
  record: RaRecord;
  /** The record's number field, for `%{no}` in the prompt (e.g. orderNo). */
  numberField: string;
}

/** A button that asks first (`%{no}` the document number, `%{action}` the button text), then runs `action`. */
export const DocumentConfirmedAction = ({ names, record, numberField, label, ...props }: DocumentConfirmedActionProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <ConfirmedAction
      {...props}
      label={label}
      translateOptions={{ no: record[numberField] ?? '', action: translate(label), ...oneOptions(translate, resource) }}
      successMessage={keyOf(names, 'success')}
    />
  );
};

export interface DocumentRowActionsProps {
  names: DocumentNames;
  record: RaRecord;
  numberField: string;
  /** Width of the cell in px (buttons wrap inside). */
  width: number;
  /** The document may still be edited (its first state). */
  editable: boolean;
  /** The permission code Edit and Delete need. */
  editCode: string;
  /** The delete call. */
  remove: () => Promise<unknown>;
  /** Offer View (default true; a read-only list without a view dialog says false). */
  view?: boolean;
  children?: ReactNode;
}

export const DocumentRowActions = ({ names, record, numberField, width, editable, editCode, remove, view = true, children }: DocumentRowActionsProps) => {
  const translate = useTranslate();
  const ui = useDocumentListUi();
  const canEdit = usePermitted(editCode);
  return (
    <DocumentRowActionsBox names={names} width={width}>
      {view ? (
        <Button size="small" onClick={() => ui.open({ kind: 'view', record })} data-testid={testIdOf(names, 'row-view')}>
          {translate(keyOf(names, 'action.view'))}
        </Button>
      ) : null}
      {editable && canEdit ? (
        <>
          <Button size="small" onClick={() => ui.open({ kind: 'edit', id: record.id, record })} data-testid={testIdOf(names, 'row-edit')}>
            {translate(keyOf(names, 'action.edit'))}
          </Button>
          <DocumentConfirmedAction
            names={names}
            record={record}
            numberField={numberField}
            label={keyOf(names, 'action.delete')}
            title={keyOf(names, 'dialog.delete_title')}
            content={keyOf(names, 'dialog.delete')}
            color="error"
            testId={testIdOf(names, 'row-delete')}
            action={remove}
            after={ui.done}
          />
        </>
      ) : null}
      {children}
    </DocumentRowActionsBox>
  );
};
