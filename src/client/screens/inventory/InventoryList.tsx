/**
 * The inventory list inside a dialog (spec 2.8 SKU inventory, 2.10 inventory picker) on react-admin's <List>
 * for resource 'inventory' (the routed /sku/inventory_list is the manifest's screen, `inventory.screen`)
 * (`POST /sapi/wms/sku-inventory/page` with the inventory list query of spec 3).
 *
 * - Filter bar (InventoryFilterBar): product/SKU text, owner, warehouse, batch number, has-inventory,
 *   platform, categories; Search / Enter start again at page 1.
 * - Export button (sku_inventory:export): exports the current filter through useExportJob.
 * - Columns: row number, company, warehouse, owner, SKU, image, quantity (sortable), locked quantity
 *   (sortable), product name, goods number, category, colour, size, weight, batch number, suppliers and
 *   platforms (one per line), action (kept in sight on the right: the documents kit's DocumentTable). A sorted column's third click clears the sort (sortProp and sortOrder
 *   are then left out).
 * - Action: the change-log button (InventoryLogDialog, spec 2.7), or in `selectMode` a Select button handing
 *   the row to `onSelect`.
 * - Paging 10/20/30/50/100/500, default 10, hidden when the total is 0 (spec 9).
 * - `preset` fixes skuId, companyId, ownerId, warehouseId, containInventory and ecPlatform (a permanent
 *   filter); the owner, warehouse, has-inventory and platform inputs are then disabled.
 * - The list keeps its state to itself (no URL, no store) and shows no page title, so it can sit in a dialog
 *   over another list (SKU list, pickers).
 */
import { useMemo, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  List,
  NumberField,
  TextField,
  useListContext,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ExportButton } from '../../widgets/ExportButton';
import { ListPagination } from '../../widgets/ListPagination';
import { PlatformsCell, SupplierNamesCell } from '../sku/fields';
import { DocumentTable, WIDE_LIST_SX, type CellProps } from '../../kit/DocumentTable';
import { CODE_INVENTORY_EXPORT, INVENTORY_EXPORT_PATH, INVENTORY_NAMES, INVENTORY_PAGE_SIZE, INVENTORY_RESOURCE, NO_SORT } from './constants';
import { exportFilter, normalisePreset, presetFilter, type InventoryPreset, type InventoryPresetInput } from './filters';
import { InventoryImageCell, RowNumberCell } from './cells';
import { InventoryFilterBar } from './InventoryFilterBar';
import { InventoryListUiProvider, useInventoryListUi } from './InventoryListUi';
import { InventoryLogDialog } from './InventoryLogDialog';
import { useClearableSort } from '../../kit/sort';

export interface InventoryListProps {
  /** Preset and lock: skuId, companyId, ownerId, warehouseId, containInventory, ecPlatform. */
  preset?: InventoryPresetInput;
  /** Picker mode: the action column is a Select button. */
  selectMode?: boolean;
  /** Select mode: receives the chosen row. */
  onSelect?: (record: RaRecord) => void;
  /** Leave out the Export button (always left out in select mode). */
  hideExport?: boolean;
}

const stop = (event: MouseEvent) => event.stopPropagation();

const InventoryRowAction = (_: CellProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const ui = useInventoryListUi();
  if (!record) return null;
  if (ui.selectMode) {
    return (
      <Button size="small" variant="contained" onClick={() => ui.onSelect?.(record)} sx={{ whiteSpace: 'nowrap' }} data-testid="inventory-row-select">
        {translate('app.inventory.action.select')}
      </Button>
    );
  }
  return (
    <Box onClick={stop}>
      <Button size="small" onClick={() => ui.openLog(record)} sx={{ whiteSpace: 'nowrap' }} data-testid="inventory-row-log">
        {translate('app.inventory.action.log')}
      </Button>
    </Box>
  );
};

