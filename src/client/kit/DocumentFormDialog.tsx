/**
 * The create / edit dialog of a document (spec 9: 80% wide, closes on Cancel, not on a click outside nor
 * while saving). On edit it loads the record (`useGetOne`) and shows a spinner, or the load error; then a
 * react-admin Form with the screen's yup rules (checked before anything is sent), the screen's inputs
 * (`children`), and Cancel + Save. Save hands the values (disabled owner / warehouse filled back in) to
 * `save`; success notifies `${ns}.success` and calls `onSaved`, a failure shows the server msg (spec 8,
 * which names the field) and keeps the dialog open. `emptyText(field)` may give the message key of an empty
 * required field (withEmptyTexts). The form has no native validation (`noValidate`): every
 * message comes from the yup rules, in the console's language, not from the browser's bubbles.
 * Test ids `${testId}-edit-dialog`, `${testId}-save`, `${testId}-save-cancel`; titles `${ns}.dialog.add` and
 * `${ns}.dialog.edit` (`%{no}` the document number, `%{one}` the resource's singular name).
 */
import { useId, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Form, ResourceContextProvider, useGetOne, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useFormContext, type Resolver } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { errorMessage } from '../widgets/errorMessage';
import { WideDialog, WideDialogButtons } from '../widgets/WideDialog';
import type { FormMode } from './EditableLines';
import { withDisabledValues, withEmptyTexts, type Translate } from './formRules';
import { keyOf, oneOptions, testIdOf, type DocumentNames } from './names';

/** Hands the form's getValues to the dialog (the values of disabled inputs are read there). */
const GetValuesBridge = ({ target }: { target: MutableRefObject<(() => Record<string, unknown>) | null> }) => {
  const { getValues } = useFormContext();
  target.current = getValues as () => Record<string, unknown>;
  return null;
};

export interface DocumentFormDialogProps<V extends object> {
  names: DocumentNames;
  resource: string;
  /** The document to edit; absent to add one. */
  id?: Identifier;
  /** The record's number field, for the edit title. */
  numberField: string;
  /** The form values of the loaded record, or of a new document (null). */
  valuesOf: (record: RaRecord | null) => V;
  /** The form's rules in the current language. */
  schema: (t: Translate) => AnyObjectSchema;
  /** The message key of an empty required field, when it is not the rule's own text. */
  emptyText?: (field: string) => string | undefined;
  /** Sends the values (add or edit). */
  save: (mode: FormMode, values: V) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  /** The form's inputs, given the mode and the starting values. */
  children: (mode: FormMode, values: V) => ReactNode;
}

export const DocumentFormDialog = <V extends object>({ names, resource, id, numberField, valuesOf, schema, emptyText, save, onClose, onSaved, children }: DocumentFormDialogProps<V>) => {
  const mode: FormMode = id === undefined || id === null ? 'add' : 'edit';
  const translate = useTranslate();
  const notify = useNotify();
  const formId = `${testIdOf(names, 'edit')}-${useId().replace(/:/g, '')}`;
  const [saving, setSaving] = useState(false);
  const getValuesRef = useRef<(() => Record<string, unknown>) | null>(null);
  const { data: record, isPending, error } = useGetOne<RaRecord>(resource, { id: id as Identifier }, { enabled: mode === 'edit' });
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const resolver = useMemo(() => {
    const base = yupResolver(schema(translate)) as unknown as Resolver<any>;
    return emptyText ? withEmptyTexts(base, (field) => (emptyText(field) ? translate(emptyText(field)!) : undefined)) : base;
  }, [translate]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaultValues = useMemo(() => valuesOf(mode === 'edit' ? (record ?? null) : null), [mode, record]);

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await save(mode, withDisabledValues(values, getValuesRef.current?.() ?? {}) as V);
      notify(keyOf(names, 'success'), { type: 'success' });
      onSaved();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const loading = mode === 'edit' && isPending;
  const options = { no: record?.[numberField] ?? '', resource: translate(`resources.${resource}.name`), ...oneOptions(translate, resource) };
  const title = translate(keyOf(names, mode === 'add' ? 'dialog.add' : 'dialog.edit'), options);
  const saveTestId = testIdOf(names, 'save');

  return (
    <WideDialog
      onClose={onClose}
      title={title}
      busy={saving}
      testId={testIdOf(names, 'edit-dialog')}
      actions={
        <WideDialogButtons
          onCancel={onClose}
          cancelLabel={keyOf(names, 'action.cancel')}
          cancelTestId={`${saveTestId}-cancel`}
          form={formId}
          busy={saving}
          disabled={loading || Boolean(error)}
          label={keyOf(names, 'action.save')}
          testId={saveTestId}
        />
      }
    >
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : error ? (
        <Box sx={{ color: 'error.main', p: 2 }}>{errorMessage(error)}</Box>
      ) : (
        <ResourceContextProvider value={resource}>
          <Form id={formId} key={mode === 'edit' ? String(id) : 'add'} record={undefined} defaultValues={defaultValues} resolver={resolver} onSubmit={submit} disableInvalidFormNotification noValidate>
            <GetValuesBridge target={getValuesRef} />
            {children(mode, defaultValues)}
          </Form>
        </ResourceContextProvider>
      )}
    </WideDialog>
  );
};
