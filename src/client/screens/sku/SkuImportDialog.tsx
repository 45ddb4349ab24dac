/**
 * The three import dialogs of the SKU list (spec 2.8: SKU, supplier SKU, platform SKU): a template-download
 * button (the xlsx under /static/templates, opened in a new tab; sku:add), an owner select, a file uploader,
 * Confirm and Cancel. Rules (spec 5): owner required ('please select'), uploaded document required
 * ('please upload'). Confirm posts `{ownerId, filePath, fileUrl}` and follows the import job every second:
 * a progress bar (doneRows / totalRows) while it runs; on success an 'operation successful' notice, the
 * dialog closes and the list reloads from page 1 (spec 4, 8); on failure the job's message and a table of
 * every error (row, column, message) stay in the dialog.
 */
import { useId, useMemo } from 'react';
import * as yup from 'yup';
import { yupResolver } from '@hookform/resolvers/yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { Form, useNotify, useTranslate } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { FileUploader, type UploadedFile } from '../../widgets/FileUploader';
import { Permitted } from '../../widgets/Permitted';
import { OwnerInput } from '../../widgets/EnabledRefInput';
import { DialogButtons, SkuDialog } from './SkuDialog';
import { CODE_SKU_ADD, IMPORTS, type ImportKind } from './constants';
import { openInNewTab } from './download';
import { errorMessage } from '../../widgets/errorMessage';
import { useImportJob } from './useImportJob';
import { ImportJobReport, IMPORT_ACCEPT } from '../../widgets/ImportJobReport';

export { IMPORT_ACCEPT, ImportErrorTable, ImportJobReport, progressOf } from '../../widgets/ImportJobReport';

/** Spec 5 import form rules with the given texts. */
export function importFormSchema(texts: { select: string; upload: string }) {
  return yup.object({
    ownerId: yup
      .number()
      .transform((v, orig) => (orig === '' || orig === null || orig === undefined ? undefined : v))
      .typeError(texts.select)
      .required(texts.select),
    file: yup
      .mixed<UploadedFile>()
      .nullable()
      .test('uploaded', texts.upload, (v) => Boolean(v && typeof v === 'object' && (v as UploadedFile).filePath)),
  });
}

export interface SkuImportDialogProps {
  kind: ImportKind;
  onClose: () => void;
  /** Called after a successful import (the list reloads from page 1 and the dialog closes). */
  onImported: () => void;
  /** Owner chosen in advance (e.g. the list's preset owner). */
  ownerId?: number;
}

export const SkuImportDialog = ({ kind, onClose, onImported, ownerId }: SkuImportDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const formId = `sku-import-${useId().replace(/:/g, '')}`;
  const config = IMPORTS[kind];
  const resolver = useMemo(
    () =>
      yupResolver(
        importFormSchema({ select: translate('wms.doc.rules.please_select'), upload: translate('app.sku.import.please_upload') }),
      ) as unknown as Resolver<any>,
    [translate],
  );
  const { phase, job, error, start } = useImportJob(kind, {
    onSuccess: () => {
      notify('wms.doc.success', { type: 'success' });
      onImported();
    },
    onFail: (failed) => notify(failed.message || 'app.sku.import.failed', { type: 'error' }),
    onError: (e) => notify(errorMessage(e), { type: 'error' }),
  });
  const busy = phase === 'starting' || phase === 'running';

  const submit = async (values: Record<string, unknown>) => {
    const file = values.file as UploadedFile;
    // a disabled (preset) owner is not part of the submitted values
    const owner = ownerId ?? Number(values.ownerId);
    await start({ ownerId: owner, filePath: file.filePath, fileUrl: file.fileUrl });
  };

  return (
    <SkuDialog
      open
      onClose={onClose}
      title={translate(config.titleKey)}
      testId="sku-import-dialog"
      actions={
<DialogButtons onCancel={onClose} form={formId} busy={busy} label="app.sku.action.confirm" testId="import-confirm" />
      }
    >
      <Form id={formId} defaultValues={{ ownerId: ownerId ?? null, file: null }} resolver={resolver} onSubmit={submit} disableInvalidFormNotification resource="sku">
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
          <Box>
            <Permitted codes={CODE_SKU_ADD}>
              <Button variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={() => openInNewTab(config.template)} data-testid="import-template">
                {translate('app.sku.action.download_template')}
              </Button>
            </Permitted>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('app.sku.import.hint')}
            </Typography>
          </Box>
          <OwnerInput label="resources.sku.fields.ownerId" autoPick disabled={busy || ownerId !== undefined} fullWidth isRequired />
          <FileUploader source="file" label="app.sku.import.file" accept={IMPORT_ACCEPT} disabled={busy} />
        </Box>
      </Form>
      <ImportJobReport phase={phase} job={job} error={error} />
    </SkuDialog>
  );
};
