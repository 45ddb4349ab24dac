/**
 * Packages of inbound and outbound orders (spec 1 "with packs", 2.3 /inbound/pack/list, /outbound/pack/list,
 * 8; issue 5). One set of rules serves both kinds ({@link PackageKind}):
 *
 * - A package `{orderId, packageNo?, waybillNo?, (outbound:) carrier?, weight (kg), length/width/height
 *   (cm), remark, lines: [{skuId, batchNo?, qty}]}` is written through the generic
 *   /sapi/wms/<inbound|outbound>-package/add|edit|remove with {@link packageHooks}: the order must be in scope
 *   (404) and in one of the kind's open states (409); every content line names a SKU + batch of an order line
 *   (400 `lines.<i>.skuId`); all packages of the order together hold at most the line's quantity (409
 *   `lines.<i>.qty` naming ordered / already packed / this package). Warehouse, owner and company come from
 *   the order; the number is `<prefix><yyyyMMdd><id>` unless given (unique: 409 naming packageNo).
 * - Editing an order's lines: {@link checkPackedLines} refuses to delete a line that a package holds (spec 8
 *   "package already exists so the line cannot be deleted") or to cut it below the packed quantity.
 * - Scanning (receiving and shipping screens): {@link scanOrder} finds the order by a package number or a
 *   package's waybill number, else by the order's own numbers (spec 8 messages).
 */
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as yup from 'yup';
import { inboundOrder, inboundOrderLine, inboundPackage, inboundPackageLine, outboundOrder, outboundOrderLine, outboundPackage, outboundPackageLine, sku } from '../../../generated/db/schema';
import { bindings, type Binding } from '../../../generated/server/routes';
import { PACKAGE_OPEN_STATES } from '../../shared/documents';
import { Code } from '../../shared/envelope';
import type { ResourceSpec } from '../../shared/resource-meta';
import { requestLabels, rules, type FormMode, type Lang } from '../../shared/validation';
import { findInScope, manifestLabel, meta, type CrudCall, type ResourceHooks } from '../crud/handlers';
import type { Db } from '../db/connect';
import { BizError, fieldError, fillText, stockItem } from '../http/errors';
import { scopeConditions } from '../http/guard';
import { documentNo, linesField, PendingLines, QTY_MAX, requireState } from './documents';

type Row = Record<string, unknown>;
type Cols = Record<string, PgColumn>;
interface ContentLine { skuId: number; batchNo: string; qty: number }

const L = (en: string, zh: string) => ({ en, zh });
const fill = fillText;
export const packageTexts = {
  notLine: L('{item} is not a line of order {order}', '{item}不是单据 {order} 的明细'),
  twice: L('the same SKU and batch are listed twice', '同一SKU和批次重复'),
  overPacked: L(
    '{item}: order {order} has {ordered}, packages already hold {packed}, this package {qty}',
    '{item}：单据 {order} 数量 {ordered}，其他包裹已装 {packed}，本包裹 {qty}',
  ),
  lineInPackage: L(
    'Package already exists so the line cannot be deleted: {item} is in package {packages}',
    '已存在包裹，不能删除该明细：{item}在包裹 {packages} 中',
  ),
  belowPacked: L(
    'Package already exists: {item} has {packed} in package {packages}; the line cannot be less',
    '已存在包裹：{item}已装 {packed} 件（包裹 {packages}），明细数量不能更少',
  ),
  noPackage: L('Package does not exist: {code}', '包裹不存在：{code}'),
  manyPackages: L('Multiple packages found for {code}: {numbers}', '找到多个包裹（{code}）：{numbers}'),
};

/** What differs between inbound and outbound packages. */
export interface PackageKind {
  order: Binding;
  orderTable: PgTable;
  orderLine: PgTable;
  /** The order line's quantity column name: plannedQty (inbound) or qty (outbound). */
  lineQty: string;
  pkg: Binding;
  pkgTable: PgTable;
  pkgLine: PgTable;
  /** The package line resource (its manifest labels name the fields of `lines`). */
  pkgLineBinding: Binding;
  /** Order states in which packages may be added, changed or removed. */
  openStates: number[];
  prefix: string;
}

export const inboundPackages: PackageKind = {
  order: bindings.inboundOrder, orderTable: inboundOrder, orderLine: inboundOrderLine, lineQty: 'plannedQty',
  pkg: bindings.inboundPackage, pkgTable: inboundPackage, pkgLine: inboundPackageLine, pkgLineBinding: bindings.inboundPackageLine,
  openStates: [...PACKAGE_OPEN_STATES.inbound], prefix: 'PI',
};

