/**
 * Import of inbound or outbound orders from an xlsx template (issue 5): `<OrderImportButton kind type onDone />`
 * is an "Import" button (shown only with the permission: `code`, default the manifest's add code of the order
 * resource) that opens a dialog (80% wide, not closed by a click outside nor while the import runs) with
 * the order type the orders will get, a template-download button, a file uploader ('please upload' when
 * empty, spec 5) and Import / Close. Import posts `{ type, filePath, fileUrl }` and follows the job every
 * second like the SKU imports (useImportJobRunner, ImportJobReport): on success the server's summary ("Created
 * 3 of 3 orders ...") as a notice, `onDone()` and the dialog closes; on failure the summary and the table of
 * every row error stay in the dialog, and `onDone()` is still called when some orders were created (an
 * order with an error is not imported, the others are), so the list behind can reload.
 */
import { useId, useMemo, useState } from 'react';
import * as yup from 'yup';
import { yupResolver } from '@hookform/resolvers/yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Form, useNotify, useTranslate, type DataProvider } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { enumValues } from '../../../../generated/shared/enums';
import { FileUploader, type UploadedFile } from '../../widgets/FileUploader';
import { Permitted } from '../../widgets/Permitted';
import { WideDialog, WideDialogButtons } from '../../widgets/WideDialog';
import { errorMessage } from '../../widgets/errorMessage';
import { IMPORT_ACCEPT, ImportJobReport } from '../sku/SkuImportDialog';
import { openInNewTab } from '../sku/download';
import type { CallingDataProvider, ImportJob } from '../sku/skuApi';
import { useImportJobRunner } from '../sku/useImportJob';
import { useDocumentListUi } from '../../kit/DocumentListUi';
import { ORDER_IMPORTS, type OrderImportForm, type OrderImportKind } from './constants';

export interface OrderImportButtonProps {
  kind: OrderImportKind;
  /** Type of the imported orders: inbound 1 normal, 2 customer return, 3 rejected delivery; outbound 1 normal, 2 noon. */
  type: number;
  /** Called when orders were created (reload the list). */
  onDone: () => void;
  /** Permission code of the button (default: the order resource's add code in the manifest). */
  code?: string;
}

export const OrderImportButton = ({ kind, type, onDone, code }: OrderImportButtonProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Permitted codes={code ?? ORDER_IMPORTS[kind].code}>
      <Button variant="outlined" size="small" startIcon={<FileUploadIcon />} onClick={() => setOpen(true)} data-testid={`${kind}-order-import`}>
        {translate('app.orderImport.button')}
      </Button>
      {/* mounted only while open: every opening starts with an empty form and no job */}
      {open ? <OrderImportDialog kind={kind} type={type} onDone={onDone} onClose={() => setOpen(false)} /> : null}
    </Permitted>
  );
};

/** Posts the import call through the console data provider's generic call. */
function startOrderImport(dataProvider: DataProvider, path: string, form: OrderImportForm): Promise<ImportJob> {
  const { call } = dataProvider as Partial<CallingDataProvider>;
  if (typeof call !== 'function') throw new Error('The data provider has no call()');
  return call.call(dataProvider, path, form) as Promise<ImportJob>;
}

export interface OrderImportDialogProps extends Omit<OrderImportButtonProps, 'code'> {
  onClose: () => void;
}

/** The dialog of the button (see module doc). */
export const OrderImportDialog = ({ kind, type, onDone, onClose }: OrderImportDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const formId = `order-import-${useId().replace(/:/g, '')}`;
  const config = ORDER_IMPORTS[kind];
  const resolver = useMemo(() => {
    const upload = translate('app.orderImport.please_upload');
    const schema = yup.object({ file: yup.mixed<UploadedFile>().nullable().test('uploaded', upload, (v) => Boolean(v?.filePath)) });
    return yupResolver(schema) as unknown as Resolver<any>;
  }, [translate]);
  const { phase, job, error, start } = useImportJobRunner((dataProvider, form: OrderImportForm) => startOrderImport(dataProvider, config.path, form), {
    onSuccess: (done) => {
      notify(done.message || 'app.orderImport.done', { type: 'success' });
      onDone();
      onClose();
    },
    onFail: (failed) => {
      notify(failed.message || 'app.orderImport.failed', { type: 'error' });
      if (failed.doneRows > 0) onDone();
    },
    onError: (e) => notify(errorMessage(e), { type: 'error' }),
  });
  const busy = phase === 'starting' || phase === 'running';
  const typeKey = enumValues[config.typeEnum]?.find((e) => e.value === type)?.key;

  const submit = async (values: Record<string, unknown>) => {
    const file = values.file as UploadedFile;
    await start({ type, filePath: file.filePath, fileUrl: file.fileUrl });
  };

  return (
    <WideDialog
      onClose={onClose}
      busy={busy}
      title={translate(`app.orderImport.title.${kind}`)}
      testId="order-import-dialog"
      actions={<WideDialogButtons onCancel={onClose} cancelLabel="app.orderImport.cancel" form={formId} busy={busy} label="app.orderImport.confirm" testId="order-import-confirm" />}
    >
      <Form id={formId} defaultValues={{ file: null }} resolver={resolver} onSubmit={submit} disableInvalidFormNotification>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
          <Typography variant="subtitle2" data-testid="order-import-type">
            {translate('app.orderImport.type', { type: typeKey ? translate(`enums.${config.typeEnum}.${typeKey}`) : String(type) })}
          </Typography>
          <Box>
            <Button variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={() => openInNewTab(config.template)} data-testid="order-import-template">
              {translate('app.orderImport.download_template')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate(`app.orderImport.hint.${kind}`)}
            </Typography>
          </Box>
          <FileUploader source="file" label="app.orderImport.file" accept={IMPORT_ACCEPT} disabled={busy} />
        </Box>
      </Form>
      <ImportJobReport phase={phase} job={job} error={error} />
    </WideDialog>
  );
};

/** The import button of a document list: a finished import reloads the list from page 1. */
export const OrderImportListButton = (props: Omit<OrderImportButtonProps, 'onDone'>) => {
  const ui = useDocumentListUi();
  return <OrderImportButton {...props} onDone={ui.done} />;
};
