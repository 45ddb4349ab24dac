/**
 * The printable documents (spec 1 "export and print of documents", 2.3, 4; issue 16), drawn on the server as
 * PDF with pdfkit, barcodes by bwip-js (Code 128), text of any script through ./pdf-text.ts (Noto Sans SC
 * embedded for Chinese):
 *
 * | kind | record | paper | content |
 * |---|---|---|---|
 * | `pickList` | outbound order | A4 | its stock to take: the allocation records (location and batch chosen by allocation; issue 29 step 2) in walk order (location pick sequence, location code, SKU code, batch) with the location code and the batch's expiry date (issue 30), or, before allocation, its lines by SKU code, then batch |
 * | `packingList` | outbound order | A4 | receiver and address, then each package with its contents (or the allocated stock by SKU and batch, else the order's lines, when nothing is packed); a line without a batch shows the batches allocated to its SKU |
 * | `inboundReceipt` | inbound order | A4 | planned and received quantity per line, difference, signature lines |
 * | `outboundPackageLabel`, `inboundPackageLabel` | package | 100 x 150 mm | package number as a barcode, order, waybill, carrier, receiver (outbound), weight, quantity |
 * | `countSheet` | cycle count | A4 | drawn by ./count-sheet.ts with {@link drawSheet}: the lines to count, blind (issue 30) |
 * | `invoice` | invoice | A4 | drawn by ./invoice.ts with {@link drawSheet}: seller, billed owner, the lines and the total (issue 32) |
 *
 * Texts follow the caller's language (labels of the manifest where a field is shown; times in the caller's
 * X-Time-Zone). Every document carries its order or package number as plain text and barcode and in the PDF
 * title, so a scan or a search finds it. Loading checks nothing: the caller (./routes.ts) checked code and scope.
 */
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  inboundOrder, inboundOrderLine, inboundPackage, inboundPackageLine, outboundOrder, outboundOrderLine, outboundPackage, outboundPackageLine, owner, sku, warehouse,
} from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import type { Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { manifestLabel } from '../../http/body';
import { orderPickTasks } from '../outbound/stock';
import type { PrintKind } from './kinds';
import { drawLine, drawWrapped, fitted } from './pdf-text';


type L2 = Record<Lang, string>;
/** Document titles and the few words that are no manifest field. */
const words = {
  pickList: { en: 'Pick list', zh: '拣货单' },
  packingList: { en: 'Packing list', zh: '装箱单' },
  inboundReceipt: { en: 'Inbound receipt', zh: '入库收货单' },
  outboundPackageLabel: { en: 'Package label', zh: '包裹标签' },
  inboundPackageLabel: { en: 'Package label', zh: '包裹标签' },
  no: { en: 'No.', zh: '序号' },
  productName: { en: 'Product', zh: '商品' },
  picked: { en: 'Picked', zh: '已拣' },
  difference: { en: 'Difference', zh: '差异' },
  total: { en: 'Total', zh: '合计' },
  printed: { en: 'Printed', zh: '打印时间' },
  page: { en: 'Page {n} / {m}', zh: '第 {n} / {m} 页' },
  pickedBy: { en: 'Picked by', zh: '拣货人' },
  checkedBy: { en: 'Checked by', zh: '复核人' },
  receivedBy: { en: 'Received by', zh: '收货人' },
  notPacked: { en: 'Not packed yet: the order lines', zh: '尚未打包：出库单明细' },
  contents: { en: 'Contents', zh: '包裹明细' },
  countSheet: { en: 'Count sheet', zh: '盘点表' },
} satisfies Record<string, L2>;

/** The manifest label of `field` on resource `res` in `lang`. */
export function label(lang: Lang, res: keyof typeof bindings, field: string): string {
  const f = manifestLabel(field, bindings[res].meta);
  if (!f) throw new Error(`no manifest field ${res}.${field}`);
  return f[lang];
}

const MM = 72 / 25.4;
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 36;

/** A time in the caller's zone, `YYYY-MM-DD HH:mm`. */
export function wall(at: Date | null | undefined, tzHours: number): string {
  if (!at) return '';
  return new Date(at.getTime() + tzHours * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** A Code 128 PNG of `text` (printable ASCII only; anything else gets no barcode). */
async function code128(text: string, heightMm = 10): Promise<Buffer | undefined> {
  if (!/^[\x20-\x7e]+$/.test(text)) return undefined;
  try {
    return await bwipjs.toBuffer({ bcid: 'code128', text, scale: 2, height: heightMm, includetext: false, backgroundcolor: 'FFFFFF' });
  } catch {
    return undefined;
  }
}
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

interface Column { title: string; width: number; align?: 'left' | 'right' | 'center' }
export interface Sheet {
  kind: PrintKind;
  number: string;
  /** the title when the kind has none in `words` (e.g. the invoice, ./invoice.ts) */
  title?: L2;
  /** false: no barcode of the number (a draft invoice has no number yet) */
  barcode?: boolean;
  /** label/value pairs under the title, two per row; 'wide' ones take a whole row (up to two lines) */
  fields: Array<[string, string] | [string, string, 'wide']>;
  sections: Array<{ heading?: string; columns: Column[]; rows: string[][]; total?: string[] }>;
  signatures: string[];
}

/** An A4 document: title, number barcode, fields, tables (repeating their heads on new pages), footer on every page. */
export async function drawSheet(sheet: Sheet, lang: Lang, tzHours: number): Promise<PDFKit.PDFDocument> {
  const titles = sheet.title ?? (words as Record<string, L2>)[sheet.kind];
  const title = titles[lang];
  const doc = new PDFDocument({ size: A4, margin: MARGIN, bufferPages: true, info: { Title: `${titles.en} ${sheet.number}`, Subject: sheet.number, Creator: 'WMS' } });
  const [W, H] = A4;
  const inner = W - 2 * MARGIN;
  const barcode = sheet.barcode === false ? undefined : await code128(sheet.number);
  let y = MARGIN;
  drawLine(doc, title, MARGIN, y, { size: 18, bold: true });
  if (barcode) {
    const px = pngSize(barcode);
    const bw = Math.min(px.width / 2, 220);
    doc.image(barcode, W - MARGIN - bw, y, { width: bw, height: 28 });
    drawLine(doc, sheet.number, W - MARGIN - bw, y + 30, { size: 9, width: bw, align: 'center' });
  }
  y += 26;
  drawLine(doc, sheet.number, MARGIN, y, { size: 12, bold: true });
  y += 26;
  const half = inner / 2;
  let column = 0;
  for (const [name, value, wide] of sheet.fields) {
    if (wide && column === 1) { y += 14; column = 0; }
    if (wide) {
      y += drawWrapped(doc, `${name}: ${value}`, MARGIN, y, inner, { size: 9.5, maxLines: 2 }) + 2;
      continue;
    }
    drawLine(doc, `${name}: ${value}`, MARGIN + column * half, y, { size: 9.5, width: half - 8 });
    column = 1 - column;
    if (column === 0) y += 14;
  }
  if (column === 1) y += 14;
  y += 8;
  const bottom = H - MARGIN - 24;
  const rowH = 16;
  const head = (columns: Column[]) => {
    doc.rect(MARGIN, y, inner, rowH).fill('#e8e8e8').fillColor('black');
    let x = MARGIN;
    for (const c of columns) {
      drawLine(doc, c.title, x + 3, y + 4, { size: 9, bold: true, width: c.width - 6, align: c.align });
      x += c.width;
    }
    y += rowH;
  };
  const row = (columns: Column[], cells: string[], bold = false) => {
    let x = MARGIN;
    for (const [k, c] of columns.entries()) {
      drawLine(doc, cells[k] ?? '', x + 3, y + 4, { size: 9, bold, width: c.width - 6, align: c.align });
      x += c.width;
    }
    doc.moveTo(MARGIN, y + rowH).lineTo(MARGIN + inner, y + rowH).lineWidth(0.5).strokeColor('#999999').stroke();
    y += rowH;
  };
  for (const section of sheet.sections) {
    if (y + rowH * 3 > bottom) { doc.addPage(); y = MARGIN; }
    if (section.heading) {
      drawLine(doc, section.heading, MARGIN, y + 4, { size: 10.5, bold: true, width: inner });
      y += 20;
    }
    head(section.columns);
    for (const cells of section.rows) {
      if (y + rowH > bottom) { doc.addPage(); y = MARGIN; head(section.columns); }
      row(section.columns, cells);
    }
    if (section.total) row(section.columns, section.total, true);
    y += 12;
  }
  if (sheet.signatures.length) {
    if (y + 40 > bottom) { doc.addPage(); y = MARGIN; }
    y += 20;
    const w = inner / sheet.signatures.length;
    for (const [i, s] of sheet.signatures.entries()) drawLine(doc, `${s}: ______________________`, MARGIN + i * w, y, { size: 10, width: w - 10 });
  }
  const printed = `${words.printed[lang]}: ${wall(new Date(), tzHours)}`;
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const pageText = words.page[lang].replace('{n}', String(p + 1)).replace('{m}', String(range.count));
    // the footer sits inside the bottom margin: pdfkit would add a page for text there, drawLine never wraps
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    drawLine(doc, `${title} ${sheet.number}`, MARGIN, H - MARGIN - 10, { size: 8, width: inner / 3 });
    drawLine(doc, printed, MARGIN + inner / 3, H - MARGIN - 10, { size: 8, width: inner / 3, align: 'center' });
    drawLine(doc, pageText, MARGIN + (2 * inner) / 3, H - MARGIN - 10, { size: 8, width: inner / 3, align: 'right' });
    doc.page.margins = margins;
  }
  return doc;
}

/** Column widths in points from fractions of the A4 text width. */
export const cols = (spec: Array<[string, number, Column['align']?]>): Column[] => spec.map(([title, f, align]) => ({ title, width: f * (A4[0] - 2 * MARGIN), align }));

export async function names(db: Db, warehouseId: number | null, ownerId: number | null) {
  const [w] = await db.select({ name: warehouse.name }).from(warehouse).where(eq(warehouse.id, warehouseId ?? 0));
  const [o] = await db.select({ name: owner.name }).from(owner).where(eq(owner.id, ownerId ?? 0));
  return { warehouse: w?.name ?? '', owner: o?.name ?? '' };
}

/**
 * The stock allocated to outbound order `id`, one row per allocation record (SKU code and name, batch, location
 * code, units), in walk order: location pick sequence, location code, SKU, batch (outbound/stock.ts).
 */
async function allocatedRows(db: Db, id: number) {
  return (await orderPickTasks(db, id)).map((t) => ({ sku: t.sku, name: t.skuName, batchNo: t.batchNo, expiryDate: t.expiryDate, location: t.locationCode ?? '', qty: t.qty }));
}

/** Rows summed per SKU and batch, sorted by SKU, then batch (the packing list shows no locations). */
function bySkuAndBatch(rows: Array<{ sku: string; name: string; batchNo: string; qty: number }>) {
  const out = new Map<string, { sku: string; name: string; batchNo: string; qty: number }>();
  for (const r of rows) {
    const k = `${r.sku}\u0000${r.batchNo}`;
    const o = out.get(k);
    if (o) o.qty += r.qty;
    else out.set(k, { sku: r.sku, name: r.name, batchNo: r.batchNo, qty: r.qty });
  }
  return [...out.values()].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : a.batchNo < b.batchNo ? -1 : a.batchNo > b.batchNo ? 1 : 0));
}

