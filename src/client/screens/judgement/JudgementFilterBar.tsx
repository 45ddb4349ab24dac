/**
 * The adjustment list's filter bar (issue 4): adjustment number (exact, trimmed), warehouse, goods owner,
 * status, created-date range; Search (Enter in the text box searches too) and Reset. A search starts again
 * at page 1 (spec 4); searching with an unchanged filter reloads.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { DateInput, Form, TextInput, useListContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { EnumInput } from '../../widgets/EnumInput';
import { OwnerInput, WarehouseInput } from '../../widgets';
import { JUDGEMENT_NO_MAX, JUDGEMENT_RESOURCE } from './constants';
import { buildJudgementFilter, judgementFormValues, sameFilter, type JudgementFilterValues } from './filters';

const INPUT_SX = { minWidth: 180, maxWidth: 240, flex: '1 1 180px' } as const;

const ResetButton = () => {
  const translate = useTranslate();
  const { reset } = useFormContext();
  const { setFilters } = useListContext();
  return (
    <Button
      size="small"
      startIcon={<RestartAltIcon />}
      onClick={() => {
        reset(judgementFormValues({}));
        setFilters({}, undefined, false);
      }}
      data-testid="judgement-reset"
    >
      {translate('app.judgement.filter.reset')}
    </Button>
  );
};

export const JudgementFilterBar = () => {
  const translate = useTranslate();
  const { filterValues, setFilters, refetch } = useListContext();
  // the form starts from the filter in place (URL / store); later changes come from the form itself
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaultValues = useMemo(() => judgementFormValues(filterValues ?? {}), []);

  const submit = (values: Record<string, unknown>) => {
    const next = buildJudgementFilter(values as JudgementFilterValues);
    if (sameFilter(next, filterValues ?? {})) void refetch();
    else setFilters(next, undefined, false);
  };

  return (
    <Form defaultValues={defaultValues} onSubmit={submit} resource={JUDGEMENT_RESOURCE} disableInvalidFormNotification id="judgement-filter-form">
      <Box
        className="wms-judgement-filters"
        data-testid="judgement-filters"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, px: 2, pt: 2, '& .MuiFormControl-root': { mt: 0, mb: 0 } }}
      >
        <Box sx={INPUT_SX} data-testid="judgement-filter-no">
          <TextInput source="judgementNo" label="app.judgement.filter.judgement_no" helperText={false} fullWidth inputProps={{ maxLength: JUDGEMENT_NO_MAX }} />
        </Box>
        <Box sx={INPUT_SX} data-testid="judgement-filter-warehouse">
          <WarehouseInput label="app.judgement.filter.warehouse" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX} data-testid="judgement-filter-owner">
          <OwnerInput label="app.judgement.filter.owner" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX} data-testid="judgement-filter-status">
          <EnumInput source="status" enumName="JudgementStatus" label="app.judgement.filter.status" helperText={false} emptyText="wms.widgets.all" fullWidth />
        </Box>
        <Box sx={INPUT_SX} data-testid="judgement-filter-date-start">
          <DateInput source="addDateStart" label="app.judgement.filter.add_date_start" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX} data-testid="judgement-filter-date-end">
          <DateInput source="addDateEnd" label="app.judgement.filter.add_date_end" helperText={false} fullWidth />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 48 }}>
          <Button type="submit" variant="contained" size="small" startIcon={<SearchIcon />} data-testid="judgement-search">
            {translate('app.judgement.filter.search')}
          </Button>
          <ResetButton />
        </Box>
      </Box>
    </Form>
  );
};
