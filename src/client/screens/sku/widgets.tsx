/**
 * The SKU lists' hand-written pieces (spec 2.8; `sku.screen` and its children's screens in resources.yaml),
 * registered once:
 * - filter `skuCodes`: SKU codes in the multi-line multi-input, looked up among the chosen (or preset)
 *   owner's SKUs (`/sapi/wms/sku/search`);
 * - top `skuImport`, `supplierSkuImport`, `ecPlatformSkuImport` (sku:add): the import dialogs with their
 *   templates (the list's preset owner chosen in advance); a finished import reloads from page 1;
 * - bulk `ecPlatformLabels` (outbound:export_ec_platform_labels): the platform labels of the selected SKUs as
 *   a PDF (the noon list's platform chosen in advance); `batchWeight` (sku:add): one weight for them;
 * - row `skuInventory` (+ its dialog): the SKU's inventory; `skuLabels` (+ its dialog): the SKU's labels;
 * - row `ecPlatformLabel` (platform SKU dialog): the label of the row's SKU on the row's platform;
 * - column `skuPlatforms` (SKU and inventory lists): the SKU's e-commerce platforms as tags, one a line.
 * The import and batch weight dialogs load with their first opening (each its own chunk).
 * Imported for its side effect by the views modules of the screens that name them (src/client/screens/widgets.ts).
 */
import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import LocalPrintshopIcon from '@mui/icons-material/LocalPrintshop';
import ScaleIcon from '@mui/icons-material/Scale';
import { useDataProvider, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useDocumentListUi, type DocumentListUi } from '../../kit/DocumentListUi';
import { testIdOf } from '../../kit/names';
import { RowActionButton } from '../../kit/RowActionMenu';
import { registerBulk, registerColumn, registerFilter, registerRow, registerTop, widgetDialogKind } from '../../kit/screen/registry';
import type { Screen } from '../../kit/screen/spec';
import { MultiLineInput, type MultiLineSuggestion } from '../../widgets/MultiLineInput';
import { Permitted } from '../../widgets/Permitted';
import { CODE_EXPORT_LABELS, CODE_SKU_ADD, IMPORTS, type ImportKind } from './constants';
import { PlatformsCell } from './fields';
import { LabelExportDialog, useDownloadLabels } from './LabelExportDialog';
import { searchSkus } from './skuApi';

/** The inventory screen loads with its dialog (it is a whole list itself). */
const LazySkuInventoryDialog = lazy(() => import('../inventory/SkuInventoryDialog'));
const SkuImportDialog = lazy(() => import('./SkuImportDialog').then((m) => ({ default: m.SkuImportDialog })));
const BatchWeightDialog = lazy(() => import('./BatchWeightDialog').then((m) => ({ default: m.BatchWeightDialog })));

/** A preset number of the list (e.g. the owner), or undefined. */
const presetOf = (screen: Screen, field: string) => (screen.filter[field] === undefined ? undefined : Number(screen.filter[field]));

registerFilter('skuCodes', ({ screen, source, label, disabled }) => {
  const dataProvider = useDataProvider();
  const chosen = useWatch({ name: 'ownerId' }) as number | null | undefined;
  const ownerId = presetOf(screen, 'ownerId') ?? chosen ?? undefined;
  const suggest = useCallback(
    async (keyword: string): Promise<MultiLineSuggestion[]> => {
      if (!keyword) return [];
      const hits = await searchSkus(dataProvider, keyword, ownerId).catch(() => []);
      return (Array.isArray(hits) ? hits : []).map((h) => ({ value: h.sku, label: h.name }));
    },
    [dataProvider, ownerId],
  );
  return <MultiLineInput source={source} label={label} suggest={suggest} disabled={disabled} fullWidth />;
});

