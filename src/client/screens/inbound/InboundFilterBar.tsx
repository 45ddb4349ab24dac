/**
 * The inbound list's filter bar (issue 5): order number, status, warehouse, goods owner, store order
 * number, waybill number, (customer returns:) source outbound and return waybill numbers, created-date
 * range; Search (Enter in a text box searches too) and Reset. A search starts again at page 1 (spec 4).
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
import { INBOUND_RESOURCE, InboundOrderType, NO_MAX } from './constants';
import { buildInboundFilter, inboundFormValues, sameFilter, type InboundFilterValues } from './filters';

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
        reset(inboundFormValues({}));
        setFilters({}, undefined, false);
      }}
      data-testid="inbound-reset"
    >
      {translate('app.inbound.filter.reset')}
    </Button>
  );
};

const TextFilter = ({ source, label, testId }: { source: string; label: string; testId: string }) => (
  <Box sx={INPUT_SX} data-testid={testId}>
    <TextInput source={source} label={label} helperText={false} fullWidth inputProps={{ maxLength: NO_MAX }} />
  </Box>
);

export const InboundFilterBar = ({ type }: { type: number }) => {
  const translate = useTranslate();
  const { filterValues, setFilters, refetch } = useListContext();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaultValues = useMemo(() => inboundFormValues(filterValues ?? {}), []);
  const isReturn = type === InboundOrderType.RETURN;

  const submit = (values: Record<string, unknown>) => {
    const next = buildInboundFilter(values as InboundFilterValues);
    if (sameFilter(next, filterValues ?? {})) void refetch();
    else setFilters(next, undefined, false);
  };

  return (
    <Form defaultValues={defaultValues} onSubmit={submit} resource={INBOUND_RESOURCE} disableInvalidFormNotification id={`inbound-filter-form-${type}`}>
      <Box
        data-testid="inbound-filters"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, px: 2, pt: 2, '& .MuiFormControl-root': { mt: 0, mb: 0 } }}
      >
        <TextFilter source="orderNo" label="app.inbound.filter.order_no" testId="inbound-filter-no" />
        <Box sx={INPUT_SX} data-testid="inbound-filter-status">
          <EnumInput source="status" enumName="InboundOrderStatus" label="app.inbound.filter.status" helperText={false} emptyText="wms.widgets.all" fullWidth />
        </Box>
        <Box sx={INPUT_SX} data-testid="inbound-filter-warehouse">
          <WarehouseInput label="app.inbound.filter.warehouse" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX} data-testid="inbound-filter-owner">
          <OwnerInput label="app.inbound.filter.owner" helperText={false} fullWidth />
        </Box>
        <TextFilter source="storeOrderNo" label="app.inbound.filter.store_order_no" testId="inbound-filter-store-order-no" />
        <TextFilter source="waybillNo" label="app.inbound.filter.waybill_no" testId="inbound-filter-waybill-no" />
        {isReturn ? <TextFilter source="sourceOutboundNo" label="app.inbound.filter.source_outbound_no" testId="inbound-filter-source-outbound-no" /> : null}
        {isReturn ? <TextFilter source="returnWaybillNo" label="app.inbound.filter.return_waybill_no" testId="inbound-filter-return-waybill-no" /> : null}
        <Box sx={INPUT_SX} data-testid="inbound-filter-date-start">
          <DateInput source="addDateStart" label="app.inbound.filter.add_date_start" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX} data-testid="inbound-filter-date-end">
          <DateInput source="addDateEnd" label="app.inbound.filter.add_date_end" helperText={false} fullWidth />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 48 }}>
          <Button type="submit" variant="contained" size="small" startIcon={<SearchIcon />} data-testid="inbound-search">
            {translate('app.inbound.filter.search')}
          </Button>
          <ResetButton />
        </Box>
      </Box>
    </Form>
  );
};
