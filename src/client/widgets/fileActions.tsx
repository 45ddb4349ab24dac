/**
 * The file actions a manifest resource declares by its codes (resources.yaml `permissions.import` / `labels`;
 * codegen/manifest-screen.ts defaultScreen adds these widgets to its screen; issue 29 step 2, docs/locations.md):
 * - top `excelImport` (holders of `permissions.import`): an Import button opening a dialog (80% wide, not closed
 *   by a click outside nor while the import runs) with the template download
 *   (`/static/templates/<kebab-name>-import.xlsx`, a new tab), a file uploader ('Please upload' when empty, spec 5)
 *   and Import / Close. Import posts `{ filePath, fileUrl }` to `<path>/excel/import` and follows the job every
 *   second (importJob.ts, ImportJobReport.tsx): on success the server's summary (or "operation successful") as a
 *   notice, the list reloads from page 1 and the dialog closes; on failure the message and every row error stay
 *   in the dialog;
 * - bulk `labels` (holders of `permissions.labels`): "Print labels" posts `<path>/exportLabels` with the selected
 *   ids, or, with none selected, after a prompt naming how many, the list's current filter (its permanent filter
 *   included), and saves the PDF it answers with;
 * - row `labels`: the same for the row's record.
 * Imported for its side effect by the views modules of the screens that name them (src/client/screens/widgets.ts).
 */
import { useId, useMemo, useState } from 'react';
import * as yup from 'yup';
import { yupResolver } from '@hookform/resolvers/yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import LocalPrintshopIcon from '@mui/icons-material/LocalPrintshop';
import { Confirm, Form, useDataProvider, useListContext, useNotify, useTranslate, type DataProvider, type Identifier } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { useDocumentListUi } from '../kit/DocumentListUi';
import { testIdOf } from '../kit/names';
import { RowActionButton } from '../kit/RowActionMenu';
import { registerBulk, registerRow, registerTop } from '../kit/screen/registry';
import type { Screen } from '../kit/screen/spec';
import { openInNewTab, saveBlob, timestampedName } from './download';
import { errorMessage } from './errorMessage';
import { FileUploader, type UploadedFile } from './FileUploader';
import { IMPORT_ACCEPT, ImportJobReport } from './ImportJobReport';
import { useImportJobRunner, type ImportJob } from './importJob';
import { Permitted } from './Permitted';
import { WideDialog, WideDialogButtons } from './WideDialog';

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** The import template of a resource (the server's import definition names the same file). */
export const importTemplate = (resource: string) => `/static/templates/${kebab(resource)}-import.xlsx`;

/** The data provider's generic call with its options (skipLoading: a file download shows no mask, spec 7.2). */
type CallWithOptions = <T>(path: string, body: unknown, options?: { skipLoading?: boolean }) => Promise<T>;
function callOf(dataProvider: DataProvider): CallWithOptions {
  const call = (dataProvider as { call?: CallWithOptions }).call;
  if (typeof call !== 'function') throw new Error('The data provider has no call()');
  return call.bind(dataProvider) as CallWithOptions;
}

const T = 'wms.widgets.fileActions';

/** The import dialog of `screen`'s resource (see the module doc). */
export const ExcelImportDialog = ({ screen, onClose, onDone }: { screen: Screen; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const formId = `excel-import-${useId().replace(/:/g, '')}`;
  const resolver = useMemo(() => {
    const upload = translate(`${T}.please_upload`);
    const schema = yup.object({ file: yup.mixed<UploadedFile>().nullable().test('uploaded', upload, (v) => Boolean(v?.filePath)) });
    return yupResolver(schema) as unknown as Resolver<any>;
  }, [translate]);
  const { phase, job, error, start } = useImportJobRunner(
    (dataProvider, form: { filePath: string; fileUrl: string }) => callOf(dataProvider)<ImportJob>(`${screen.meta.path}/excel/import`, form),
    {
      // the server's summary is already in the caller's language: shown as it is (`_`: no translation lookup)
      onSuccess: (done) => {
        notify(done.message || 'wms.doc.success', { type: 'success', messageArgs: { _: done.message || undefined } });
        onDone();
        onClose();
      },
      onFail: (failed) => notify(failed.message || `${T}.failed`, { type: 'error', messageArgs: { _: failed.message || undefined } }),
      onError: (e) => notify(errorMessage(e), { type: 'error' }),
    },
  );
  const busy = phase === 'starting' || phase === 'running';
  const name = translate(`resources.${screen.resource}.name`);
  const submit = async (values: Record<string, unknown>) => {
    const file = values.file as UploadedFile;
    await start({ filePath: file.filePath, fileUrl: file.fileUrl });
  };
  return (
    <WideDialog
      onClose={onClose}
      busy={busy}
      title={translate(`${T}.import_title`, { name })}
      testId={testIdOf(screen.names, 'import-dialog')}
      actions={<WideDialogButtons onCancel={onClose} cancelLabel={`${T}.close`} form={formId} busy={busy} label={`${T}.import`} testId={testIdOf(screen.names, 'import-confirm')} />}
    >
      <Form id={formId} defaultValues={{ file: null }} resolver={resolver} onSubmit={submit} disableInvalidFormNotification>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
          <Box>
            <Button variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={() => openInNewTab(importTemplate(screen.resource))} data-testid={testIdOf(screen.names, 'import-template')}>
              {translate(`${T}.template`)}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate(`${T}.hint`)}
            </Typography>
          </Box>
          <FileUploader source="file" label={`${T}.file`} accept={IMPORT_ACCEPT} disabled={busy} />
        </Box>
      </Form>
      <ImportJobReport phase={phase} job={job} error={error} />
    </WideDialog>
  );
};

registerTop('excelImport', ({ screen }) => {
  const translate = useTranslate();
  const ui = useDocumentListUi();
  const [open, setOpen] = useState(false);
  const code = screen.meta.permissions.import;
  if (!code) return null;
  return (
    <Permitted codes={code}>
      <Button variant="outlined" size="small" startIcon={<FileUploadIcon />} onClick={() => setOpen(true)} data-testid={testIdOf(screen.names, 'import')}>
        {translate(`${T}.import`)}
      </Button>
      {/* mounted only while open: every opening starts with an empty form and no job */}
      {open ? <ExcelImportDialog screen={screen} onClose={() => setOpen(false)} onDone={ui.done} /> : null}
    </Permitted>
  );
});

/** Posts `<path>/exportLabels` with `body` and saves the PDF; resolves false (after an error notice) when it fails. */
function useDownloadLabels(screen: Screen) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  return async (body: Record<string, unknown>): Promise<boolean> => {
    try {
      const file = await callOf(dataProvider)<unknown>(`${screen.meta.path}/exportLabels`, body, { skipLoading: true });
      if (!(file instanceof Blob)) throw new Error(`${T}.not_a_file`);
      saveBlob(file, timestampedName(`${kebab(screen.resource)}-labels`, 'pdf'));
      return true;
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
      return false;
    }
  };
}

