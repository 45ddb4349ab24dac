/**
 * Batch change of weight for the selected SKUs (spec 2.8; spec 5 "a prompt asks for the weight. If empty, an
 * error says weight can't be empty, yet the request is still sent"; spec 8 "Empty batch weight: error
 * 'weight can't be null' (request still sent)").
 *
 * Confirm with an empty value shows that error and still posts `{ids, weight: null}` (the server then answers
 * with its own message). A filled value must be a number 0..9999 with at most 3 decimals (the shared rule
 * texts); an invalid one is not sent. Success: notice, dialog closed, list reloaded from page 1.
 */
import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDataProvider, useLocaleState, useNotify, useTranslate, type Identifier } from 'react-admin';
import { rules, type Lang } from '../../../shared/validation';
import { DialogButtons, SkuDialog } from './SkuDialog';
import { WEIGHT_DECIMALS, WEIGHT_MAX, WEIGHT_MIN } from './constants';
import { errorMessage } from '../../widgets/errorMessage';
import { batchUpdateWeight } from './skuApi';

const WEIGHT_LABEL = { en: 'Weight', zh: '重量' };

/** The rule text for a filled weight, or undefined when it is valid. */
export function weightError(text: string, lang: Lang): string | undefined {
  const schema = rules(lang, 'add', 'input').number(WEIGHT_LABEL, { required: true, min: WEIGHT_MIN, max: WEIGHT_MAX, decimals: WEIGHT_DECIMALS });
  try {
    schema.validateSync(text.trim());
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
      notify('app.sku.success', { type: 'success' });
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
          label={translate('app.sku.weight.label')}
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