export const outboundPackages: PackageKind = {
  order: bindings.outboundOrder, orderTable: outboundOrder, orderLine: outboundOrderLine, lineQty: 'qty',
  pkg: bindings.outboundPackage, pkgTable: outboundPackage, pkgLine: outboundPackageLine, pkgLineBinding: bindings.outboundPackageLine,
  openStates: [...PACKAGE_OPEN_STATES.outbound], prefix: 'PO',
};

const cols = (t: PgTable) => t as unknown as Cols;
const keyOf = (l: { skuId: unknown; batchNo: unknown }) => `${l.skuId}/${l.batchNo ?? ''}`;

/** The `lines` of a package (required on add; on edit absent = keep them); labels from the kind's package line resource. */
function contentLines(lang: Lang, lineSpec: ResourceSpec, mode: FormMode) {
  const r = rules(lang, 'add');
  const label = (f: string) => manifestLabel(f, lineSpec)!;
  return linesField(lang, yup.object({
    skuId: r.ref(label('skuId'), { required: true }),
    batchNo: r.string(label('batchNo'), { maxLength: 50 }),
    qty: r.number(label('qty'), { required: true, integer: true, min: 1, max: QTY_MAX }),
  }), requestLabels.packageLines, mode === 'add');
}

/** Packed quantity per SKU + batch of an order's packages (all, or all but `exceptPackageId`), with package numbers. */
async function packedOf(db: Db, kind: PackageKind, orderId: number, exceptPackageId?: number) {
  const pl = cols(kind.pkgLine);
  const p = cols(kind.pkgTable);
  const rows = await db.select({ skuId: pl.skuId, batchNo: pl.batchNo, qty: sql<number>`sum(${pl.qty})::int`, packages: sql<string>`string_agg(distinct ${p.packageNo}, ', ')` })
    .from(kind.pkgLine).innerJoin(kind.pkgTable, eq(p.id, pl.packageId))
    .where(and(eq(pl.orderId, orderId), exceptPackageId ? ne(pl.packageId, exceptPackageId) : undefined))
    .groupBy(pl.skuId, pl.batchNo);
  return new Map(rows.map((r) => [keyOf(r), { qty: Number(r.qty), packages: r.packages }]));
}

const skuCodes = async (db: Db, ids: number[]) =>
  new Map((ids.length ? await db.select({ id: sku.id, sku: sku.sku }).from(sku).where(inArray(sku.id, ids)) : []).map((s) => [s.id, s.sku]));

/**
 * Lines of an order about to replace its lines (an edit; each with the kind's quantity field, plannedQty or
 * qty): 409 when a packaged SKU + batch disappears or falls below what its packages hold (spec 8).
 */
export async function checkPackedLines(db: Db, kind: PackageKind, orderId: number, lines: Array<{ skuId: number; batchNo: string }>, lang: Lang): Promise<void> {
  const packed = await packedOf(db, kind, orderId);
  if (!packed.size) return;
  const next = new Map(lines.map((l) => [keyOf(l), Number((l as Row)[kind.lineQty])]));
  for (const [key, p] of packed) {
    const q = next.get(key);
    if (q !== undefined && q >= p.qty) continue;
    const [skuId, batch] = key.split('/');
    const code = (await skuCodes(db, [Number(skuId)])).get(Number(skuId)) ?? skuId;
    const t = q === undefined ? packageTexts.lineInPackage : packageTexts.belowPacked;
    throw fieldError(lang, { label: requestLabels.lines, field: 'lines' }, t[lang], { item: stockItem(lang, code, batch), packages: p.packages, packed: p.qty }, Code.CONFLICT);
  }
}

/** Deletes the packages of an order being removed (they describe only that order). */
export async function removeOrderPackages(db: Db, kind: PackageKind, orderId: number): Promise<void> {
  await db.delete(kind.pkgLine).where(eq(cols(kind.pkgLine).orderId, orderId));
  await db.delete(kind.pkgTable).where(eq(cols(kind.pkgTable).orderId, orderId));
}

/**
 * Creates one package holding `lines` for order `order` inside the caller's transaction (the outbound pack
 * step when nothing was packed yet). Returns the package id.
 */
export async function insertPackage(db: Db, kind: PackageKind, order: Row, values: Row, lines: ContentLine[]): Promise<number> {
  const doc = { ...values, orderId: order.id, warehouseId: order.warehouseId, ownerId: order.ownerId, companyId: order.companyId };
  const [{ id }] = await db.insert(kind.pkgTable).values(doc as never).returning({ id: cols(kind.pkgTable).id }) as Array<{ id: number }>;
  await savePackage(db, kind, { ...doc, id }, true, lines);
  return id;
}

/**
 * After a package row is written: a new one without a number gets `<prefix><yyyyMMdd><id>`; its contents are
 * replaced by `lines` (`doc` = the package with id, orderId, warehouseId, ownerId).
 */
