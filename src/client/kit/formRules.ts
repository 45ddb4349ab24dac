/**
 * Rules and value helpers of the document forms (yup; spec 5 "quantity required", "must be greater than 0",
 * integers only, "at most N characters"; spec 8 "select owner first" / "select warehouse first"). Messages
 * are `${ns}.rules.*` in the current language; line limits come from src/shared/documents.ts, the same the
 * server checks (it names the field of a failure, which the dialogs show as they are).
 */
import * as yup from 'yup';
import type { FieldError, Resolver } from 'react-hook-form';
import { MAX_LINES, QTY_MAX } from '../../shared/documents';
import { keyOf, type DocumentNames } from './names';

export { MAX_LINES, QTY_MAX };

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Empty: undefined, null, or blank text. */
export const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A yup transform: a blank input counts as absent. */
export const emptyToUndefined = (v: unknown, orig: unknown) => (isBlank(orig) ? undefined : v);

/** Trimmed text, or null when blank (optional texts of a body). */
export const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The rules every document form shares, with messages from `${ns}.rules.*`. */
export function documentRules(t: Translate, names: DocumentNames) {
  const message = (key: string, options?: Record<string, unknown>) => t(keyOf(names, `rules.${key}`), options);
  return {
    message,
    /** Optional text of at most `max` characters (trimmed); `field` (its label) for messages that name it. */
    maxText: (max: number, field?: string) => yup.string().nullable().trim().max(max, message('max_length', { max, field })),
    /** Required SKU of a line. */
    skuId: () => yup.number().nullable().transform(emptyToUndefined).required(message('sku_required')),
    /** A line's quantity: a whole number from 1 to QTY_MAX. */
    qty: () =>
      yup
        .number()
        .transform(emptyToUndefined)
        .typeError(message('qty_number'))
        .required(message('qty_required'))
        .integer(message('qty_integer'))
        .moreThan(0, message('qty_positive'))
        .max(QTY_MAX, message('qty_max', { max: QTY_MAX })),
    ownerId: () => yup.number().transform(emptyToUndefined).required(message('owner_first')),
    warehouseId: () => yup.number().transform(emptyToUndefined).required(message('warehouse_first')),
    /** 1 to MAX_LINES lines of `line`. */
    lines: (line: yup.AnyObjectSchema) =>
      yup
        .array(line)
        .required(message('lines_required'))
        .min(1, message('lines_required'))
        .max(MAX_LINES, message('too_many_lines', { max: MAX_LINES })),
  };
}

/**
 * `resolver` whose errors on empty top-level fields read `emptyText(field)` when it gives one (spec 5: the
 * SKU forms' "Please input" / "Please select"); errors on filled fields (length, range) keep their text.
 */
export function withEmptyTexts(resolver: Resolver<any>, emptyText: (field: string) => string | undefined): Resolver<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, FieldError | undefined>;
    for (const [field, error] of Object.entries(errors ?? {})) {
      const text = error && 'message' in error && isBlank((values as Record<string, unknown>)?.[field]) ? emptyText(field) : undefined;
      if (text) errors[field] = { ...error, type: 'required', message: text };
    }
    return result;
  };
}

/**
 * The submitted values completed from `all` (the form's getValues): react-hook-form leaves disabled fields
 * (owner and warehouse, fixed while lines exist or on edit) out of what it submits.
 */
export function withDisabledValues<T extends object>(submitted: T, all: Partial<T>): T {
  const out = { ...submitted } as Record<string, unknown>;
  // only what was left out (disabled inputs): a null the rules made of an empty text stays null
  for (const [k, v] of Object.entries(all)) if (out[k] === undefined) out[k] = v;
  return out as T;
}

/** A SKU line as a form holds it: SKU, batch and a quantity under `Q`; SKU code and name ride along for display. */
export type SkuLineValues<Q extends string> = { skuId: number | null; batchNo: string; sku?: string | null; skuName?: string | null } & Record<Q, number | string | null>;

/** The stored shape of a SKU line (a record's `lines`). */
export type StoredSkuLine<Q extends string> = { skuId?: number | null; batchNo?: string | null; sku?: string | null; skuName?: string | null } & Record<Q, number>;

/** A new, empty SKU line. */
export function newSkuLine<Q extends string>(qtyField: Q): SkuLineValues<Q> {
  return { skuId: null, batchNo: '', sku: null, skuName: null, [qtyField]: null } as SkuLineValues<Q>;
}

/** A stored line back into the form. */
export function skuLineValues<Q extends string>(line: StoredSkuLine<Q>, qtyField: Q): SkuLineValues<Q> {
  return { skuId: line.skuId ?? null, batchNo: line.batchNo ?? '', [qtyField]: line[qtyField], sku: line.sku ?? null, skuName: line.skuName ?? null } as SkuLineValues<Q>;
}

/** A form line -> the line of an add/edit body: `{skuId, batchNo (trimmed, '' for none), <qty>}`. */
export function skuLineBody<Q extends string>(line: SkuLineValues<Q>, qtyField: Q): { skuId: number; batchNo: string } & Record<Q, number> {
  return { skuId: Number(line.skuId), batchNo: typeof line.batchNo === 'string' ? line.batchNo.trim() : '', [qtyField]: Number(line[qtyField]) } as { skuId: number; batchNo: string } & Record<Q, number>;
}
