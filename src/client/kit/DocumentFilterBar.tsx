/**
 * The filter bar of a document list: a react-admin Form over the list's filter (through a FilterCodec), one
 * box per filter input (FilterBox, TextFilter, EnumFilter, WarehouseOwnerFilters), then Search (Enter in a text box searches
 * too) and Reset. A search starts again at page 1 (spec 4); searching with an unchanged filter reloads.
 * Test ids: `${testId}-filters`, `${testId}-search`, `${testId}-reset`; labels `${ns}.filter.search|reset`.
 */
import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import SearchIcon from '@mui/icons-material/Search';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Form, TextInput, useListContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { OwnerInput, WarehouseInput } from '../widgets/EnabledRefInput';
import { EnumInput } from '../widgets/EnumInput';
import { sameFilter, type AnyFilterCodec } from './filterCodec';
import { classOf, keyOf, testIdOf, type DocumentNames } from './names';

/** The width rules of one filter input. */
export const FILTER_INPUT_SX = { minWidth: 180, maxWidth: 240, flex: '1 1 180px' } as const;

/** The box of one filter input, with its test id. */
export const FilterBox = ({ testId, children }: { testId: string; children: ReactNode }) => (
  <Box sx={FILTER_INPUT_SX} data-testid={testId}>
    {children}
  </Box>
);

/** A text filter (the codec trims it). */
export const TextFilter = ({ source, label, testId, maxLength, disabled }: { source: string; label: string; testId: string; maxLength: number; disabled?: boolean }) => (
  <FilterBox testId={testId}>
    <TextInput source={source} label={label} helperText={false} fullWidth inputProps={{ maxLength }} disabled={disabled} />
  </FilterBox>
);

/** A select over an enum's values, "All" for none. */
export const EnumFilter = ({ source, enumName, label, testId, disabled }: { source: string; enumName: string; label: string; testId: string; disabled?: boolean }) => (
  <FilterBox testId={testId}>
    <EnumInput source={source} enumName={enumName} label={label} helperText={false} emptyText="wms.widgets.all" fullWidth disabled={disabled} />
  </FilterBox>
);

/** Warehouse, then goods owner (enabled ones): boxes `${testId}-filter-warehouse|owner`, labels `${ns}.filter.warehouse|owner`. */
export const WarehouseOwnerFilters = ({ names }: { names: DocumentNames }) => (
  <>
    <FilterBox testId={testIdOf(names, 'filter-warehouse')}>
      <WarehouseInput label={keyOf(names, 'filter.warehouse')} helperText={false} fullWidth />
    </FilterBox>
    <FilterBox testId={testIdOf(names, 'filter-owner')}>
      <OwnerInput label={keyOf(names, 'filter.owner')} helperText={false} fullWidth />
    </FilterBox>
  </>
);

const ResetButton = ({ names, empty }: { names: DocumentNames; empty: Record<string, unknown> }) => {
  const translate = useTranslate();
  const { reset } = useFormContext();
  const { setFilters, filterValues } = useListContext();
  // a list opened with filters kept from an earlier visit says so (issue 27: they came back without a sign)
  const active = Object.values(filterValues ?? {}).filter((v) => v !== undefined && v !== null && v !== '').length;
  return (
    <>
    {active > 0 && (
      <Chip size="small" color="info" variant="outlined" label={translate('app.list.filtered', { smart_count: active })} data-testid={testIdOf(names, 'filtered')} />
    )}
    <Button
      size="small"
      startIcon={<RestartAltIcon />}
      onClick={() => {
        reset(empty);
        setFilters({}, undefined, false);
      }}
      data-testid={testIdOf(names, 'reset')}
    >
      {translate(keyOf(names, 'filter.reset'))}
    </Button>
    </>
  );
};

export interface DocumentFilterBarProps {
  names: DocumentNames;
  resource: string;
  /** The form's id (unique per list on a page). */
  formId: string;
  codec: AnyFilterCodec;
  /** The filter inputs, each in a FilterBox. */
  children: ReactNode;
}

/**
 * The record the filter form starts from: none. (react-admin's <Form> starts from the surrounding record
 * context, which in a dialog opened from a row is that row: a SKU's `sku` would fill a text filter.)
 */
const NO_RECORD = {};

export const DocumentFilterBar = ({ names, resource, formId, codec, children }: DocumentFilterBarProps) => {
  const translate = useTranslate();
  const { filterValues, setFilters, refetch, page, setPage, onUnselectItems } = useListContext();
  // the form starts from the filter in place (URL / store); later changes come from the form itself
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaultValues = useMemo(() => codec.toValues(filterValues ?? {}), []);
  const empty = useMemo(() => codec.toValues({}) as Record<string, unknown>, [codec]);

  const submit = (values: Record<string, unknown>) => {
    const next = codec.toFilter(values);
    // a new search starts on page 1 (spec 2.6), also with the same filters (issue 27: it stayed on page 2)
    if (!sameFilter(next, filterValues ?? {})) {
      // other rows: a selection made under the old filter would act on rows no longer shown
      onUnselectItems();
      setFilters(next, undefined, false);
    } else if (page !== 1) setPage(1);
    else void refetch();
  };

  return (
    <Form defaultValues={defaultValues} record={NO_RECORD} onSubmit={submit} resource={resource} disableInvalidFormNotification id={formId}>
      <Box
        className={classOf(names, 'filters')}
        data-testid={testIdOf(names, 'filters')}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, px: 2, pt: 2, '& .MuiFormControl-root': { mt: 0, mb: 0 } }}
      >
        {children}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 48 }}>
          <Button type="submit" variant="contained" size="small" startIcon={<SearchIcon />} data-testid={testIdOf(names, 'search')}>
            {translate(keyOf(names, 'filter.search'))}
          </Button>
          <ResetButton names={names} empty={empty} />
        </Box>
      </Box>
    </Form>
  );
};