async function savePackage(db: Db, kind: PackageKind, doc: Row, isNew: boolean, lines: ContentLine[]): Promise<void> {
  const id = doc.id as number;
  if (isNew && !doc.packageNo) await db.update(kind.pkgTable).set({ packageNo: documentNo(kind.prefix, id) } as never).where(eq(cols(kind.pkgTable).id, id));
  if (!isNew) await db.delete(kind.pkgLine).where(eq(cols(kind.pkgLine).packageId, id));
  if (lines.length) {
    await db.insert(kind.pkgLine).values(lines.map((l) => ({ packageId: id, orderId: doc.orderId, warehouseId: doc.warehouseId, ownerId: doc.ownerId, skuId: l.skuId, batchNo: l.batchNo, qty: l.qty })) as never);
  }
}

/** The order lines not yet fully packed: [{skuId, batchNo, ordered, packed}]. */
export async function unpackedLines(db: Db, kind: PackageKind, orderId: number) {
  const ol = cols(kind.orderLine);
  const lines = await db.select({ skuId: ol.skuId, batchNo: ol.batchNo, qty: ol[kind.lineQty] }).from(kind.orderLine).where(eq(ol.orderId, orderId)).orderBy(asc(ol.id)) as Array<{ skuId: number; batchNo: string; qty: number }>;
  const packed = await packedOf(db, kind, orderId);
  return lines.map((l) => ({ ...l, packed: packed.get(keyOf(l))?.qty ?? 0 })).filter((l) => l.packed < l.qty);
}

/** Generic package hooks for one kind (see module doc). */
export function packageHooks(kind: PackageKind): ResourceHooks {
  const pending = new PendingLines<ContentLine>();
  const openOrder = async (call: CrudCall, orderId: unknown, verb: 'edit' | 'remove') => {
    const order = await findInScope(call, kind.order, orderId);
    requireState(kind.order, order, kind.openStates, verb, call.ctx.lang);
    return order;
  };
  return {
    bodyFields: (lang, mode) => ({ lines: contentLines(lang, meta(kind.pkgLineBinding), mode) }),
    async beforeWrite(call, values, existing) {
      const lang = call.ctx.lang;
      const order = await openOrder(call, existing?.orderId ?? values.orderId, 'edit');
      if (!existing) Object.assign(values, { warehouseId: order.warehouseId, ownerId: order.ownerId, companyId: order.companyId });
      if (existing && call.body.lines === undefined) return;
      const lines = call.body.lines as Array<{ skuId: number; batchNo?: string | null; qty: number }>;
      const ol = cols(kind.orderLine);
      const orderLines = await call.db.select({ skuId: ol.skuId, batchNo: ol.batchNo, qty: ol[kind.lineQty] }).from(kind.orderLine).where(eq(ol.orderId, order.id as number)) as Array<{ skuId: number; batchNo: string; qty: number }>;
      const ordered = new Map(orderLines.map((l) => [keyOf(l), l.qty]));
      const packed = await packedOf(call.db, kind, order.id as number, existing?.id as number | undefined);
      const codes = await skuCodes(call.db, lines.map((l) => l.skuId));
      const seen = new Set<string>();
      const checked = lines.map((raw, i) => {
        const l = { skuId: raw.skuId, batchNo: (raw.batchNo ?? '').trim(), qty: raw.qty };
        const key = keyOf(l);
        const a = { item: stockItem(lang, codes.get(l.skuId) ?? String(l.skuId), l.batchNo), order: String(order[kind.order.meta.represent]), qty: l.qty };
        if (!ordered.has(key)) throw fieldError(lang, { line: i, field: 'skuId' }, packageTexts.notLine[lang], a);
        if (seen.has(key)) throw fieldError(lang, { line: i, field: 'lines' }, packageTexts.twice[lang]);
        seen.add(key);
        const already = packed.get(key)?.qty ?? 0;
        if (already + l.qty > ordered.get(key)!) throw fieldError(lang, { line: i, field: 'qty' }, packageTexts.overPacked[lang], { ...a, ordered: ordered.get(key)!, packed: already }, Code.CONFLICT);
        return l;
      });
      pending.set(call.body, checked);
    },
    async afterWrite(call, values, existing) {
      // on edit, lines are optional: absent = keep them
      if (existing && call.body.lines === undefined) return;
      await savePackage(call.db, kind, { ...(existing ?? values), id: existing?.id ?? values.id }, !existing, pending.take(call.body));
    },
    async beforeRemove(call, existing) {
      await openOrder(call, existing.orderId, 'remove');
      await call.db.delete(kind.pkgLine).where(eq(cols(kind.pkgLine).packageId, existing.id as number));
    },
    /** Each package carries its `lines` (SKU code and name, batch, qty) and `qty`, their total. */
    async decorate(call, rows) {
      const ids = rows.map((r) => r.id as number);
      if (!ids.length) return;
      const pl = cols(kind.pkgLine);
      const lines = await call.db.select({ id: pl.id, packageId: pl.packageId, skuId: pl.skuId, sku: sku.sku, skuName: sku.name, batchNo: pl.batchNo, qty: pl.qty })
        .from(kind.pkgLine).innerJoin(sku, eq(sku.id, pl.skuId)).where(inArray(pl.packageId, ids)).orderBy(asc(pl.id)) as Array<Row & { packageId: number; qty: number }>;
      const byPackage = new Map<number, typeof lines>();
      for (const l of lines) byPackage.set(l.packageId, [...(byPackage.get(l.packageId) ?? []), l]);
      for (const r of rows) {
        r.lines = (byPackage.get(r.id as number) ?? []).map(({ packageId: _p, ...l }) => l);
        r.qty = (r.lines as Array<{ qty: number }>).reduce((s, l) => s + l.qty, 0);
      }
    },
  };
}

