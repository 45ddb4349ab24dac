/**
 * Download of platform labels (spec 2.8 top button; spec 6 outbound:export_ec_platform_labels; spec 7.2
 * exportEcPlatformLabels `{ids, ecPlatform}`, file download): asks the platform (required, 'please select';
 * preset when the list is locked to one platform), then posts the call and saves the PDF it answers with.
 */
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { useEnumChoices } from '../../widgets/enums';
import { DialogButtons, SkuDialog } from './SkuDialog';
import { saveBlob, timestampedName } from './download';
import { errorMessage } from '../../widgets/errorMessage';
import { exportEcPlatformLabels } from './skuApi';

export const LABELS_FILE_PREFIX = 'ec-platform-labels';

/** Posts the label export and saves the PDF; resolves false (after an error notice) when it fails. */
export function useDownloadLabels() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  return async (ids: Identifier[], ecPlatform: number): Promise<boolean> => {
    try {
      const blob = await exportEcPlatformLabels(dataProvider, ids, ecPlatform);
      saveBlob(blob, timestampedName(LABELS_FILE_PREFIX, 'pdf'));
      return true;
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
      return false;
    }
  };
}

export interface LabelExportDialogProps {
  ids: Identifier[];
  /** Platform chosen in advance (the list's preset platform). */
  ecPlatform?: number;
  onClose: () => void;
}

export const LabelExportDialog = ({ ids, ecPlatform, onClose }: LabelExportDialogProps) => {
  const translate = useTranslate();
  const choices = useEnumChoices('EcPlatform');
  const download = useDownloadLabels();
  const [platform, setPlatform] = useState<number | ''>(ecPlatform ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (platform === '') {
      setError(translate('wms.doc.rules.please_select'));
      return;
    }
    setBusy(true);
    const ok = await download(ids, platform);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <SkuDialog
      open
      onClose={onClose}
      width={480}
      busy={busy}
      title={translate('app.sku.labels.title')}
      testId="sku-labels-dialog"
      actions={
<DialogButtons onCancel={onClose} onConfirm={() => void confirm()} busy={busy} label="app.sku.action.download" testId="labels-confirm" />
      }
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('app.sku.labels.prompt', { smart_count: ids.length })}
      </Typography>
      <TextField
        select
        fullWidth
        size="small"
        label={translate('resources.sku.fields.ecPlatform')}
        value={platform}
        disabled={ecPlatform !== undefined || busy}
        onChange={(e) => {
          setPlatform(e.target.value === '' ? '' : Number(e.target.value));
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
        data-testid="labels-platform"
      >
        {choices.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
    </SkuDialog>
  );
};
