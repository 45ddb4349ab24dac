/**
 * Create / edit dialog of an inbound order (issue 5), on the documents kit's DocumentFormDialog (spec 9:
 * 80% wide, closes on Cancel, not on a click outside). The order type is the list's (fixed). Goods owner
 * first, then warehouse (only enabled ones; fixed on edit and while lines exist, since every line's SKU
 * belongs to the owner); adding a line without them says "select owner first" / "select warehouse first"
 * (spec 8). Then store order number, waybill number, (customer returns:) source outbound number (required)
 * and return waybill number, planned arrival, remark, and the lines: SKU (SKU picker preset to the owner),
 * batch number, planned quantity (positive integer, spec 5). Rules are checked (formSchema.ts) before
 * anything is sent; a server failure shows its msg.
 */
import Typography from '@mui/material/Typography';
import { DateTimeInput, TextInput, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { useEnumLabel } from '../documents/cells';
import { DocumentFormDialog } from '../documents/DocumentFormDialog';
import { FormGrid, OwnerWarehouseInputs, SkuLinesTable, useDocumentLines, type FormMode } from '../documents/EditableLines';
import { BATCH_NO_MAX, INBOUND_NAMES, INBOUND_RESOURCE, InboundOrderType, NO_MAX, REMARK_MAX, type InboundRecord } from './constants';
import { formValuesOf, inboundFormSchema, newLine, toAddBody, toEditBody, type InboundFormValues } from './formSchema';
import { inboundApi } from './inboundApi';

const InboundFormBody = ({ mode, type }: { mode: FormMode; type: number }) => {
  const translate = useTranslate();
  const enumLabel = useEnumLabel();
  const lines = useDocumentLines(INBOUND_NAMES);
  const isReturn = type === InboundOrderType.RETURN;
  const text = (source: keyof InboundFormValues, label: string, testId: string) => (
    <TextInput source={source} label={label} fullWidth inputProps={{ maxLength: NO_MAX, 'data-testid': testId }} />
  );

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="inbound-form-type">
        {translate('app.inbound.form.type')}: {enumLabel('InboundOrderType', type)}
      </Typography>
      <FormGrid>
        <OwnerWarehouseInputs names={INBOUND_NAMES} mode={mode} fixed={mode === 'edit' || lines.fields.length > 0} />
        {text('storeOrderNo', 'app.inbound.form.store_order_no', 'inbound-form-store-order-no')}
        {text('waybillNo', 'app.inbound.form.waybill_no', 'inbound-form-waybill-no')}
        {isReturn ? text('sourceOutboundNo', 'app.inbound.form.source_outbound_no', 'inbound-form-source-outbound-no') : null}
        {isReturn ? text('returnWaybillNo', 'app.inbound.form.return_waybill_no', 'inbound-form-return-waybill-no') : null}
        <DateTimeInput source="plannedArrivalTime" label="app.inbound.form.planned_arrival" fullWidth inputProps={{ 'data-testid': 'inbound-form-planned-arrival' }} />
        <TextInput source="remark" label="app.inbound.form.remark" fullWidth inputProps={{ maxLength: REMARK_MAX, 'data-testid': 'inbound-form-remark' }} />
      </FormGrid>
      <SkuLinesTable names={INBOUND_NAMES} lines={lines} qtyField="plannedQty" qtyColumn="planned_qty" batchMaxLength={BATCH_NO_MAX} newLine={newLine} />
    </>
  );
};

export interface InboundEditDialogProps {
  /** Order type of a new order (the list's). */
  type: number;
  /** The order to edit; absent to add one. */
  id?: Identifier;
  onClose: () => void;
  onSaved: () => void;
}

export const InboundEditDialog = ({ type, id, onClose, onSaved }: InboundEditDialogProps) => {
  const dataProvider = useDataProvider();
  return (
    <DocumentFormDialog<InboundFormValues>
      names={INBOUND_NAMES}
      resource={INBOUND_RESOURCE}
      id={id}
      numberField="orderNo"
      valuesOf={(record) => formValuesOf(type, record as InboundRecord | null)}
      schema={inboundFormSchema}
      save={(mode, v) => (mode === 'add' ? inboundApi.add(dataProvider, toAddBody(v)) : inboundApi.edit(dataProvider, toEditBody(id as Identifier, v)))}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(mode, values) => <InboundFormBody mode={mode} type={Number(values.type)} />}
    </DocumentFormDialog>
  );
};
