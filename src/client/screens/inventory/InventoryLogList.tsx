/**
 * Inventory change logs (spec 2.7, 2.9) on react-admin's <List> for resource 'inventoryLog'
 * (`POST /sapi/wms/sku-inventory-log/page` with current, size, inventoryId, addDateStart, addDateEnd,
 * bizType, bizNo; the server's order is newest first, so no sort is sent).
 *
 * - Filters: document number (exact, trimmed), document type (BizType), created-date range; Search / Enter
 *   start again at page 1.
 * - Columns: row number, [warehouse, owner, SKU, batch number: `showIdentity`, so a row of the standalone list
 *   is identifiable], quantity change `old -> new` with a change tag, locked quantity change (same), document
 *   type, document number, remark, store info (multi-line), created time.
 * - Own paging, default size 10, hidden when the total is 0.
 * - `inventoryId` fixes the log to one inventory record (the change-log dialog); `inDialog` keeps the list's
 *   state to itself (no URL, no store) and shows no page title.
 *
 * `InventoryLogListPage` is the routed page (/sku/inventory_log_list).
 */
import { useCallback, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import {
  Datagrid,
  DatagridBody,
  DatagridRow,
  DateInput,
  Form,
  List,
  TextField,
  TextInput,
  useListContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { DateTimeField } from '../../widgets/DateTimeField';
import { EnumField } from '../../widgets/EnumField';
import { EnumInput } from '../../widgets/EnumInput';
import { ListPagination } from '../../widgets/ListPagination';
import { INVENTORY_LOG_PAGE_SIZE, INVENTORY_LOG_RESOURCE, NO_SORT } from './constants';
import { buildLogFilter, logFormValues, sameFilter, type LogFilterValues } from './filters';
import { MultiLineCell, QtyChangeCell, RowNumberCell } from './cells';
import { FILTER_INPUT_SX } from '../../kit/DocumentFilterBar';

const FILTER_BAR_SX = { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, px: 2, pt: 2, '& .MuiFormControl-root': { mt: 0, mb: 0 } } as const;

/**
 * The record the filter forms start from: none. (react-admin's <Form> starts from the surrounding record
 * context, which in a dialog opened from a row is that row: a SKU's `sku` would fill the text filter.)
 */
const NO_RECORD = {};

/** Applies a filter: a new one goes to page 1 by itself; the same one goes back to page 1 or reloads. */
function useApplyFilter(): (next: Record<string, unknown>) => void {
  const { filterValues, setFilters, page, setPage, refetch } = useListContext();
  return useCallback(
    (next: Record<string, unknown>) => {
      if (!sameFilter(next, filterValues ?? {})) setFilters(next, undefined, false);
      else if (page !== 1) setPage(1);
      else refetch();
    },
    [filterValues, setFilters, page, setPage, refetch],
  );
}

const LogResetButton = ({ testId }: { testId: string }) => {
  const translate = useTranslate();
  const { reset } = useFormContext();
  const apply = useApplyFilter();
  return (
    <Button
      size="small"
      startIcon={<RestartAltIcon />}
      onClick={() => {
        reset(logFormValues({}));
        apply({});
      }}
      data-testid={testId}
    >
      {translate('app.inventory.filter.reset')}
    </Button>
  );
};

export const InventoryLogFilterBar = ({ testId }: { testId: string }) => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const apply = useApplyFilter();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaultValues = useMemo(() => logFormValues(filterValues ?? {}), []);
  return (
    <Form defaultValues={defaultValues} record={NO_RECORD} onSubmit={(values: Record<string, unknown>) => apply(buildLogFilter(values as LogFilterValues))} resource={INVENTORY_LOG_RESOURCE} disableInvalidFormNotification>
      <Box className="wms-inventory-log-filters" data-testid={`${testId}-filters`} sx={FILTER_BAR_SX}>
        <Box sx={FILTER_INPUT_SX} data-testid={`${testId}-filter-biz-no`}>
          <TextInput source="bizNo" label="app.inventory.filter.biz_no" helperText={false} fullWidth />
        </Box>
        <Box sx={FILTER_INPUT_SX} data-testid={`${testId}-filter-biz-type`}>
          <EnumInput source="bizType" enumName="BizType" label="app.inventory.filter.biz_type" helperText={false} emptyText="wms.widgets.all" fullWidth />
        </Box>
        <Box sx={FILTER_INPUT_SX} data-testid={`${testId}-filter-start`}>
          <DateInput source="addDateStart" label="app.inventory.filter.add_date_start" helperText={false} fullWidth />
        </Box>
        <Box sx={FILTER_INPUT_SX} data-testid={`${testId}-filter-end`}>
          <DateInput source="addDateEnd" label="app.inventory.filter.add_date_end" helperText={false} fullWidth />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 48 }}>
          <Button type="submit" variant="contained" size="small" startIcon={<SearchIcon />} data-testid={`${testId}-search`}>
            {translate('app.inventory.filter.search')}
          </Button>
          <LogResetButton testId={`${testId}-reset`} />
        </Box>
      </Box>
    </Form>
  );
};

