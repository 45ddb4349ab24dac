/**
 * The view dialog of an outbound order (header fields, receiver, amounts, and the lines with their allocated
 * quantities), the pack dialog (the shipping screen's: waybill, carrier, weight) and the delivery status
 * dialog. Server refusals show in the dialog, which stays open.
 */
import { useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../widgets/DateTimeField';
import { useEnumChoices } from '../../widgets/enums';
import { errorMessage } from '../../widgets/errorMessage';
import { WideDialog, WideDialogButtons } from '../../widgets/WideDialog';
import { useEnumLabel } from '../documents/cells';
import { DetailGrid, DetailItem as Item, DocumentViewDialog } from '../documents/DocumentViewDialog';
import { callOf } from '../documents/documentApi';
import { PACKAGE_KINDS } from '../packages/constants';
import { PackOrderDialog, type PackOrderDialogProps } from '../shipping/PackOrderDialog';
import { OUTBOUND_NAMES, type OutboundRecord } from './constants';
import { OutboundLinesTable, OutboundStatusTag, useMoneyText } from './fields';
import { outboundApi } from './outboundApi';

export const OutboundViewDialog = ({ record, onClose }: { record: RaRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const enumLabel = useEnumLabel();
  const money = useMoneyText();
  const order = record as unknown as OutboundRecord;
  const lines = order.lines ?? [];
  const allocated = lines.reduce((s, l) => s + Number(l.allocatedQty ?? 0), 0);
  return (
    <DocumentViewDialog names={OUTBOUND_NAMES} onClose={onClose} title={translate('app.outbound.dialog.view', { no: order.orderNo ?? '' })}>
      <DetailGrid testId="outbound-header">
        <Item label="app.outbound.column.order_no">
          <span data-testid="outbound-header-no">{order.orderNo}</span>
        </Item>
        <Item label="app.outbound.column.status">
          <OutboundStatusTag status={order.status} testId="outbound-header-status" />
        </Item>
        <Item label="app.outbound.view.type">{enumLabel('OutboundOrderType', order.type)}</Item>
        <Item label="app.outbound.column.delivery_status">{enumLabel('DeliveryStatus', order.deliveryStatus)}</Item>
        <Item label="app.outbound.column.company">{order.companyName}</Item>
        <Item label="app.outbound.column.warehouse">{order.warehouseName}</Item>
        <Item label="app.outbound.column.owner">{order.ownerName}</Item>
        <Item label="app.outbound.column.platform_order_no">{order.platformOrderNo}</Item>
        <Item label="app.outbound.view.receiver">{[order.receiverName, order.receiverPhone, order.receiverEmail].filter(Boolean).join(' · ')}</Item>
        <Item label="app.outbound.view.address">{[order.address, order.city, order.province, order.postcode, order.countryCode].filter(Boolean).join(', ')}</Item>
        <Item label="app.outbound.column.cod">{money(order.codAmount, order.codCurrency)}</Item>
        <Item label="app.outbound.view.insured">{order.insured ? money(order.insuredAmount, order.insuredCurrency) || translate('app.outbound.form.insured') : ''}</Item>
        <Item label="app.outbound.column.waybill_no">{order.waybillNo}</Item>
        <Item label="app.outbound.column.shipped_time">{formatDateTime(order.shippedTime)}</Item>
        <Item label="app.outbound.column.add_date">{formatDateTime(order.addDate)}</Item>
        <Item label="app.outbound.column.qty">
          <span data-testid="outbound-view-totals">{translate('app.outbound.view.totals', { qty: order.qty ?? 0, allocated })}</span>
        </Item>
        {order.remark ? (
          <Item label="app.outbound.form.remark" wide>
            {order.remark}
          </Item>
        ) : null}
      </DetailGrid>
      <OutboundLinesTable lines={lines} />
    </DocumentViewDialog>
  );
};

/** The list's Pack step: the shipping screen's pack dialog (waybill, carrier, weight), told whether packages exist. */
export const OutboundPackDialog = ({ record, onClose, onDone }: { record: RaRecord; onClose: () => void; onDone: () => void }) => {
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [packages, setPackages] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void callOf(dataProvider)<{ total: number }>(PACKAGE_KINDS.outbound.path + '/page', { orderId: record.id, size: 1 })
      .then((p) => live && setPackages(Number(p.total)), () => live && setPackages(0));
    return () => { live = false; };
  }, [dataProvider, record.id]);
  if (packages === null) return null;
  return (
    <PackOrderDialog
      order={record as unknown as PackOrderDialogProps['order']}
      hasPackages={packages > 0}
      onClose={onClose}
      onPack={async ({ id: _id, ...extra }) => {
        await outboundApi.action(dataProvider, 'pack', record.id, extra);
        notify('app.outbound.success', { type: 'success' });
        onDone();
      }}
    />
  );
};

/** Delivery status of a shipped order (spec 4 labels: all / partially / not delivered), required. */
export const OutboundDeliverDialog = ({ record, onClose, onDone }: { record: RaRecord; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const options = useEnumChoices('DeliveryStatus');
  const [status, setStatus] = useState<number | ''>(record.deliveryStatus ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (status === '') { setError(translate('app.outbound.dialog.deliver_required')); return; }
    setBusy(true);
    try {
      await outboundApi.action(dataProvider, 'deliver', record.id, { deliveryStatus: status });
      notify('app.outbound.success', { type: 'success' });
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <WideDialog
      onClose={onClose}
      title={translate('app.outbound.dialog.deliver_title', { no: record.orderNo ?? '' })}
      busy={busy}
      width={480}
      testId="outbound-deliver-dialog"
      actions={<WideDialogButtons onCancel={onClose} cancelLabel="app.outbound.action.cancel" label="resources.outboundOrder.actions.deliver" onConfirm={() => void confirm()} busy={busy} testId="outbound-deliver-confirm" />}
    >
      <TextField
        select
        fullWidth
        label={translate('app.outbound.column.delivery_status')}
        value={status}
        onChange={(e) => { setStatus(Number(e.target.value)); setError(undefined); }}
        error={!!error}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { 'data-testid': 'outbound-deliver-status' } }}
      >
        {options.map((o) => <MenuItem key={o.id} value={o.id} data-testid={`outbound-deliver-option-${o.id}`}>{o.name}</MenuItem>)}
      </TextField>
    </WideDialog>
  );
};
