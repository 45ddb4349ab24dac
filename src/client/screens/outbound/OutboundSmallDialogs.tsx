/**
 * The view dialog of an outbound order (header fields, receiver, amounts, and the lines with their allocated
 * quantities) and the pack dialog (asks the waybill number, prefilled with the order's; empty keeps it; the
 * server msg shows on failure and the dialog stays open).
 */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../widgets/DateTimeField';
import { errorMessage } from '../../widgets/errorMessage';
import { WideDialog, WideDialogButtons } from '../../widgets/WideDialog';
import { useEnumLabel } from '../documents/cells';
import { DetailGrid, DetailItem as Item, DocumentViewDialog } from '../documents/DocumentViewDialog';
import { MAX, OUTBOUND_NAMES, type OutboundRecord } from './constants';
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

export const OutboundPackDialog = ({ record, onClose, onDone }: { record: RaRecord; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [waybillNo, setWaybillNo] = useState<string>(record.waybillNo ?? '');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await outboundApi.action(dataProvider, 'pack', record.id, waybillNo.trim() || undefined);
      notify('app.outbound.success', { type: 'success' });
      onDone();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <WideDialog
      onClose={onClose}
      title={translate('app.outbound.dialog.pack_title', { no: record.orderNo ?? '' })}
      busy={busy}
      width={560}
      testId="outbound-pack-dialog"
      actions={
        <WideDialogButtons
          onCancel={onClose}
          cancelLabel="app.outbound.action.cancel"
          cancelTestId="outbound-pack-confirm-cancel"
          label="resources.outboundOrder.actions.pack"
          onConfirm={() => void confirm()}
          busy={busy}
          testId="outbound-pack-confirm"
        />
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {[record.warehouseName, record.ownerName, record.receiverName].filter(Boolean).join(' · ')}
      </Typography>
      <TextField
        autoFocus
        fullWidth
        label={translate('app.outbound.dialog.pack_waybill')}
        helperText={translate('app.outbound.dialog.pack_hint')}
        value={waybillNo}
        onChange={(e) => setWaybillNo(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void confirm();
        }}
        slotProps={{ htmlInput: { maxLength: MAX.waybillNo, 'data-testid': 'outbound-pack-waybill' } }}
      />
    </WideDialog>
  );
};
