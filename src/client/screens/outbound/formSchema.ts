/**
 * The outbound order form: values, rules (yup, checked before anything is sent; messages name the field,
 * spec 5; spec 8 "select owner first" / "select warehouse first"; a COD or insured amount needs its
 * currency, as the server checks too) and the add / edit bodies. Amounts are held and sent in cents
 * (MoneyInput shows them /100).
 */
import * as yup from 'yup';
import type { Identifier } from 'react-admin';
import { documentRules, emptyToUndefined, newSkuLine, skuLineBody, skuLineValues, textOrNull, type SkuLineValues, type Translate } from '../documents/formRules';
import { MAX, OUTBOUND_NAMES, type OutboundRecord } from './constants';
import type { OutboundAddBody, OutboundEditBody, OutboundFieldsBody, OutboundLineBody } from './outboundApi';

/** One line as the form holds it (SKU code and name ride along for display). */
export type OutboundLineValues = SkuLineValues<'qty'>;

export interface OutboundFormValues {
  type: number;
  ownerId: number | null;
  warehouseId: number | null;
  platformOrderNo: string;
  receiverName: string;
  receiverPhone: string;
  receiverEmail: string;
  countryCode: string | null;
  province: string | null;
  city: string | null;
  postcode: string;
  address: string;
  /** Cents. */
  codAmount: number | null;
  codCurrency: number | null;
  insured: boolean;
  /** Cents. */
  insuredAmount: number | null;
  insuredCurrency: number | null;
  waybillNo: string;
  remark: string;
  lines: OutboundLineValues[];
}

const label = (t: Translate, key: string) => t(`app.outbound.form.${key}`);

export function outboundFormSchema(t: Translate) {
  const r = documentRules(t, OUTBOUND_NAMES);
  const text = (key: string, max: number) => r.maxText(max, label(t, key));
  const required = (key: string, max: number) => text(key, max).required(r.message('required', { field: label(t, key) }));
  const amount = (key: string) => yup.number().nullable().transform(emptyToUndefined).typeError(r.message('amount', { field: label(t, key) })).min(0, r.message('amount', { field: label(t, key) }));
  /** The currency of `amountField`: required once the amount is above 0 (and, for the insured amount, insured). */
  const currency = (key: string, amountField: string, onlyWhenInsured: boolean) =>
    yup
      .number()
      .nullable()
      .transform(emptyToUndefined)
      .when([amountField, 'insured'], ([amt, insured], s) =>
        Number(amt) > 0 && (!onlyWhenInsured || insured) ? s.required(r.message('currency_required', { field: label(t, key) })) : s,
      );
  const line = yup.object({
    skuId: r.skuId(),
    batchNo: r.maxText(MAX.batchNo, t('app.outbound.line.batch_no')),
    qty: r.qty(),
  });
  return yup.object({
    type: yup.number().required(),
    ownerId: r.ownerId(),
    warehouseId: r.warehouseId(),
    platformOrderNo: text('platform_order_no', MAX.platformOrderNo),
    receiverName: required('receiver_name', MAX.receiverName),
    receiverPhone: required('receiver_phone', MAX.receiverPhone),
    receiverEmail: text('receiver_email', MAX.receiverEmail).email(r.message('email', { field: label(t, 'receiver_email') })),
    countryCode: yup.string().nullable().required(r.message('required', { field: label(t, 'country') })),
    province: text('province', MAX.province),
    city: text('city', MAX.city),
    postcode: text('postcode', MAX.postcode),
    address: required('address', MAX.address),
    codAmount: amount('cod_amount'),
    codCurrency: currency('cod_currency', 'codAmount', false),
    insured: yup.boolean().nullable(),
    insuredAmount: amount('insured_amount'),
    insuredCurrency: currency('insured_currency', 'insuredAmount', true),
    waybillNo: text('waybill_no', MAX.waybillNo),
    remark: text('remark', MAX.remark),
    lines: r.lines(line),
  });
}

const trimmed = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const numberOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

export function toLineBody(line: OutboundLineValues): OutboundLineBody {
  return skuLineBody(line, 'qty');
}

function fieldsBody(v: OutboundFormValues): OutboundFieldsBody {
  const insured = Boolean(v.insured);
  return {
    platformOrderNo: textOrNull(v.platformOrderNo),
    receiverName: trimmed(v.receiverName),
    receiverPhone: trimmed(v.receiverPhone),
    receiverEmail: textOrNull(v.receiverEmail),
    countryCode: trimmed(v.countryCode),
    province: textOrNull(v.province),
    city: textOrNull(v.city),
    postcode: textOrNull(v.postcode),
    address: trimmed(v.address),
    codAmount: numberOrNull(v.codAmount),
    codCurrency: numberOrNull(v.codCurrency),
    insured,
    // an uninsured order carries no insured amount
    insuredAmount: insured ? numberOrNull(v.insuredAmount) : null,
    insuredCurrency: insured ? numberOrNull(v.insuredCurrency) : null,
    waybillNo: textOrNull(v.waybillNo),
    remark: textOrNull(v.remark),
    lines: v.lines.map(toLineBody),
  };
}

export function toAddBody(values: OutboundFormValues): OutboundAddBody {
  return { type: Number(values.type), warehouseId: Number(values.warehouseId), ownerId: Number(values.ownerId), ...fieldsBody(values) };
}

/** Edit: type, warehouse and owner cannot change, so they are not sent. */
export function toEditBody(id: Identifier, values: OutboundFormValues): OutboundEditBody {
  return { id, ...fieldsBody(values) };
}

export function newLine(): OutboundLineValues {
  return newSkuLine('qty');
}

/** The form values of a stored order (edit), or of a new one of `type`. */
export function formValuesOf(type: number, record?: OutboundRecord | null): OutboundFormValues {
  return {
    type: record?.type ?? type,
    ownerId: record?.ownerId ?? null,
    warehouseId: record?.warehouseId ?? null,
    platformOrderNo: record?.platformOrderNo ?? '',
    receiverName: record?.receiverName ?? '',
    receiverPhone: record?.receiverPhone ?? '',
    receiverEmail: record?.receiverEmail ?? '',
    countryCode: record?.countryCode ?? null,
    province: record?.province ?? null,
    city: record?.city ?? null,
    postcode: record?.postcode ?? '',
    address: record?.address ?? '',
    codAmount: record?.codAmount ?? null,
    codCurrency: record?.codCurrency ?? null,
    insured: Boolean(record?.insured),
    insuredAmount: record?.insuredAmount ?? null,
    insuredCurrency: record?.insuredCurrency ?? null,
    waybillNo: record?.waybillNo ?? '',
    remark: record?.remark ?? '',
    lines: (record?.lines ?? []).map((l) => skuLineValues(l, 'qty')),
  };
}
