/**
 * The package form (spec 5; server rules in src/server/domain/packages.ts):
 * - header fields checked by the manifest's own rules (generated `inboundPackageForm` / `outboundPackageForm`),
 *   so the messages name the field as the server's do: "Weight (kg) can have at most 3 decimals";
 * - contents: one row per order line (SKU + batch) with what other packages already hold; a row's quantity is
 *   a whole number from 0 to what is still unpacked (ordered - other packages); rows at 0 are left out of the
 *   body, and at least one row must be above 0.
 * Weight is in kg, length / width / height in cm.
 */
import { ValidationError, type ObjectSchema } from 'yup';
import { rules, type Lang } from '../../../shared/validation';
import type { PackageBody } from './packageApi';
import { orderedQty, type PackageKindSpec, type PackageLine, type PackageOrder, type PackageOrderLine, type PackageRecord } from './constants';

/** The header fields as typed (text). */
export interface PackageFormValues {
  packageNo: string;
  waybillNo: string;
  carrier: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  remark: string;
}

/** One contents row: an order line, what other packages hold of it, and this package's quantity (as typed). */
export interface ContentRow {
  key: string;
  skuId: number;
  sku: string;
  skuName: string;
  batchNo: string;
  ordered: number;
  /** Held by the order's other packages. */
  others: number;
  qty: string;
}

/** SKU + batch: what identifies a line across an order and its packages. */
export const contentKey = (l: { skuId: unknown; batchNo?: unknown }): string => `${l.skuId}/${l.batchNo ?? ''}`;

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function packageFormValues(pkg?: PackageRecord | null): PackageFormValues {
  return {
    packageNo: text(pkg?.packageNo),
    waybillNo: text(pkg?.waybillNo),
    carrier: text(pkg?.carrier),
    weight: text(pkg?.weight),
    length: text(pkg?.length),
    width: text(pkg?.width),
    height: text(pkg?.height),
    remark: text(pkg?.remark),
  };
}

/** Quantity per SKU + batch held by `packages`, leaving out the package `exceptId` (the one being edited). */
export function packedByKey(packages: readonly PackageRecord[], exceptId?: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of packages) {
    if (exceptId !== undefined && p.id === exceptId) continue;
    for (const l of p.lines ?? []) out.set(contentKey(l), (out.get(contentKey(l)) ?? 0) + Number(l.qty ?? 0));
  }
  return out;
}

/**
 * The contents rows of a package of `order`: every order line, with the quantity other packages hold; the
 * quantity starts at what `pkg` holds (edit) or at what is still unpacked (new package).
 */
export function contentRows(lines: readonly PackageOrderLine[], packages: readonly PackageRecord[], pkg?: PackageRecord | null): ContentRow[] {
  const others = packedByKey(packages, pkg?.id);
  const own = new Map((pkg?.lines ?? []).map((l: PackageLine) => [contentKey(l), Number(l.qty)]));
  return lines.map((l) => {
    const key = contentKey(l);
    const ordered = orderedQty(l);
    const held = others.get(key) ?? 0;
    const qty = pkg ? (own.get(key) ?? 0) : Math.max(0, ordered - held);
    return { key, skuId: l.skuId, sku: text(l.sku), skuName: text(l.skuName), batchNo: text(l.batchNo), ordered, others: held, qty: String(qty) };
  });
}

/** What a row may still take: ordered minus other packages (never below 0). */
export const availableOf = (row: ContentRow): number => Math.max(0, row.ordered - row.others);

const QTY_LABEL = { en: 'Quantity', zh: '数量' };

/** The message of each row's quantity (undefined when fine): empty is 0; 0 to available, whole numbers. */
export function contentErrors(rows: readonly ContentRow[], lang: Lang): Array<string | undefined> {
  return rows.map((row) => {
    const schema = rules(lang, 'add', 'input').number(QTY_LABEL, { integer: true, min: 0, max: availableOf(row) });
    try {
      schema.validateSync(row.qty.trim() === '' ? null : row.qty.trim());
      return undefined;
    } catch (e) {
      return e instanceof ValidationError ? e.message : String(e);
    }
  });
}

/** The result of checking a form against a yup schema: the cast values, or one message per field. */
export type FieldCheck<T> = { ok: true; values: T } | { ok: false; errors: Record<string, string> };

/** Validates `values` with `schema` (all errors, first per field). Reused by the shipping screen's pack form. */
export async function checkFields<T>(schema: ObjectSchema<Record<string, unknown>>, values: Record<string, unknown>): Promise<FieldCheck<T>> {
  try {
    return { ok: true, values: (await schema.validate(values, { abortEarly: false })) as T };
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const errors: Record<string, string> = {};
    for (const inner of e.inner.length ? e.inner : [e]) {
      const path = inner.path ?? '';
      if (!errors[path]) errors[path] = inner.message;
    }
    return { ok: false, errors };
  }
}

/** The header fields of a kind, as the manifest's `screen.form.fields` lists them (outbound packages have a carrier). */
export const headerFields = (spec: PackageKindSpec): Array<keyof PackageFormValues> => spec.formFields as Array<keyof PackageFormValues>;

/** The header values the schema checks: the kind's fields only, as typed. */
export function headerValues(spec: PackageKindSpec, values: PackageFormValues): Record<string, string> {
  return Object.fromEntries(headerFields(spec).map((f) => [f, values[f]]));
}

type Checked = Record<string, string | number | null | undefined>;

/**
 * The /add body (no `pkg`: with the order id) or the /edit body (with the package id) from the checked header
 * values and the contents rows. An empty package number is left out (the server numbers a new package and
 * keeps an existing one's number).
 */
export function toPackageBody(spec: PackageKindSpec, order: Pick<PackageOrder, 'id'>, checked: Checked, rows: readonly ContentRow[], pkg?: PackageRecord | null): PackageBody {
  const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  const body: PackageBody = {
    ...(pkg ? { id: pkg.id } : { orderId: order.id }),
    waybillNo: str(checked.waybillNo),
    ...(spec.hasCarrier ? { carrier: str(checked.carrier) } : {}),
    weight: num(checked.weight),
    length: num(checked.length),
    width: num(checked.width),
    height: num(checked.height),
    remark: str(checked.remark),
    lines: rows.filter((r) => Number(r.qty.trim() || 0) > 0).map((r) => ({ skuId: r.skuId, batchNo: r.batchNo, qty: Number(r.qty.trim()) })),
  };
  const no = str(checked.packageNo);
  if (no) body.packageNo = no;
  return body;
}
