/**
 * The inventory list's filter bar (spec 2.6): product/SKU text, goods owner, warehouse, batch number,
 * has-inventory (in stock / out of stock / all), platform, categories (several); Search and Reset. Enter in a
 * text box or Search starts again at page 1 (an unchanged filter: back to page 1, or a reload when already
 * there). Preset values are shown locked (owner, warehouse, has-inventory, platform). An owner or warehouse
 * picked by itself (the only enabled one) is applied to the list at once.
 */
import { useCallback, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Form, NullableBooleanInput, TextInput, useListContext, useTranslate, type Identifier } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { EnumInput } from '../../widgets/EnumInput';
import { OwnerInput, WarehouseInput } from '../../widgets';
import { CategoriesSelect } from './inputs';
import { buildInventoryFilter, inventoryFormValues, sameFilter, type InventoryFilterValues, type InventoryPreset } from './filters';

export const FILTER_INPUT_SX = { minWidth: 180, maxWidth: 240, flex: '1 1 180px' } as const;
export const FILTER_BAR_SX = { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, px: 2, pt: 2, '& .MuiFormControl-root': { mt: 0, mb: 0 } } as const;

/**
 * The record the filter forms start from: none. (react-admin's <Form> starts from the surrounding record
 * context, which in a dialog opened from a row is that row: a SKU's `sku` would fill the text filter.)
 */
export const NO_RECORD = {};

/** Applies a filter: a new one goes to page 1 by itself; the same one goes back to page 1 or reloads. */
export function useApplyFilter(): (next: Record<string, unknown>) => void {
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

const ResetButton = ({ preset, testId }: { preset: InventoryPreset; testId: string }) => {
  const translate = useTranslate();
  const { reset } = useFormContext();
  const apply = useApplyFilter();
  return (
    <Button
      size="small"
      startIcon={<RestartAltIcon />}
      onClick={() => {
        reset(inventoryFormValues({}, preset));
        apply({});
      }}
      data-testid={testId}
    >
      {translate('app.inventory.filter.reset')}
    </Button>
  );
};

export const InventoryFilterBar = ({ preset }: { preset: InventoryPreset }) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const apply = useApplyFilter();
  // the form starts from the filter in place (URL / store); later changes come from the form itself
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaultValues = useMemo(() => inventoryFormValues(filterValues ?? {}, preset), []);

  const submit = (values: Record<string, unknown>) => apply(buildInventoryFilter(values as InventoryFilterValues, preset));

  const autoPicked = useCallback(
    (source: 'ownerId' | 'warehouseId') => (id: Identifier) => setFilters({ ...(filterValues ?? {}), [source]: id }, undefined, false),
    [filterValues, setFilters],
  );

  return (
    <Form defaultValues={defaultValues} record={NO_RECORD} onSubmit={submit} resource="inventory" disableInvalidFormNotification>
      <Box className="wms-inventory-filters" data-testid="inventory-filters" sx={FILTER_BAR_SX}>
        <Box sx={FILTER_INPUT_SX} data-testid="inventory-filter-sku">
          <TextInput source="sku" label="app.inventory.filter.sku" helperText={false} fullWidth />
        </Box>
        <Box sx={FILTER_INPUT_SX} data-testid="inventory-filter-owner">
          <OwnerInput label="app.inventory.filter.owner" disabled={preset.ownerId !== undefined} autoPick onAutoPick={autoPicked('ownerId')} helperText={false} fullWidth />
        </Box>
        <Box sx={FILTER_INPUT_SX} data-testid="inventory-filter-warehouse">
          <WarehouseInput label="app.inventory.filter.warehouse" disabled={preset.warehouseId !== undefined} autoPick onAutoPick={autoPicked('warehouseId')} helperText={false} fullWidth />
        </Box>
        <Box sx={FILTER_INPUT_SX} data-testid="inventory-filter-batch">
          <TextInput source="batchNo" label="app.inventory.filter.batch_no" helperText={false} fullWidth />
        </Box>
        <Box sx={FILTER_INPUT_SX} data-testid="inventory-filter-stock">
          <NullableBooleanInput
            source="containInventory"
            label="app.inventory.filter.contain_inventory"
            trueLabel="app.inventory.filter.in_stock"
            falseLabel="app.inventory.filter.out_of_stock"
            nullLabel="app.inventory.filter.any"
            disabled={preset.containInventory !== undefined}
            helperText={false}
            fullWidth
          />
        </Box>
        <Box sx={FILTER_INPUT_SX} data-testid="inventory-filter-platform">
          <EnumInput
            source="ecPlatform"
            enumName="EcPlatform"
            label="app.inventory.filter.platform"
            disabled={preset.ecPlatform !== undefined}
            helperText={false}
            emptyText="wms.widgets.all"
            fullWidth
          />
        </Box>
        <Box sx={{ ...FILTER_INPUT_SX, maxWidth: 360 }} data-testid="inventory-filter-categories">
          <CategoriesSelect fullWidth />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 48 }}>
          <Button type="submit" variant="contained" size="small" startIcon={<SearchIcon />} data-testid="inventory-search">
            {translate('app.inventory.filter.search')}
          </Button>
          <ResetButton preset={preset} testId="inventory-reset" />
        </Box>
      </Box>
    </Form>
  );
};
