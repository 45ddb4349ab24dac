/**
 * The SKU list screen (spec 2.8) on react-admin's <List> for resource 'sku' (`POST /sapi/wms/sku/page` with
 * the SKU list query of spec 3).
 *
 * - Filter bar (SkuFilterBar): SKU codes, name, created-date range, owner, category, platform, enabled;
 *   Search / Enter start again at page 1.
 * - Top buttons (SkuTopButtons): add, three imports, platform labels and batch weight for the selected rows.
 * - Table with row selection; only SKU and created date sort; columns SKU, name, image, inventory, category,
 *   colour, size, weight, goods number, enabled tag, company, owner, suppliers, platforms, both remarks,
 *   created date, operations (kept in sight on the right: the documents kit's DocumentTable).
 * - Pagination 10/20/30/50/100/500, default 10, hidden when the total is 0 (spec 9).
 * - Dialogs (SkuDialogs): SKU edit, imports, supplier SKUs, platform SKUs, batch weight, labels; after a
 *   successful delete, save or import the list reloads from page 1 and the dialog closes (spec 4).
 * - Select mode (`showSelect`): only a Select action per row, handing the row to `onSelect`; `ownerId`,
 *   `ecPlatform` and `enable` preset and lock their filters; `hideTopButtons` hides the top buttons. The
 *   list then keeps its state to itself (no URL, no store), so it can sit in a dialog over another list.
 *
 * `SkuListAll` (/sku/list/all) and `SkuListNoon` (/sku/list/noon: platform noon preset and locked) are the
 * routed pages.
 */
import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import {
  List,
  NumberField,
  TextField,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { EcPlatform } from '../../../../generated/shared/enums';
import { DateTimeField } from '../../widgets/DateTimeField';
import { ListPagination } from '../../widgets/ListPagination';
import { DocumentTable, WIDE_LIST_SX } from '../../kit/DocumentTable';
import { SKU_NAMES, SKU_PAGE_SIZE, SKU_RESOURCE } from './constants';
import { presetFilter, type SkuPreset } from './filters';
import { PlatformsCell, SkuEnableCell, SkuImageCell, SupplierNamesCell } from './fields';
import { SkuFilterBar } from './SkuFilterBar';
import { SkuTopButtons } from './SkuTopButtons';
import { SkuRowActions } from './SkuRowActions';
import { SkuListUiProvider, useSkuListUi } from './SkuListUi';
import { SkuEditDialog } from './SkuEditDialog';
import { SkuImportDialog } from './SkuImportDialog';
import { SupplierSkuDialog } from './SupplierSkuDialog';
import { EcPlatformSkuDialog } from './EcPlatformSkuDialog';
import { BatchWeightDialog } from './BatchWeightDialog';
import { LabelExportDialog } from './LabelExportDialog';

export interface SkuListProps {
  /** Select mode: only a Select action per row. */
  showSelect?: boolean;
  /** Select mode: receives the chosen row. */
  onSelect?: (record: RaRecord) => void;
  /** Preset and lock the owner filter. */
  ownerId?: number;
  /** Preset and lock the platform filter. */
  ecPlatform?: number;
  /** Preset and lock the enabled filter. */
  enable?: boolean;
  /** Hide the top buttons. */
  hideTopButtons?: boolean;
  /** A heading shown above the filters (i18n key), e.g. for the noon list. */
  title?: string;
  /** Store key of the list parameters (routed lists; ignored in select mode). */
  storeKey?: string;
}

/** No sort by default: the server's order (spec 4: a cleared sort sends no sortProp / sortOrder). */
const NO_SORT = { field: '', order: 'ASC' as const };

/** The open dialog of the list, if any. */
const SkuDialogs = () => {
  const ui = useSkuListUi();
  const { dialog } = ui;
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'edit':
      return <SkuEditDialog id={dialog.id} onClose={ui.close} onSaved={ui.done} />;
    case 'import':
      return <SkuImportDialog kind={dialog.importKind} onClose={ui.close} onImported={ui.done} ownerId={ui.preset.ownerId} />;
    case 'supplierSku':
      return (
        <SupplierSkuDialog
          sku={dialog.record}
          onClose={(changed) => {
            ui.close();
            if (changed) ui.reload();
          }}
        />
      );
    case 'ecPlatformSku':
      return (
        <EcPlatformSkuDialog
          sku={dialog.record}
          onClose={(changed) => {
            ui.close();
            if (changed) ui.reload();
          }}
        />
      );
    case 'weight':
      return <BatchWeightDialog ids={dialog.ids} onClose={ui.close} onDone={ui.done} />;
    case 'labels':
      return <LabelExportDialog ids={dialog.ids} ecPlatform={ui.preset.ecPlatform} onClose={ui.close} />;
    default:
      return null;
  }
};