const InventoryTopButtons = ({ permanent }: { permanent: Record<string, unknown> }) => {
  const { filterValues, sort } = useListContext();
  return (
    <Box className="wms-inventory-top-buttons" data-testid="inventory-top-buttons" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1.5 }}>
      <ExportButton
        path={INVENTORY_EXPORT_PATH}
        filter={() => exportFilter(filterValues ?? {}, permanent, sort)}
        codes={CODE_INVENTORY_EXPORT}
        label="app.inventory.action.export"
        data-testid="inventory-export"
      />
    </Box>
  );
};

const InventoryTable = () => {
  const setSort = useClearableSort();
  return (
    <DocumentTable names={INVENTORY_NAMES} setSort={setSort}>
      <RowNumberCell label="app.inventory.column.row_number" />
      <TextField source="companyName" label="app.inventory.column.company" sortable={false} />
      <TextField source="warehouseName" label="app.inventory.column.warehouse" sortable={false} />
      <TextField source="ownerName" label="app.inventory.column.owner" sortable={false} />
      <TextField source="sku" label="app.inventory.column.sku" sortable={false} />
      <InventoryImageCell label="app.inventory.column.image" />
      <NumberField source="qty" label="app.inventory.column.qty" />
      <NumberField source="lockQty" label="app.inventory.column.lock_qty" />
      <TextField source="skuEntity.name" label="app.inventory.column.name" sortable={false} />
      <TextField source="skuEntity.goodsNo" label="app.inventory.column.goods_no" sortable={false} />
      <TextField source="skuEntity.category" label="app.inventory.column.category" sortable={false} />
      <TextField source="skuEntity.color" label="app.inventory.column.color" sortable={false} />
      <TextField source="skuEntity.size" label="app.inventory.column.size" sortable={false} />
      <NumberField source="skuEntity.weight" label="app.inventory.column.weight" sortable={false} options={{ maximumFractionDigits: 3 }} />
      <TextField source="batchNo" label="app.inventory.column.batch_no" sortable={false} />
      <SupplierNamesCell label="app.inventory.column.suppliers" />
      <PlatformsCell label="app.inventory.column.platforms" />
      <InventoryRowAction source="operations" sortable={false} label="app.inventory.column.action" />
    </DocumentTable>
  );
};

/** The change-log dialog of the row whose log is open. */
const LogDialog = () => {
  const ui = useInventoryListUi();
  return ui.logOf ? <InventoryLogDialog inventory={ui.logOf} onClose={ui.closeLog} /> : null;
};

const InventoryListBody = ({ showExport, permanent }: { showExport: boolean; permanent: Record<string, unknown> }) => {
  const { preset } = useInventoryListUi();
  return (
    <>
      <InventoryFilterBar preset={preset} />
      {showExport ? <InventoryTopButtons permanent={permanent} /> : <Box sx={{ height: 12 }} />}
      <InventoryTable />
      <LogDialog />
    </>
  );
};

export const InventoryList = ({ preset: presetInput, selectMode = false, onSelect, hideExport = false }: InventoryListProps) => {
  const presetKey = JSON.stringify(normalisePreset(presetInput));
  const preset = useMemo<InventoryPreset>(() => JSON.parse(presetKey) as InventoryPreset, [presetKey]);
  const permanent = useMemo(() => presetFilter(preset), [preset]);

  return (
    <List
      resource={INVENTORY_RESOURCE}
      title={false}
      actions={false}
      filter={permanent}
      sort={NO_SORT}
      perPage={INVENTORY_PAGE_SIZE}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
      disableSyncWithLocation
      storeKey={false}
      className="wms-inventory-list"
      sx={WIDE_LIST_SX}
    >
      <InventoryListUiProvider selectMode={selectMode} onSelect={onSelect} preset={preset}>
        <InventoryListBody showExport={!selectMode && !hideExport} permanent={permanent} />
      </InventoryListUiProvider>
    </List>
  );
};
