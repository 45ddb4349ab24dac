/**
 * Outbound order import (issue 5; spec 3, 8, 9 currencies): `POST /sapi/wms/outbound-order/excel/import
 * { type, filePath, fileUrl }` (type 1 normal, 2 noon marketplace; permission: the manifest's outboundOrder
 * add code), template `/static/templates/outbound-order-import.xlsx`. The machinery (grouping, duplicates,
 * one transaction per order through the generic add, which holds the noon platform-SKU rule and "a
 * currency with an amount") is order-import.ts.
 *
 * Columns (* = required in the header): Platform order number* (the key), Warehouse*, Goods owner* (name or
 * code), Receiver*, Receiver phone*, Receiver email, Country* (code, e.g. SA), Province, City, Postcode,
 * Address*, Cash on delivery (currency units, at most 2 decimals: stored in cents), COD currency (SAR, AED,
 * USD, RMB or their names), Insured (Y/N), Insured amount (units -> cents), Insured currency, Waybill
 * number, Remark, SKU*, Batch number, Quantity*. A live (not cancelled) outbound order of the same owner with
 * the same platform order number is a duplicate.
 */
import { generatedMessages } from '../../../../generated/client/i18n';
import { enumValues, OutboundOrderStatus, OutboundOrderType } from '../../../../generated/shared/enums';
import { defineOrderImport, orderColumns, sheetCents, sheetEnum, sheetYesNo, type OrderImportDefinition } from './order-import';
import type { ImportColumn } from './sheet';

const c = orderColumns;

export const outboundOrderColumns: ImportColumn[] = [
  { key: 'platformOrderNo', en: 'Platform order number', zh: '平台订单号', aliases: ['Platform order No', 'Platform order', 'Order number', '订单号'], required: true },
  c.warehouse,
  c.owner,
  { key: 'receiverName', en: 'Receiver', zh: '收件人', aliases: ['Receiver name', 'Consignee', '收件人姓名'], required: true },
  { key: 'receiverPhone', en: 'Receiver phone', zh: '收件人电话', aliases: ['Phone', 'Telephone', '电话'], required: true },
  { key: 'receiverEmail', en: 'Receiver email', zh: '收件人邮箱', aliases: ['Email', 'E-mail', '邮箱'] },
  { key: 'countryCode', en: 'Country', zh: '国家', aliases: ['Country code', '国家代码', '国家编码'], required: true },
  { key: 'province', en: 'Province', zh: '省/州', aliases: ['State', 'Province/State', '省', '省份'] },
  { key: 'city', en: 'City', zh: '城市' },
  { key: 'postcode', en: 'Postcode', zh: '邮编', aliases: ['Postal code', 'Zip', 'Zip code'] },
  { key: 'address', en: 'Address', zh: '地址', aliases: ['Street address', '详细地址'], required: true },
  { key: 'codAmount', en: 'Cash on delivery', zh: '代收货款', aliases: ['COD', 'COD amount', '代收金额'] },
  { key: 'codCurrency', en: 'COD currency', zh: '代收币种' },
  { key: 'insured', en: 'Insured (Y/N)', zh: '是否保价(Y/N)', aliases: ['Insured', '保价', '是否保价'] },
  { key: 'insuredAmount', en: 'Insured amount', zh: '保价金额' },
  { key: 'insuredCurrency', en: 'Insured currency', zh: '保价币种' },
  c.waybillNo,
  c.remark,
  c.sku,
  c.batchNo,
  { key: 'qty', en: 'Quantity', zh: '数量', aliases: ['Qty', 'Planned quantity'], required: true },
];

/** Currencies by key with their labels in both languages (spec 9: SAR, AED, USD, RMB). */
const currencies = enumValues.Currency.map((e) => ({
  ...e,
  labels: [generatedMessages.en.enums.Currency, generatedMessages.zh.enums.Currency].map((m) => (m as Record<string, string>)[e.key]).filter(Boolean),
}));
const currencyKeys = currencies.map((e) => e.key).join(', ');

export const outboundOrderImport: OrderImportDefinition = defineOrderImport({
  kind: 'outboundOrder',
  sheetName: 'Outbound orders',
  columns: outboundOrderColumns,
  // a transfer's shipping order is made by its transfer only (docs/transfers.md)
  types: Object.values(OutboundOrderType).filter((t) => t !== OutboundOrderType.TRANSFER),
  cancelledStatus: OutboundOrderStatus.CANCELLED,
  keyField: 'platformOrderNo',
  notes: [
    'Country: a code such as SA or AE. / 国家：填写代码，如 SA、AE。',
    `Amounts in currency units (at most 2 decimals), each with its currency: ${currencyKeys}. / 金额按货币单位填写（最多两位小数），并填写币种：${currencyKeys}。`,
    'Insured: Y or N. / 是否保价：Y 或 N。',
    'The order type (normal, noon) is chosen in the import dialog; a noon order needs a noon platform SKU for every SKU. / 订单类型（普通、noon）在导入窗口选择；noon 订单的每个 SKU 须已配置 noon 平台SKU。',
    'Delivery status or tracking cannot be imported. / 不支持通过导入进行轨迹跟踪。',
  ],
  async example() {
    return {
      platformOrderNo: 'NOON-100245', warehouse: 'Riyadh DC', owner: 'Desert Rose Trading', receiverName: 'Sara Ali', receiverPhone: '+966 555 123 456',
      receiverEmail: 'sara@example.com', countryCode: 'SA', province: 'Riyadh Province', city: 'Riyadh', postcode: '12211', address: 'King Fahd Rd 1',
      codAmount: 125.5, codCurrency: 'SAR', insured: 'N', insuredAmount: '', insuredCurrency: '', waybillNo: '', remark: '', sku: 'TS-001-BLK-M', batchNo: '', qty: 2,
    };
  },
  orderFields(row) {
    return {
      receiverName: row.text('receiverName'),
      receiverPhone: row.text('receiverPhone'),
      receiverEmail: row.text('receiverEmail'),
      countryCode: row.text('countryCode')?.toUpperCase(),
      province: row.text('province'),
      city: row.text('city'),
      postcode: row.text('postcode'),
      address: row.text('address'),
      codAmount: sheetCents(row, 'codAmount'),
      codCurrency: sheetEnum(row, 'codCurrency', currencies),
      insured: sheetYesNo(row, 'insured'),
      insuredAmount: sheetCents(row, 'insuredAmount'),
      insuredCurrency: sheetEnum(row, 'insuredCurrency', currencies),
      waybillNo: row.text('waybillNo'),
      remark: row.text('remark'),
    };
  },
  /** Only read here: quantity and batch rules are the add's (integer 1..QTY_MAX, batch length). */
  lineFields(row) {
    return { batchNo: row.text('batchNo'), qty: row.number('qty') };
  },
});
