/**
 * Inbound order import (issue 5; spec 3 "Inbound order", 8): `POST /sapi/wms/inbound-order/excel/import
 * { type, filePath, fileUrl }` (type 1 normal, 2 customer return, 3 rejected delivery; permission: the
 * manifest's inboundOrder add code), template `/static/templates/inbound-order-import.xlsx`. The machinery
 * (grouping, duplicates, one transaction per order through the generic add) is order-import.ts.
 *
 * Columns (header in English or Chinese; * = required in the header): Store order number* (the key: one
 * order per store order number, adjacent rows), Warehouse* and Goods owner* (name or code), Source outbound
 * number (required by add for a customer return), Waybill number, Return waybill number, Planned arrival
 * (an Excel date or `yyyy-mm-dd hh:mm`, caller's time zone), Remark, SKU*, Batch number, Planned quantity*.
 * A live (not cancelled) inbound order of the same owner with the same store order number is a duplicate.
 */
import { InboundOrderStatus, InboundOrderType } from '../../../../generated/shared/enums';
import { defineOrderImport, orderColumns, sheetDateTime, type OrderImportDefinition } from './order-import';
import type { ImportColumn } from './sheet';

const c = orderColumns;

export const inboundOrderColumns: ImportColumn[] = [
  { key: 'storeOrderNo', en: 'Store order number', zh: '店铺订单号', aliases: ['Store order No', 'Store order', '店铺单号'], required: true },
  c.warehouse,
  c.owner,
  { key: 'sourceOutboundNo', en: 'Source outbound number', zh: '原出库单号', aliases: ['Source outbound No', '原出库单'] },
  c.waybillNo,
  { key: 'returnWaybillNo', en: 'Return waybill number', zh: '退货运单号', aliases: ['Return waybill', 'Return waybill No'] },
  { key: 'plannedArrivalTime', en: 'Planned arrival', zh: '预计到货时间', aliases: ['Planned arrival time', 'Planned arrival date', '预计到货'] },
  c.remark,
  c.sku,
  c.batchNo,
  { key: 'plannedQty', en: 'Planned quantity', zh: '计划数量', aliases: ['Planned qty', 'Quantity', 'Qty', '数量'], required: true },
];

export const inboundOrderImport: OrderImportDefinition = defineOrderImport({
  kind: 'inboundOrder',
  sheetName: 'Inbound orders',
  columns: inboundOrderColumns,
  // a transfer's receipt is made by its transfer only (docs/transfers.md)
  types: Object.values(InboundOrderType).filter((t) => t !== InboundOrderType.TRANSFER),
  cancelledStatus: InboundOrderStatus.CANCELLED,
  keyField: 'storeOrderNo',
  notes: [
    'The order type (normal, customer return, rejected delivery) is chosen in the import dialog; a customer return needs the source outbound number. / 订单类型（普通、退货、拒收）在导入窗口选择；退货入库需填写原出库单号。',
    'Planned arrival: yyyy-mm-dd hh:mm in your time zone. / 预计到货时间：yyyy-mm-dd hh:mm（本地时区）。',
  ],
  async example() {
    return {
      storeOrderNo: 'SO-10001', warehouse: 'Riyadh DC', owner: 'Desert Rose Trading', sourceOutboundNo: '', waybillNo: 'SMSA-778812',
      returnWaybillNo: '', plannedArrivalTime: '2026-01-15 10:00', remark: 'Pallets', sku: 'TS-001-BLK-M', batchNo: 'B2026-01', plannedQty: 24,
    };
  },
  orderFields(row, tzHours) {
    return {
      sourceOutboundNo: row.text('sourceOutboundNo'),
      waybillNo: row.text('waybillNo'),
      returnWaybillNo: row.text('returnWaybillNo'),
      plannedArrivalTime: sheetDateTime(row, 'plannedArrivalTime', tzHours),
      remark: row.text('remark'),
    };
  },
  /** Only read here: quantity and batch rules are the add's (integer 1..QTY_MAX, batch length). */
  lineFields(row) {
    return { batchNo: row.text('batchNo'), plannedQty: row.number('plannedQty') };
  },
});