const LogTable = ({ showIdentity, testId }: { showIdentity: boolean; testId: string }) => (
  <Datagrid
    rowClick={false}
    bulkActionButtons={false}
    body={<DatagridBody row={<DatagridRow data-testid={`${testId}-row`} />} />}
    className="wms-inventory-log-table"
    sx={{ '& .RaDatagrid-rowCell': { verticalAlign: 'top' } }}
  >
    <RowNumberCell label="app.inventory.column.row_number" />
    {showIdentity ? <TextField source="warehouseName" label="app.inventory.column.warehouse" sortable={false} /> : null}
    {showIdentity ? <TextField source="ownerName" label="app.inventory.column.owner" sortable={false} /> : null}
    {showIdentity ? <TextField source="sku" label="app.inventory.column.sku" sortable={false} /> : null}
    <QtyChangeCell from="originQty" to="newQty" change="changeQty" label="app.inventory.column.qty_change" testId="log-qty-change" />
    <QtyChangeCell from="originLockQty" to="newLockQty" change="lockChangeQty" label="app.inventory.column.lock_qty_change" testId="log-lock-qty-change" />
    <EnumField source="bizType" enumName="BizType" label="app.inventory.column.biz_type" sortable={false} />
    <TextField source="bizNo" label="app.inventory.column.biz_no" sortable={false} />
    <TextField source="remark" label="app.inventory.column.remark" sortable={false} />
    <MultiLineCell source="bizNoExtra" label="app.inventory.column.store_info" />
    <DateTimeField source="addDate" label="app.inventory.column.add_date" sortable={false} />
  </Datagrid>
);

export interface InventoryLogListProps {
  /** Only the logs of this inventory record (the change-log dialog). */
  inventoryId?: Identifier;
  /** Shown in a dialog: no URL, no store, no page title. */
  inDialog?: boolean;
  /** Warehouse, owner and SKU columns (default: when not fixed to one inventory record). */
  showIdentity?: boolean;
  storeKey?: string;
  /** Prefix of the data-testid attributes. */
  testId?: string;
}

export const InventoryLogList = ({ inventoryId, inDialog = false, showIdentity, storeKey, testId = 'inventory-log' }: InventoryLogListProps) => {
  const permanent = useMemo(() => (inventoryId === undefined || inventoryId === null ? {} : { inventoryId }), [inventoryId]);
  return (
    <List
      resource={INVENTORY_LOG_RESOURCE}
      title={inDialog ? false : 'app.inventory.title.log_list'}
      actions={false}
      filter={permanent}
      sort={NO_SORT}
      perPage={INVENTORY_LOG_PAGE_SIZE}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
      disableSyncWithLocation={inDialog}
      storeKey={inDialog ? false : storeKey}
      className="wms-inventory-log-list"
      sx={{ contain: 'inline-size', '& .RaList-main': { minWidth: 0 }, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
    >
      <InventoryLogFilterBar testId={testId} />
      <Box sx={{ height: 12 }} />
      <LogTable showIdentity={showIdentity ?? !('inventoryId' in permanent)} testId={testId} />
    </List>
  );
};

/** /sku/inventory_log_list. */
export const InventoryLogListPage = () => <InventoryLogList storeKey="inventoryLog.list" testId="inventory-log" />;