const SkuTable = ({ selectMode }: { selectMode: boolean }) => (
  // the selection count lives in SkuTopButtons
  <DocumentTable names={SKU_NAMES} selectable={!selectMode}>
    <TextField source="sku" label="resources.sku.fields.sku" />
    <TextField source="name" label="resources.sku.fields.name" sortable={false} />
    <SkuImageCell label="app.sku.column.image" />
    <NumberField source="inventoryQty" label="app.sku.column.inventory_qty" sortable={false} />
    <TextField source="category" label="resources.sku.fields.category" sortable={false} />
    <TextField source="color" label="resources.sku.fields.color" sortable={false} />
    <TextField source="size" label="resources.sku.fields.size" sortable={false} />
    <NumberField source="weight" label="resources.sku.fields.weight" sortable={false} options={{ maximumFractionDigits: 3 }} />
    <TextField source="goodsNo" label="resources.sku.fields.goodsNo" sortable={false} />
    <SkuEnableCell label="resources.sku.fields.enable" />
    <TextField source="companyName" label="resources.sku.fields.companyName" sortable={false} />
    <TextField source="ownerName" label="resources.sku.fields.ownerName" sortable={false} />
    <SupplierNamesCell label="app.sku.column.supplier_names" />
    <PlatformsCell label="app.sku.column.platforms" />
    <TextField source="remarkForWarehouse" label="resources.sku.fields.remarkForWarehouse" sortable={false} />
    <TextField source="remarkForOwner" label="resources.sku.fields.remarkForOwner" sortable={false} />
    <DateTimeField source="addDate" label="resources.sku.fields.addDate" />
    <SkuRowActions source="operations" sortable={false} label="app.sku.column.operations" />
  </DocumentTable>
);

const SkuListBody = ({ selectMode, hideTopButtons, title }: { selectMode: boolean; hideTopButtons: boolean; title?: string }) => {
  const translate = useTranslate();
  const { preset } = useSkuListUi();
  return (
    <>
      {title ? (
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }} data-testid="sku-list-title">
          {translate(title)}
        </Typography>
      ) : null}
      <SkuFilterBar preset={preset} />
      {hideTopButtons ? null : <SkuTopButtons />}
      <SkuTable selectMode={selectMode} />
      <SkuDialogs />
    </>
  );
};

export const SkuList = ({ showSelect = false, onSelect, ownerId, ecPlatform, enable, hideTopButtons = false, title, storeKey }: SkuListProps) => {
  const preset = useMemo<SkuPreset>(() => {
    const p: SkuPreset = {};
    if (ownerId !== undefined && ownerId !== null) p.ownerId = ownerId;
    if (ecPlatform !== undefined && ecPlatform !== null) p.ecPlatform = ecPlatform;
    if (enable !== undefined && enable !== null) p.enable = enable;
    return p;
  }, [ownerId, ecPlatform, enable]);
  const permanent = useMemo(() => presetFilter(preset), [preset]);

  return (
    <List
      resource={SKU_RESOURCE}
      title={showSelect ? false : (title ?? 'app.sku.title.all')}
      actions={false}
      filter={permanent}
      sort={NO_SORT}
      perPage={SKU_PAGE_SIZE}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
      disableSyncWithLocation={showSelect}
      storeKey={showSelect ? false : storeKey}
      className="wms-sku-list"
      sx={WIDE_LIST_SX}
    >
      <SkuListUiProvider selectMode={showSelect} onSelect={onSelect} preset={preset}>
        <SkuListBody selectMode={showSelect} hideTopButtons={hideTopButtons} title={showSelect ? undefined : title} />
      </SkuListUiProvider>
    </List>
  );
};

/** /sku/list/all: every SKU. */
export const SkuListAll = () => <SkuList storeKey="sku.all" />;

/** /sku/list/noon: SKUs with a noon platform SKU; the platform filter is locked (spec 2.3). */
export const SkuListNoon = () => <SkuList ecPlatform={EcPlatform.NOON} title="app.sku.title.noon" storeKey="sku.noon" />;