/** The pick list of outbound order `id` (module table). */
async function pickList(db: Db, id: number, lang: Lang, tz: number) {
  const [o] = await db.select().from(outboundOrder).where(eq(outboundOrder.id, id));
  const allocated = await allocatedRows(db, id);
  const lines = allocated.length ? allocated : (await db.select({ sku: sku.sku, name: sku.name, batchNo: outboundOrderLine.batchNo, qty: outboundOrderLine.qty })
    .from(outboundOrderLine).innerJoin(sku, eq(sku.id, outboundOrderLine.skuId))
    .where(eq(outboundOrderLine.orderId, id)).orderBy(asc(sku.sku), asc(outboundOrderLine.batchNo), asc(outboundOrderLine.id))).map((l) => ({ ...l, expiryDate: null as string | null, location: '' }));
  const n = await names(db, o.warehouseId, o.ownerId);
  const L = (f: string) => label(lang, 'outboundOrder', f);
  const LL = (f: string) => label(lang, 'outboundOrderLine', f);
  const total = lines.reduce((s, l) => s + l.qty, 0);
  return drawSheet({
    kind: 'pickList', number: o.orderNo ?? '',
    fields: [[L('warehouseId'), n.warehouse], [L('ownerId'), n.owner], [L('platformOrderNo'), o.platformOrderNo ?? ''], [L('addDate'), wall(o.addDate, tz)], [L('remark'), o.remark ?? '', 'wide']],
    sections: [{
      columns: cols([[words.no[lang], 0.05, 'right'], [label(lang, 'outboundAllocation', 'locationId'), 0.13], [LL('skuId'), 0.15], [words.productName[lang], 0.27], [LL('batchNo'), 0.1], [label(lang, 'batch', 'expiryDate'), 0.11], [LL('qty'), 0.09, 'right'], [words.picked[lang], 0.1, 'center']]),
      rows: lines.map((l, i) => [String(i + 1), l.location, l.sku, l.name, l.batchNo, l.expiryDate ?? '', String(l.qty), '[   ]']),
      total: ['', '', words.total[lang], '', '', '', String(total), ''],
    }],
    signatures: [words.pickedBy[lang], words.checkedBy[lang]],
  }, lang, tz);
}

