/**
 * The pack lists' filter bar: package number, order number, warehouse, goods owner, waybill number,
 * (outbound) carrier, created-date range; Search (Enter in a text box searches too) and Reset. A search starts
 * again at page 1 (spec 4); an unchanged filter reloads.
 *
 * The API filters packages by order id only, so a typed order number is looked up first
 * (/<kind>-order/page {orderNo}); when no order has it, the search stops and the field says
 * "... order does not exist: X" (spec 8).
 */
import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { DateInput, Form, TextInput, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { OwnerInput, WarehouseInput } from '../../widgets/EnabledRefInput';
import { errorMessage } from '../../widgets/errorMessage';
import type { PackageKindSpec } from './constants';
import { buildPackageFilter, packageFilterValues, sameFilter, type PackageFilterValues } from './filters';
import { packageApi } from './packageApi';

const INPUT_SX = { minWidth: 180, maxWidth: 240, flex: '1 1 180px' } as const;

const ResetButton = ({ onReset }: { onReset: () => void }) => {
  const translate = useTranslate();
  const { reset } = useFormContext();
  const { setFilters } = useListContext();
  return (
    <Button
      size="small"
      startIcon={<RestartAltIcon />}
      onClick={() => {
        reset(packageFilterValues({}));
        setFilters({}, undefined, false);
        onReset();
      }}
      data-testid="package-reset"
    >
      {translate('app.packages.filter.reset')}
    </Button>
  );
};

/** Puts the order-number look-up's message on the field (cleared by the next change of the field). */
const OrderNoError = ({ message }: { message?: string }) => {
  const { setError } = useFormContext();
  useEffect(() => {
    if (message) setError('orderNo', { type: 'lookup', message });
  }, [message, setError]);
  return null;
};

export const PackageFilterBar = ({ spec }: { spec: PackageKindSpec }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { filterValues, setFilters, refetch } = useListContext();
  const [orderError, setOrderError] = useState<string | undefined>();
  // the form starts from the filter in place (URL / store); later changes come from the form itself
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaultValues = useMemo(() => packageFilterValues(filterValues ?? {}), []);

  /** The id of the typed order number: the one in place when unchanged, else looked up; null when none. */
  const orderIdOf = async (orderNo: string): Promise<number | null | undefined> => {
    if (!orderNo) return undefined;
    if (filterValues?.orderNo === orderNo && filterValues?.orderId) return Number(filterValues.orderId);
    const order = await packageApi.orderByNo(dataProvider, spec, orderNo);
    return order ? Number(order.id) : null;
  };

  const submit = async (values: Record<string, unknown>) => {
    const v = values as PackageFilterValues;
    const orderNo = typeof v.orderNo === 'string' ? v.orderNo.trim() : '';
    setOrderError(undefined);
    let orderId: number | null | undefined;
    try {
      orderId = await orderIdOf(orderNo);
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
      return;
    }
    if (orderId === null) {
      const message = translate(`app.packages.order_not_found.${spec.kind}`, { no: orderNo });
      setOrderError(message);
      notify(message, { type: 'error' });
      return;
    }
    const next = buildPackageFilter(v, orderId);
    if (sameFilter(next, filterValues ?? {})) void refetch();
    else setFilters(next, undefined, false);
  };

  const text = (source: keyof PackageFilterValues, label: string, testId: string, maxLength: number) => (
    <Box sx={INPUT_SX} data-testid={`package-filter-${testId}`}>
      <TextInput source={source} label={label} helperText={false} fullWidth inputProps={{ maxLength }} />
    </Box>
  );

  return (
    <Form defaultValues={defaultValues} onSubmit={submit} resource={spec.resource} disableInvalidFormNotification id={`${spec.kind}-package-filter-form`}>
      <OrderNoError message={orderError} />
      <Box
        className="wms-package-filters"
        data-testid="package-filters"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, px: 2, pt: 2, '& .MuiFormControl-root': { mt: 0, mb: 0 } }}
      >
        {text('packageNo', 'app.packages.filter.package_no', 'package-no', spec.limits.packageNo)}
        {text('orderNo', `app.packages.filter.order_no.${spec.kind}`, 'order-no', spec.limits.orderNo)}
        <Box sx={INPUT_SX} data-testid="package-filter-warehouse">
          <WarehouseInput label="app.packages.filter.warehouse" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX} data-testid="package-filter-owner">
          <OwnerInput label="app.packages.filter.owner" helperText={false} fullWidth />
        </Box>
        {text('waybillNo', 'app.packages.filter.waybill_no', 'waybill-no', spec.limits.waybillNo)}
        {spec.hasCarrier ? text('carrier', 'app.packages.filter.carrier', 'carrier', spec.limits.carrier) : null}
        <Box sx={INPUT_SX} data-testid="package-filter-date-start">
          <DateInput source="addDateStart" label="app.packages.filter.add_date_start" helperText={false} fullWidth />
        </Box>
        <Box sx={INPUT_SX} data-testid="package-filter-date-end">
          <DateInput source="addDateEnd" label="app.packages.filter.add_date_end" helperText={false} fullWidth />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 48 }}>
          <Button type="submit" variant="contained" size="small" startIcon={<SearchIcon />} data-testid="package-search">
            {translate('app.packages.filter.search')}
          </Button>
          <ResetButton onReset={() => setOrderError(undefined)} />
        </Box>
      </Box>
    </Form>
  );
};
