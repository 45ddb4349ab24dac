/**
 * The pack lists' filter bar on the documents kit (DocumentFilterBar): package number, order number,
 * warehouse, goods owner, waybill number, (outbound) carrier, created-date range; Search (Enter in a text box
 * searches too) and Reset. A search starts again at page 1 (spec 4); an unchanged filter reloads.
 *
 * The API filters packages by order id only, so a typed order number is looked up first
 * (/<kind>-order/page {orderNo}): the bar runs under the list's context with a `setFilters` that adds the
 * order's id; when no order has the number, the search stops and the field says "... order does not exist:
 * X" (spec 8).
 */
import { useEffect, useState } from 'react';
import { ListContextProvider, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { errorMessage } from '../../widgets/errorMessage';
import { DateRangeFilter, DocumentFilterBar, TextFilter, WarehouseOwnerFilters } from '../../kit/DocumentFilterBar';
import type { DocumentNames } from '../../kit/names';
import type { PackageKindSpec } from './constants';
import { packageFilter, sameFilter, withOrderId } from './filters';
import { packageApi } from './packageApi';

/** Test ids `package-*`, messages `app.packages.*`. */
const PACKAGE_NAMES: DocumentNames = { testId: 'package', ns: 'app.packages' };

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
  const list = useListContext();
  const { filterValues } = list;
  const [orderError, setOrderError] = useState<string | undefined>();

  /** The id of the typed order number: the one in place when unchanged, else looked up; null when none. */
  const orderIdOf = async (orderNo: string): Promise<number | null> => {
    if (filterValues?.orderNo === orderNo && filterValues?.orderId) return Number(filterValues.orderId);
    const order = await packageApi.orderByNo(dataProvider, spec, orderNo);
    return order ? Number(order.id) : null;
  };

  /** The bar's search and reset: a filter with an order number gets the order's id first. */
  const setFilters: typeof list.setFilters = (filter, ...rest) => {
    setOrderError(undefined);
    const orderNo = typeof filter.orderNo === 'string' ? filter.orderNo : '';
    if (!orderNo) return list.setFilters(filter, ...rest);
    void orderIdOf(orderNo).then(
      (orderId) => {
        if (orderId === null) {
          const message = translate(`app.packages.order_not_found.${spec.kind}`, { no: orderNo });
          setOrderError(message);
          notify(message, { type: 'error' });
          return;
        }
        const next = withOrderId(filter, orderId);
        if (sameFilter(next, filterValues ?? {})) void list.refetch();
        else list.setFilters(next, ...rest);
      },
      (e) => notify(errorMessage(e), { type: 'error' }),
    );
  };

  const text = (source: string, label: string, testId: string, maxLength: number) => (
    <TextFilter source={source} label={label} testId={`package-filter-${testId}`} maxLength={maxLength} />
  );

  return (
    <ListContextProvider value={{ ...list, setFilters }}>
      <DocumentFilterBar names={PACKAGE_NAMES} resource={spec.resource} formId={`${spec.kind}-package-filter-form`} codec={packageFilter}>
        <OrderNoError message={orderError} />
        {text('packageNo', 'app.packages.filter.package_no', 'package-no', spec.limits.packageNo)}
        {text('orderNo', `app.packages.filter.order_no.${spec.kind}`, 'order-no', spec.limits.orderNo)}
        <WarehouseOwnerFilters names={PACKAGE_NAMES} />
        {text('waybillNo', 'app.packages.filter.waybill_no', 'waybill-no', spec.limits.waybillNo)}
        {spec.hasCarrier ? text('carrier', 'app.packages.filter.carrier', 'carrier', spec.limits.carrier) : null}
        <DateRangeFilter names={PACKAGE_NAMES} />
      </DocumentFilterBar>
    </ListContextProvider>
  );
};
