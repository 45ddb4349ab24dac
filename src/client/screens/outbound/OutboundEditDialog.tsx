/**
 * Create / edit dialog of an outbound order, on the documents kit's DocumentFormDialog (spec 9: 80% wide,
 * closes on Cancel, not on a click outside). The order type is the list's (fixed). Goods owner first, then
 * warehouse (only enabled ones; fixed on edit and while lines exist, since every line's SKU belongs to the
 * owner); adding a line without them says "select owner first" / "select warehouse first" (spec 8). Then
 * platform order number and waybill number; the receiver (name, phone, email, country / province / city
 * selects, postcode, address); the amounts (cash on delivery + currency, insured switch + insured amount +
 * currency; entered /100, sent in cents); remark; and the lines: SKU (SKU picker preset to the owner, and to
 * noon for noon orders), batch number, quantity (positive integer, spec 5). Rules are checked (formSchema.ts)
 * before anything is sent, naming the field; a server failure shows its msg and keeps the dialog open.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BooleanInput, TextInput, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CityInput } from '../../widgets/CityInput';
import { CountryInput } from '../../widgets/CountryInput';
import { EnumInput } from '../../widgets/EnumInput';
import { MoneyInput } from '../../widgets/MoneyInput';
import { ProvinceInput } from '../../widgets/ProvinceInput';
import { useEnumLabel } from '../documents/cells';
import { DocumentFormDialog } from '../documents/DocumentFormDialog';
import { FormGrid, OwnerWarehouseInputs, SkuLinesTable, useDocumentLines, type FormMode } from '../documents/EditableLines';
import { MAX, OUTBOUND_NAMES, OUTBOUND_RESOURCE, outboundKindOf, type OutboundRecord } from './constants';
import { formValuesOf, newLine, outboundFormSchema, toAddBody, toEditBody, type OutboundFormValues } from './formSchema';
import { outboundApi } from './outboundApi';

const Section = ({ label }: { label: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 1, mb: 0.5 }}>
      {translate(label)}
    </Typography>
  );
};

/** A text input of the form: label `app.outbound.form.<key>`, test id `outbound-form-<key with dashes>`. */
const Text = ({ source, labelKey, max, wide = false }: { source: keyof OutboundFormValues; labelKey: string; max: number; wide?: boolean }) => (
  <Box sx={{ gridColumn: wide ? '1 / -1' : undefined }}>
    <TextInput source={source} label={`app.outbound.form.${labelKey}`} fullWidth inputProps={{ maxLength: max, 'data-testid': `outbound-form-${labelKey.replace(/_/g, '-')}` }} />
  </Box>
);

const Boxed = ({ testId, children }: { testId: string; children: ReactNode }) => <Box data-testid={testId}>{children}</Box>;

const OutboundFormBody = ({ mode, type }: { mode: FormMode; type: number }) => {
  const translate = useTranslate();
  const enumLabel = useEnumLabel();
  const lines = useDocumentLines(OUTBOUND_NAMES);
  const insured = Boolean(useWatch({ name: 'insured' }));

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="outbound-form-type">
        {translate('app.outbound.form.type')}: {enumLabel('OutboundOrderType', type)}
      </Typography>
      <FormGrid>
        <OwnerWarehouseInputs names={OUTBOUND_NAMES} mode={mode} fixed={mode === 'edit' || lines.fields.length > 0} />
        <Text source="platformOrderNo" labelKey="platform_order_no" max={MAX.platformOrderNo} />
        <Text source="waybillNo" labelKey="waybill_no" max={MAX.waybillNo} />
      </FormGrid>

      <Section label="app.outbound.form.receiver" />
      <FormGrid>
        <Text source="receiverName" labelKey="receiver_name" max={MAX.receiverName} />
        <Text source="receiverPhone" labelKey="receiver_phone" max={MAX.receiverPhone} />
        <Text source="receiverEmail" labelKey="receiver_email" max={MAX.receiverEmail} />
        <Boxed testId="outbound-form-country">
          <CountryInput source="countryCode" label="app.outbound.form.country" fullWidth />
        </Boxed>
        <Boxed testId="outbound-form-province">
          <ProvinceInput source="province" label="app.outbound.form.province" fullWidth />
        </Boxed>
        <Boxed testId="outbound-form-city">
          <CityInput source="city" label="app.outbound.form.city" fullWidth />
        </Boxed>
        <Text source="postcode" labelKey="postcode" max={MAX.postcode} />
        <Text source="address" labelKey="address" max={MAX.address} wide />
      </FormGrid>

      <Section label="app.outbound.form.money" />
      <FormGrid>
        <MoneyInput source="codAmount" label="app.outbound.form.cod_amount" fullWidth inputProps={{ 'data-testid': 'outbound-form-cod-amount' }} />
        <Boxed testId="outbound-form-cod-currency">
          <EnumInput source="codCurrency" enumName="Currency" label="app.outbound.form.cod_currency" fullWidth />
        </Boxed>
        <Box sx={{ gridColumn: '1 / -1' }} data-testid="outbound-form-insured">
          <BooleanInput source="insured" label="app.outbound.form.insured" />
        </Box>
        {insured ? (
          <>
            <MoneyInput source="insuredAmount" label="app.outbound.form.insured_amount" fullWidth inputProps={{ 'data-testid': 'outbound-form-insured-amount' }} />
            <Boxed testId="outbound-form-insured-currency">
              <EnumInput source="insuredCurrency" enumName="Currency" label="app.outbound.form.insured_currency" fullWidth />
            </Boxed>
          </>
        ) : null}
        <Text source="remark" labelKey="remark" max={MAX.remark} wide />
      </FormGrid>

      <SkuLinesTable
        names={OUTBOUND_NAMES}
        lines={lines}
        qtyField="qty"
        qtyColumn="qty"
        batchMaxLength={MAX.batchNo}
        newLine={newLine}
        ecPlatform={outboundKindOf(type).ecPlatform}
      />
    </>
  );
};

export interface OutboundEditDialogProps {
  /** Order type of a new order (the list's: 1 normal, 2 noon). */
  type: number;
  /** The order to edit; absent to add one. */
  id?: Identifier;
  onClose: () => void;
  onSaved: () => void;
}

export const OutboundEditDialog = ({ type, id, onClose, onSaved }: OutboundEditDialogProps) => {
  const dataProvider = useDataProvider();
  return (
    <DocumentFormDialog<OutboundFormValues>
      names={OUTBOUND_NAMES}
      resource={OUTBOUND_RESOURCE}
      id={id}
      numberField="orderNo"
      valuesOf={(record) => formValuesOf(type, record as OutboundRecord | null)}
      schema={outboundFormSchema}
      save={(mode, v) => (mode === 'add' ? outboundApi.add(dataProvider, toAddBody(v)) : outboundApi.edit(dataProvider, toEditBody(id as Identifier, v)))}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(mode, values) => <OutboundFormBody mode={mode} type={Number(values.type)} />}
    </DocumentFormDialog>
  );
};