/** The packing list of outbound order `id`. */
async function packingList(db: Db, id: number, lang: Lang, tz: number) {
  const [o] = await db.select().from(outboundOrder).where(eq(outboundOrder.id, id));
  const packages = await db.select().from(outboundPackage).where(eq(outboundPackage.orderId, id)).orderBy(asc(outboundPackage.packageNo), asc(outboundPackage.id));
  const contents = packages.length
    ? await db.select({ packageId: outboundPackageLine.packageId, sku: sku.sku, name: sku.name, batchNo: outboundPackageLine.batchNo, qty: outboundPackageLine.qty })
      .from(outboundPackageLine).innerJoin(sku, eq(sku.id, outboundPackageLine.skuId))
      .where(inArray(outboundPackageLine.packageId, packages.map((p) => p.id))).orderBy(asc(sku.sku), asc(outboundPackageLine.batchNo))
    : [];
  // a line that names no batch shows the batches allocation took for its SKU (issue 27: the batch was blank)
  const allocated = await allocatedRows(db, id);
  const batchesOf = (code: string) => [...new Set(allocated.filter((a) => a.sku === code && a.batchNo).map((a) => a.batchNo))].join(', ');
  for (const c of contents) if (!c.batchNo) c.batchNo = batchesOf(c.sku);
  const orderLines = packages.length ? [] : allocated.length ? bySkuAndBatch(allocated) : await db.select({ sku: sku.sku, name: sku.name, batchNo: outboundOrderLine.batchNo, qty: outboundOrderLine.qty })
    .from(outboundOrderLine).innerJoin(sku, eq(sku.id, outboundOrderLine.skuId)).where(eq(outboundOrderLine.orderId, id)).orderBy(asc(sku.sku), asc(outboundOrderLine.batchNo));
  const n = await names(db, o.warehouseId, o.ownerId);
  const L = (f: string) => label(lang, 'outboundOrder', f);
  const P = (f: string) => label(lang, 'outboundPackage', f);
  const LL = (f: string) => label(lang, 'outboundOrderLine', f);
  const columns = cols([[words.no[lang], 0.07, 'right'], [LL('skuId'), 0.22], [words.productName[lang], 0.44], [LL('batchNo'), 0.15], [LL('qty'), 0.12, 'right']]);
  const table = (ls: Array<{ sku: string; name: string; batchNo: string; qty: number }>) => ls.map((l, i) => [String(i + 1), l.sku, l.name, l.batchNo, String(l.qty)]);
  const sum = (ls: Array<{ qty: number }>) => ['', words.total[lang], '', '', String(ls.reduce((s, l) => s + l.qty, 0))];
  const sections = packages.length
    ? packages.map((p) => {
      const ls = contents.filter((c) => c.packageId === p.id);
      // the weight before the waybill and carrier: a long heading is cut at the page's edge (issue 27: the
      // weight went missing once a waybill and carrier were set)
      const facts = [p.weight !== null && p.weight !== undefined && `${P('weight')}: ${p.weight}`, p.waybillNo && `${P('waybillNo')}: ${p.waybillNo}`, p.carrier && `${P('carrier')}: ${p.carrier}`].filter(Boolean).join(' · ');
      return { heading: `${P('packageNo')}: ${p.packageNo}${facts ? ` · ${facts}` : ''}`, columns, rows: table(ls), total: sum(ls) };
    })
    : [{ heading: words.notPacked[lang], columns, rows: table(orderLines), total: sum(orderLines) }];
  const address = [o.address, o.city, o.province, o.postcode, o.countryCode].filter(Boolean).join(', ');
  return drawSheet({
    kind: 'packingList', number: o.orderNo ?? '',
    fields: [[L('warehouseId'), n.warehouse], [L('ownerId'), n.owner], [L('receiverName'), o.receiverName], [L('receiverPhone'), o.receiverPhone], [L('address'), address, 'wide'], [L('platformOrderNo'), o.platformOrderNo ?? ''], [L('waybillNo'), o.waybillNo ?? ''], [L('shippedTime'), wall(o.shippedTime, tz)]],
    sections, signatures: [words.checkedBy[lang]],
  }, lang, tz);
}

