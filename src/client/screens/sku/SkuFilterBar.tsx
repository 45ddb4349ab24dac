/**
 * The SKU list's filter bar (spec 2.8): SKU code (multi-line multi-input with a lookup limited to the chosen
 * owner), product name, created-date range, owner, product category, e-commerce platform, enabled yes/no;
 * a Search button (Enter in a text box searches too) and a Reset button. A search starts again at page 1
 * (spec 4); searching with an unchanged filter reloads. Preset values (select mode) are shown locked.
 */
import { useCallback, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { DateInput, Form, NullableBooleanInput, TextInput, useDataProvider, useListContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { MultiLineInput, type MultiLineSuggestion } from '../../widgets/MultiLineInput';
import { SkuCategorySelect } from '../../widgets/SkuCategorySelect';
import { EnumInput } from '../../widgets/EnumInput';
import { OwnerInput } from '../../widgets';
import { buildSkuFilter, formValuesOf, sameFilter, type SkuFilterValues, type SkuPreset } from './filters';
import { searchSkus } from './skuApi';

const INPUT_SX = { minWidth: 180, maxWidth: 240, flex: '1 1 180px' } as const;

/** The SKU code input, looking codes up among the chosen (or preset) owner's SKUs. */
const SkuCodeInput = ({ preset }: { preset: SkuPreset }) => {
  const dataProvider = useDataProvider();
  const chosenOwner = useWatch({ name: 'ownerId' }) as number | null | undefined;
  const ownerId = preset.ownerId ?? chosenOwner ?? undefined;
  const suggest = useCallback(
    async (keyword: string): Promise<MultiLineSuggestion[]> => {
      if (!keyword) return [];
      try {
        const hits = await searchSkus(dataProvider, keyword, ownerId);
        return (Array.isArray(hits) ? hits : []).map((h) => ({ value: h.sku, label: h.name }));
      } catch {
        return [];
      }
    },
    [dataProvider, ownerId],
  );
  return (
    <Box sx={INPUT_SX}>
      <MultiLineInput source="sku" label="app.sku.filter.sku" suggest={suggest} fullWidth />
    </Box>
  );
};

const ResetButton = ({ preset }: { preset: SkuPreset }) => {
  const translate = useTranslate();
  const { reset } = useFormContext();
  const { setFilters } = useListContext();
  return (
    <Button
      size="small"
      startIcon={<RestartAltIcon />}
      onClick={() => {
        reset(formValuesOf({}, preset));
        setFilters({}, undefined, false);
      }}
    >
      {translate('app.sku.filter.reset')}
    </Button>
  );
};

export const SkuFilterBar = ({ preset }: { preset: SkuPreset }) => {
  const translate = useTranslate();
  const { filterValues, setFilters, refetch } = useListContext();
  // the form starts from the filter in place (URL / store); later changes come from the form itself
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaultValues = useMemo(() => formValuesOf(filterValues ?? {}, preset), []);

  const submit = (values: Record<string, unknown>) => {
    const next = buildSkuFilter(values as SkuFilterValues, preset);
    if (sameFilter(next, filterValues ?? {})) refetch();
    else setFilters(next, undefined, false);
  };

  return (
    <Form defaultValues={defaultValues} onSubmit={submit} resource="sku" disableInvalidFormNotification id="sku-filter-form">
      <Box
        className="wms-sku-filters"
        data-testid="sku-filters"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, px: 2, pt: 2, '& .MuiFormControl-root': { mt: 0, mb: 0 } }}
      >
        <SkuCodeInput preset={preset} />
        <Box sx={INPUT_SX}>
          <TextInput source="name" label="app.sku.filter.name" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX}>
          <DateInput source="addDateStart" label="app.sku.filter.add_date_start" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX}>
          <DateInput source="addDateEnd" label="app.sku.filter.add_date_end" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX}>
          <OwnerInput label="app.sku.filter.owner" disabled={preset.ownerId !== undefined} helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX}>
          <SkuCategorySelect source="categoryId" label="app.sku.filter.category" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX}>
          <EnumInput
            source="ecPlatform"
            enumName="EcPlatform"
            label="app.sku.filter.platform"
            disabled={preset.ecPlatform !== undefined}
            helperText={false}
            emptyText="wms.widgets.all"
            fullWidth
          />
        </Box>
        <Box sx={INPUT_SX}>
          <NullableBooleanInput source="enable" label="app.sku.filter.enable" disabled={preset.enable !== undefined} helperText={false} fullWidth />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 48 }}>
          <Button type="submit" variant="contained" size="small" startIcon={<SearchIcon />} data-testid="sku-search">
            {translate('app.sku.filter.search')}
          </Button>
          <ResetButton preset={preset} />
        </Box>
      </Box>
    </Form>
  );
};
