/**
 * Batch change of weight for the selected SKUs (spec 2.8; spec 5 "a prompt asks for the weight. If empty, an
 * error says weight can't be empty, yet the request is still sent"; spec 8 "Empty batch weight: error
 * 'weight can't be null' (request still sent)").
 *
 * Confirm with an empty value shows that error and still posts `{ids, weight: null}` (the server then answers
 * with its own message). A filled value must satisfy the manifest's weight rule (the generated SKU schema:
 * 0..9999 kg, at most 3 decimals); an invalid one is not sent. Success: notice, dialog closed, list reloaded
 * from page 1.
 */
import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDataProvider, useLocaleState, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { AnySchema } from 'yup';
import type { Lang } from '../../../shared/validation';
import { skuForm } from '../../../../generated/shared/schemas';
import { DialogButtons, SkuDialog } from './SkuDialog';
import { errorMessage } from '../../widgets/errorMessage';
import { batchUpdateWeight } from './skuApi';

/** The rule text for a filled weight (the manifest's rule of `sku.weight`), or undefined when it is valid. */
export function weightError(text: string, lang: Lang): string | undefined {
  try {
    (skuForm('add', lang, 'input').fields.weight as AnySchema).validateSync(text.trim());
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

export interface BatchWeightDialogProps {
  ids: Identifier[];
  onClose: () => void;
  onDone: () => void;
}

export const BatchWeightDialog = ({ ids, onClose, onDone }: BatchWeightDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [locale] = useLocaleState();
  const lang: Lang = locale === 'zh' ? 'zh' : 'en';
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const send = async (weight: number | null) => {
    setBusy(true);
    try {
      await batchUpdateWeight(dataProvider, ids, weight);
      notify('wms.doc.success', { type: 'success' });
      onDone();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event?: FormEvent) => {
    event?.preventDefault();
    event?.stopPropagation();
    if (busy) return;
    if (text.trim() === '') {
      const message = translate('app.sku.weight.empty');
      setError(message);
      notify(message, { type: 'error' });
      // spec 5: the request is still sent
      await send(null);
      return;
    }
    const invalid = weightError(text, lang);
    setError(invalid);
    if (invalid) return;
    await send(Number(text.trim()));
  };

  return (
    <SkuDialog
      open
      onClose={onClose}
      width={480}
      busy={busy}
      title={translate('app.sku.weight.title')}
      testId="sku-weight-dialog"
      actions={
<DialogButtons onCancel={onClose} onConfirm={() => void confirm()} busy={busy} label="app.sku.action.confirm" testId="weight-confirm" />
      }
    >
      <form onSubmit={confirm} noValidate>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('app.sku.weight.prompt', { smart_count: ids.length })}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={translate('resources.sku.fields.weight')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'weight-input' } }}
        />
      </form>
    </SkuDialog>
  );
};