/** The fields of a scan call: `code` (required, <= 50) and `by` ('order' | 'package', optional). */
export function scanFields(lang: Lang, codeLabel: { en: string; zh: string }) {
  const r = rules(lang, 'add');
  const byLabel = requestLabels.scanBy;
  return {
    code: r.string(codeLabel, { required: true, maxLength: 50 }),
    by: r.string(byLabel, { maxLength: 10 }).oneOf(['order', 'package', null, undefined] as never[], r.text('oneOf', byLabel, { values: 'order, package' })),
  };
}

/** How a scan looks an order up: the order's own number columns and the spec 8 texts of the kind. */
export interface ScanSpec {
  kind: PackageKind;
  /** Order columns compared with the scanned code (order number, waybill, ...). */
  orderNumbers: PgColumn[];
  /** Extra conditions on the order (e.g. the inbound type of the receiving screen). */
  where?: SQL;
  noOrder: { en: string; zh: string };
  manyOrders: { en: string; zh: string };
}

/**
 * Finds the one order for a scanned `code` (trimmed, in the caller's scope):
 * 1. a package whose number is `code`, or packages whose waybill is `code` (several cartons of one order
 *    may share a waybill): one order -> that order, with `package` when exactly one package matched;
 *    packages of several orders -> 409 "multiple packages found";
 * 2. unless `by` is 'package', orders whose number columns equal `code`: none -> 404 "... order does not
 *    exist", several -> 409 "multiple ... orders found". With `by: 'package'` and no package: 404 "package
 *    does not exist". `by: 'order'` skips step 1.
 * Returns the order record (with its lines) plus `package` (the matched package with lines, or null).
 */
export async function scanOrder(call: CrudCall, spec: ScanSpec, code: string, by?: 'order' | 'package'): Promise<Row> {
  const lang = call.ctx.lang;
  const { kind } = spec;
  const o = cols(kind.orderTable);
  const p = cols(kind.pkgTable);
  const scope = scopeConditions(call.user, { warehouse: o.warehouseId, owner: o.ownerId });
  if (by !== 'order') {
    const pkgs = await call.db.select({ id: p.id, packageNo: p.packageNo, orderId: p.orderId }).from(kind.pkgTable).innerJoin(kind.orderTable, eq(o.id, p.orderId))
      .where(and(or(eq(p.packageNo, code), eq(p.waybillNo, code)), spec.where, ...scope)).orderBy(asc(p.id)).limit(50) as Array<{ id: number; packageNo: string; orderId: number }>;
    const exact = pkgs.filter((x) => x.packageNo === code);
    const hits = exact.length ? exact : pkgs;
    const orders = [...new Set(hits.map((x) => x.orderId))];
    if (orders.length > 1) throw new BizError(Code.CONFLICT, fill(packageTexts.manyPackages[lang], { code, numbers: hits.map((x) => x.packageNo).join(', ') }));
    if (orders.length === 1) {
      const order = await findInScope(call, kind.order, orders[0]);
      order.package = hits.length === 1 ? await findInScope(call, kind.pkg, hits[0].id) : null;
      return order;
    }
    if (by === 'package') throw new BizError(Code.NOT_FOUND, fill(packageTexts.noPackage[lang], { code }));
  }
  const found = await call.db.select({ id: o.id, orderNo: o.orderNo }).from(kind.orderTable)
    .where(and(or(...spec.orderNumbers.map((c) => eq(c, code))), spec.where, ...scope)).orderBy(asc(o.id)).limit(20) as Array<{ id: number; orderNo: string }>;
  if (!found.length) throw new BizError(Code.NOT_FOUND, fill(spec.noOrder[lang], { code }));
  if (found.length > 1) throw new BizError(Code.CONFLICT, fill(spec.manyOrders[lang], { code, numbers: found.map((f) => f.orderNo).join(', ') }));
  const order = await findInScope(call, kind.order, found[0].id);
  order.package = null;
  return order;
}