/** A top button that opens its own dialog (`dialog(close)`), shown to holders of `code`. */
const DialogButton = ({ code, label, icon, testId, disabled, dialog }: { code: string; label: string; icon: ReactNode; testId: string; disabled?: boolean; dialog: (close: () => void) => ReactNode }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Permitted codes={code}>
      <Button variant="outlined" size="small" startIcon={icon} disabled={disabled} onClick={() => setOpen(true)} data-testid={testId}>
        {translate(label)}
      </Button>
      {open ? <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense> : null}
    </Permitted>
  );
};

const ImportButton = ({ screen, kind }: { screen: Screen; kind: ImportKind }) => {
  const ui = useDocumentListUi();
  return (
    <DialogButton
      code={CODE_SKU_ADD}
      label={IMPORTS[kind].titleKey}
      icon={<UploadFileIcon />}
      testId={testIdOf(screen.names, `import-${kind}`)}
      dialog={(close) => <SkuImportDialog kind={kind} ownerId={presetOf(screen, 'ownerId')} onClose={close} onImported={() => { close(); ui.done(); }} />}
    />
  );
};

for (const kind of Object.keys(IMPORTS) as ImportKind[]) registerTop(`${kind}Import`, ({ screen }) => <ImportButton screen={screen} kind={kind} />);

registerBulk('ecPlatformLabels', ({ screen, ids, disabled }) => (
  <DialogButton
    code={CODE_EXPORT_LABELS}
    label="app.sku.labels.title"
    icon={<LocalPrintshopIcon />}
    testId={testIdOf(screen.names, 'download-labels')}
    disabled={disabled}
    dialog={(close) => <LabelExportDialog ids={ids} ecPlatform={presetOf(screen, 'ecPlatform')} onClose={close} />}
  />
));

registerBulk('batchWeight', ({ screen, ids, disabled, done }) => (
  <DialogButton
    code={CODE_SKU_ADD}
    label="app.sku.weight.title"
    icon={<ScaleIcon />}
    testId={testIdOf(screen.names, 'batch-weight')}
    disabled={disabled}
    dialog={(close) => <BatchWeightDialog ids={ids} onClose={close} onDone={() => { close(); done(); }} />}
  />
));

/** A row button opening the row widget's dialog (`name`). */
const RowDialogButton = ({ screen, name, label, testId, record, ui }: { screen: Screen; name: string; label: string; testId: string; record: RaRecord; ui: DocumentListUi<string> }) => {
  const translate = useTranslate();
  return <RowActionButton label={translate(label)} onClick={() => ui.open({ kind: widgetDialogKind(name), record })} testId={testIdOf(screen.names, testId)} />;
};

registerRow(
  'skuInventory',
  ({ screen, record, ui }) => <RowDialogButton screen={screen} name="skuInventory" label="resources.inventory.name" testId="row-inventory" record={record} ui={ui} />,
  ({ record, ui }) => (
    <Suspense fallback={null}>
      <LazySkuInventoryDialog sku={record} onClose={ui.close} />
    </Suspense>
  ),
);

registerRow(
  'skuLabels',
  ({ screen, record, ui }) => (
    <Permitted codes={CODE_EXPORT_LABELS}>
      <RowDialogButton screen={screen} name="skuLabels" label="app.sku.labels.one" testId="row-labels" record={record} ui={ui} />
    </Permitted>
  ),
  ({ screen, record, ui }) => <LabelExportDialog ids={[record.id]} ecPlatform={presetOf(screen, 'ecPlatform')} onClose={ui.close} />,
);

registerColumn('skuPlatforms', () => <PlatformsCell />);

registerRow('ecPlatformLabel', ({ screen, record }) => {
  const translate = useTranslate();
  const download = useDownloadLabels();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    await download([record.skuId as Identifier], Number(record.ecPlatform));
    setBusy(false);
  };
  return (
    <Permitted codes={CODE_EXPORT_LABELS}>
      <RowActionButton label={translate('app.sku.labels.one')} disabled={busy} onClick={() => void run()} testId={testIdOf(screen.names, 'row-label')} />
    </Permitted>
  );
});