/** Print labels: the selected rows', else (after a prompt) the current filter's. */
const LabelsButton = ({ screen, ids }: { screen: Screen; ids: Identifier[] }) => {
  const translate = useTranslate();
  const { filterValues, total } = useListContext();
  const download = useDownloadLabels(screen);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const run = async (body: Record<string, unknown>) => {
    setAsking(false);
    setBusy(true);
    await download(body);
    setBusy(false);
  };
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<LocalPrintshopIcon />}
        disabled={busy || (!ids.length && !total)}
        onClick={() => (ids.length ? void run({ ids }) : setAsking(true))}
        data-testid={testIdOf(screen.names, 'labels')}
      >
        {translate(ids.length ? `${T}.labels_selected` : `${T}.labels`, { smart_count: ids.length })}
      </Button>
      <Confirm
        isOpen={asking}
        title={`${T}.labels_filter_title`}
        content={`${T}.labels_filter_content`}
        translateOptions={{ smart_count: total ?? 0 }}
        confirm={`${T}.labels`}
        onConfirm={() => void run({ ...(filterValues ?? {}), ...screen.filter })}
        onClose={() => setAsking(false)}
      />
    </>
  );
};

registerBulk('labels', ({ screen, ids }) =>
  screen.meta.permissions.labels ? (
    <Permitted codes={screen.meta.permissions.labels}>
      <LabelsButton screen={screen} ids={ids} />
    </Permitted>
  ) : null,
);

registerRow('labels', ({ screen, record }) => {
  const translate = useTranslate();
  const download = useDownloadLabels(screen);
  const [busy, setBusy] = useState(false);
  const code = screen.meta.permissions.labels;
  if (!code) return null;
  const run = async () => {
    setBusy(true);
    await download({ ids: [record.id] });
    setBusy(false);
  };
  return (
    <Permitted codes={code}>
      <RowActionButton label={translate(`${T}.label_one`)} disabled={busy} onClick={() => void run()} testId={testIdOf(screen.names, 'row-label')} />
    </Permitted>
  );
});