/** The receipt of inbound order `id`. */
async function inboundReceipt(db: Db, id: number, lang: Lang, tz: number) {
  const [o] = await db.select().from(inboundOrder).where(eq(inboundOrder.id, id));
  const lines = await db.select({ sku: sku.sku, name: sku.name, batchNo: inboundOrderLine.batchNo, planned: inboundOrderLine.plannedQty, received: inboundOrderLine.receivedQty })
    .from(inboundOrderLine).innerJoin(sku, eq(sku.id, inboundOrderLine.skuId)).where(eq(inboundOrderLine.orderId, id)).orderBy(asc(sku.sku), asc(inboundOrderLine.batchNo), asc(inboundOrderLine.id));
  const n = await names(db, o.warehouseId, o.ownerId);
  const L = (f: string) => label(lang, 'inboundOrder', f);
  const LL = (f: string) => label(lang, 'inboundOrderLine', f);
  const planned = lines.reduce((s, l) => s + l.planned, 0);
  const received = lines.reduce((s, l) => s + l.received, 0);
  const signed = (d: number) => (d > 0 ? `+${d}` : String(d));
  return drawSheet({
    kind: 'inboundReceipt', number: o.orderNo ?? '',
    fields: [[L('warehouseId'), n.warehouse], [L('ownerId'), n.owner], [L('storeOrderNo'), o.storeOrderNo ?? ''], [L('waybillNo'), o.waybillNo ?? ''], [L('plannedArrivalTime'), wall(o.plannedArrivalTime, tz)], [L('completionTime'), wall(o.completionTime, tz)], [L('remark'), o.remark ?? '']],
    sections: [{
      columns: cols([[words.no[lang], 0.07, 'right'], [LL('skuId'), 0.18], [words.productName[lang], 0.3], [LL('batchNo'), 0.13], [LL('plannedQty'), 0.11, 'right'], [LL('receivedQty'), 0.11, 'right'], [words.difference[lang], 0.1, 'right']]),
      rows: lines.map((l, i) => [String(i + 1), l.sku, l.name, l.batchNo, String(l.planned), String(l.received), signed(l.received - l.planned)]),
      total: ['', words.total[lang], '', '', String(planned), String(received), signed(received - planned)],
    }],
    signatures: [words.receivedBy[lang], words.checkedBy[lang]],
  }, lang, tz);
}

