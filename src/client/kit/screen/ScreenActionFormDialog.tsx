/**
 * The dialog of a `form` row action (e.g. outbound "Update delivery status": the delivery status): the
 * action's fields, each required, checked with the generated schema's rules for them, then
 * `<path>/<action>` with `{id, ...fields}`. A failure shows the server msg in the dialog, which stays open.
 * Test ids `${testId}-${action}-dialog`, `${testId}-${action}-confirm`, fields `${testId}-${action}-<part>`.
 */
import { useMemo, useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import Box from '@mui/material/Box';
import { Form, useDataProvider, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import * as yup from 'yup';
import { rules, type Lang } from '../../../shared/validation';
import { EnumInput } from '../../widgets/EnumInput';
import { errorMessage } from '../../widgets/errorMessage';
import { WideDialog, WideDialogButtons } from '../../widgets/WideDialog';
import { callOf } from '../documentApi';
import { testIdOf } from '../names';
import { FieldInput } from './ScreenFormDialog';
import { partName, type Screen } from './spec';

export interface ScreenActionFormDialogProps {
  screen: Screen;
  action: string;
  record: RaRecord;
  onClose: () => void;
  onDone: () => void;
}

export const ScreenActionFormDialog = ({ screen, action, record, onClose, onDone }: ScreenActionFormDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [locale] = useLocaleState();
  const lang: Lang = locale === 'zh' ? 'zh' : 'en';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const fields = screen.spec.actions.find((a) => a.name === action)!.fields!;
  const names = screen.names;
  const formId = testIdOf(names, `${action}-form`);
  const resolver = useMemo(() => {
    const all = screen.source.schemas[screen.resource].form('edit', lang, 'input');
    const r = rules(lang, 'add');
    // a field the add/edit form leaves out (e.g. the delivery status) has no generated rule: required is all
    const rule = (n: string) => {
      const required = r.text('required', screen.field(n)!);
      const own = all.fields[n] as yup.AnySchema | undefined;
      return own ? own.required(required) : yup.mixed().nullable().test('required', required, (v) => v !== null && v !== undefined && v !== '');
    };
    return yupResolver(yup.object(Object.fromEntries(fields.map((n) => [n, rule(n)]))));
  }, [screen, fields, lang]);
  const defaults = useMemo(() => Object.fromEntries(fields.map((n) => [n, record[n] ?? null])), [fields, record]);
  const actionLabel = `resources.${screen.resource}.actions.${action}`;

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await callOf(dataProvider)(`${screen.meta.path}/${action}`, { id: record.id, ...values });
      notify('wms.doc.success', { type: 'success' });
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <WideDialog
      onClose={onClose}
      title={translate('wms.doc.dialog.reason_title', { action: translate(actionLabel), no: record[screen.spec.number] ?? '' })}
      busy={busy}
      width={480}
      testId={testIdOf(names, `${action}-dialog`)}
      actions={<WideDialogButtons onCancel={onClose} cancelLabel="wms.doc.action.cancel" label={actionLabel} form={formId} busy={busy} testId={testIdOf(names, `${action}-confirm`)} />}
    >
      <Form id={formId} defaultValues={defaults} resolver={resolver as never} onSubmit={submit} disableInvalidFormNotification>
        {fields.map((n) => (
          <Box key={n} data-testid={testIdOf(names, `${action}-${partName(n)}`)}>
            {screen.field(n)!.type === 'enum' ? (
              <EnumInput source={n} enumName={screen.field(n)!.enum!} label={`resources.${screen.resource}.fields.${n}`} fullWidth isRequired />
            ) : (
              <FieldInput screen={screen} item={{ field: n, required: true }} mode="edit" fixed={false} />
            )}
          </Box>
        ))}
      </Form>
      {error ? <Box sx={{ color: 'error.main', mt: 1 }} data-testid={testIdOf(names, `${action}-error`)}>{error}</Box> : null}
    </WideDialog>
  );
};