/** A 100 x 150 mm label of an outbound or inbound package. */
async function packageLabel(db: Db, kind: 'outboundPackageLabel' | 'inboundPackageLabel', id: number, lang: Lang) {
  const outbound = kind === 'outboundPackageLabel';
  const res = outbound ? 'outboundPackage' : 'inboundPackage';
  const P = (f: string) => label(lang, res, f);
  let p: { packageNo: string | null; waybillNo: string | null; weight: string | number | null; carrier?: string | null; orderId: number; warehouseId: number | null; ownerId: number | null };
  let orderNo: string;
  let receiver: string[] = [];
  let qty: number;
  if (outbound) {
    const [row] = await db.select().from(outboundPackage).where(eq(outboundPackage.id, id));
    p = row;
    const [o] = await db.select().from(outboundOrder).where(eq(outboundOrder.id, row.orderId));
    orderNo = o.orderNo ?? '';
    const OL = (f: string) => label(lang, 'outboundOrder', f);
    receiver = [`${OL('receiverName')}: ${o.receiverName}  ${o.receiverPhone}`, [o.address, o.city, o.province, o.postcode, o.countryCode].filter(Boolean).join(', ')];
    qty = (await db.select({ qty: outboundPackageLine.qty }).from(outboundPackageLine).where(eq(outboundPackageLine.packageId, id))).reduce((s, l) => s + l.qty, 0);
  } else {
    const [row] = await db.select().from(inboundPackage).where(eq(inboundPackage.id, id));
    p = row;
    const [o] = await db.select({ orderNo: inboundOrder.orderNo }).from(inboundOrder).where(eq(inboundOrder.id, row.orderId));
    orderNo = o.orderNo ?? '';
    qty = (await db.select({ qty: inboundPackageLine.qty }).from(inboundPackageLine).where(eq(inboundPackageLine.packageId, id))).reduce((s, l) => s + l.qty, 0);
  }
  const n = await names(db, p.warehouseId, p.ownerId);
  const packageNo = p.packageNo ?? '';
  const W = 100 * MM;
  const H = 150 * MM;
  const m = 5 * MM;
  const inner = W - 2 * m;
  const doc = new PDFDocument({ size: [W, H], margin: 0, info: { Title: `${words[kind].en} ${packageNo}`, Subject: packageNo, Creator: 'WMS' } });
  let y = m;
  const barcode = await code128(packageNo, 18);
  if (barcode) {
    const px = pngSize(barcode);
    const bw = Math.min(px.width / 2, inner);
    doc.image(barcode, (W - bw) / 2, y, { width: bw, height: 18 * MM });
    y += 18 * MM + 3;
  }
  y += drawLine(doc, packageNo, m, y, { size: 14, bold: true, width: inner, align: 'center' }) + 6;
  const orderLabel = label(lang, res, 'orderId');
  const facts: Array<[string, string]> = [[orderLabel, orderNo], [P('waybillNo'), p.waybillNo ?? ''], ...(outbound ? [[P('carrier'), p.carrier ?? ''] as [string, string]] : []), [P('warehouseId'), n.warehouse], [P('ownerId'), n.owner], [P('weight'), p.weight === null ? '' : String(p.weight)], [words.contents[lang], String(qty)]];
  for (const [k, v] of facts) y += drawLine(doc, `${k}: ${v}`, m, y, { size: 11, width: inner }) + 2;
  if (receiver.length) {
    y += 6;
    doc.moveTo(m, y).lineTo(W - m, y).lineWidth(1).strokeColor('black').stroke();
    y += 6;
    y += drawLine(doc, fitted(doc, receiver[0], 12, inner, true), m, y, { size: 12, bold: true, width: inner }) + 2;
    y += drawWrapped(doc, receiver[1], m, y, inner, { size: 11, maxLines: 4 });
  }
  const waybill = p.waybillNo ? await code128(p.waybillNo, 12) : undefined;
  if (waybill) {
    const px = pngSize(waybill);
    const bw = Math.min(px.width / 2, inner);
    const by = H - m - 12 * MM - 14;
    if (by > y + 4) {
      doc.image(waybill, (W - bw) / 2, by, { width: bw, height: 12 * MM });
      drawLine(doc, p.waybillNo!, m, by + 12 * MM + 2, { size: 9, width: inner, align: 'center' });
    }
  }
  return doc;
}

/**
 * The PDF of document `kind` for record `id` (an outbound order, inbound order or package that exists: the
 * caller checked it), as a pdfkit document not yet ended (the caller pipes it and calls `end()`).
 */
export async function renderDocument(db: Db, kind: Exclude<PrintKind, 'countSheet' | 'invoice'>, id: number, lang: Lang, tzHours: number): Promise<PDFKit.PDFDocument> {
  switch (kind) {
    case 'pickList': return pickList(db, id, lang, tzHours);
    case 'packingList': return packingList(db, id, lang, tzHours);
    case 'inboundReceipt': return inboundReceipt(db, id, lang, tzHours);
    case 'outboundPackageLabel':
    case 'inboundPackageLabel': return packageLabel(db, kind, id, lang);
  }
}
