/**
 * What the stock documents (inventory adjustments, inbound orders, later outbound orders) share:
 * - document numbers `<prefix><yyyyMMdd><id, 6 digits>` (readable, unique because the id is);
 * - a `lines` array checked by the document's beforeWrite hook and saved by its afterWrite hook in the same
 *   call and transaction (keyed by the call's body, which both hooks see; saveNumberAndLines);
 * - the yup rule for that array: 1..{@link MAX_LINES} entries (spec 5 "non-empty list"), declared by the
 *   document's hooks as a body field (`bodyFields`) and so checked at the edge with the document's form;
 * - the rule that a document is edited or deleted only in some states (e.g. created), as a 409 naming them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as yup from 'yup';
import { sku } from '../../../generated/db/schema';
import type { Binding } from '../../../generated/server/routes';
import { Code } from '../../shared/envelope';
import type { ResourceSpec } from '../../shared/resource-meta';
import { MAX_LINES } from '../../shared/documents';
import { requestLabels, rules, type Lang } from '../../shared/validation';
import type { Label } from '../../shared/resource-meta';
import type { CrudCall } from '../crud/handlers';
import { workflowOf } from '../crud/workflow';
import type { Db } from '../db/connect';
import { BizError, fieldError } from '../http/errors';

export { MAX_LINES, QTY_MAX } from '../../shared/documents';

/** `<prefix><yyyyMMdd><id padded to 6>` in UTC, e.g. documentNo('IN', 42) -> IN20261122000042. */
export const documentNo = (prefix: string, id: number, at = new Date()) => `${prefix}${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(6, '0')}`;

/**
 * A `lines` field: 1..MAX_LINES entries, each checked by `line` (an entry that is no object: "Line 2 is not
 * valid"); messages about an entry start with its line (formatValidationError). Not `required`: may be left
 * out (an edit that keeps the lines), but not emptied.
 */
export function linesField(lang: Lang, line: yup.AnyObjectSchema, label: Label = requestLabels.lines, required = true) {
  const r = rules(lang, 'add');
  const s = yup.array(line).typeError(r.text('list', label)).min(1, r.text('required', label)).max(MAX_LINES, r.text('maxItems', label, { max: MAX_LINES }));
  return required ? s.required(r.text('required', label)) : s.optional();
}

/** `{ lines }` with a required {@link linesField}. */
export function linesSchema(lang: Lang, line: yup.AnyObjectSchema, label: Label = requestLabels.lines) {
  return yup.object({ lines: linesField(lang, line, label) });
}

/** Lines checked in a document's beforeWrite, for its afterWrite in the same call. */
export class PendingLines<L> {
  private readonly byCall = new WeakMap<object, L[]>();
  set(body: object, lines: L[]): void { this.byCall.set(body, lines); }
  /** The checked lines of this call (empty when beforeWrite stored none). */
  take(body: object): L[] { const l = this.byCall.get(body) ?? []; this.byCall.delete(body); return l; }
}

/** How a document with lines is saved after its row is written (outbound orders, transfers): {@link saveNumberAndLines}. */
export interface DocumentSave<L> {
  table: PgTable; idColumn: PgColumn; numberKey: string; prefix: string;
  lineTable: PgTable; parentColumn: PgColumn; pending: PendingLines<L>;
  /** The line row to insert for `line` of the document `doc` (its row with its id). */
  lineRow: (doc: Record<string, unknown>, line: L) => Record<string, unknown>;
}

/**
 * A document's afterWrite: a new document gets its number ({@link documentNo} with `prefix`); on add, or on an edit
 * whose body has `lines`, its lines are replaced by the ones its beforeWrite checked (same call and transaction).
 */
export async function saveNumberAndLines<L>(call: CrudCall, values: Record<string, unknown>, existing: Record<string, unknown> | null | undefined, s: DocumentSave<L>): Promise<void> {
  const id = (existing?.id ?? values.id) as number;
  if (!existing) await call.db.update(s.table).set({ [s.numberKey]: documentNo(s.prefix, id) } as never).where(eq(s.idColumn, id));
  if (existing && call.body.lines === undefined) return;
  const doc = { ...(existing ?? values), id };
  await call.db.delete(s.lineTable).where(eq(s.parentColumn, id));
  const lines = s.pending.take(call.body);
  if (lines.length) await call.db.insert(s.lineTable).values(lines.map((l) => s.lineRow(doc, l)) as never);
}

const lineTexts = {
  skuOwner: { en: 'the SKU does not belong to this order\'s goods owner', zh: 'SKU不属于该单据的货主' },
  lineTwice: { en: 'the same SKU and batch are listed twice', zh: '同一SKU和批次重复' },
};

/**
 * Lines of an order naming SKUs: every SKU must belong to `ownerId` and no SKU + batch may appear twice
 * (400 "Line <i+1>: ..."). Returns the lines with batchNo trimmed ('' = no batch).
 */
export async function checkOwnerSkuLines<L extends { skuId: number; batchNo?: string | null }>(db: Db, lang: Lang, ownerId: number, lines: L[]): Promise<Array<L & { batchNo: string }>> {
  const ids = [...new Set(lines.map((l) => l.skuId))];
  const own = new Set((await db.select({ id: sku.id }).from(sku).where(and(inArray(sku.id, ids), eq(sku.ownerId, ownerId)))).map((x) => x.id));
  const seen = new Set<string>();
  return lines.map((l, i) => {
    if (!own.has(l.skuId)) throw fieldError(lang, { line: i, field: 'skuId' }, lineTexts.skuOwner[lang]);
    const line = { ...l, batchNo: (l.batchNo ?? '').trim() };
    const key = `${line.skuId}/${line.batchNo}`;
    if (seen.has(key)) throw fieldError(lang, { line: i, field: 'lines' }, lineTexts.lineTwice[lang]);
    seen.add(key);
    return line;
  });
}

const verbs = { edit: { en: 'changed', zh: '修改' }, remove: { en: 'deleted', zh: '删除' } };

/**
 * 409 unless `doc` is in one of `states` of its workflow: "IN20261122000001 can be changed only when created;
 * it is completed" / "IN20261122000001 仅在已创建时可以修改；当前为已完成".
 */
export function requireState(b: Binding, doc: Record<string, unknown>, states: number[], action: keyof typeof verbs, lang: Lang): void {
  const wf = workflowOf(b);
  const now = doc[wf.field] as number;
  if (states.includes(now)) return;
  const label = (v: number) => wf.states.find((s) => s.value === v)?.[lang] ?? String(v);
  const what = String(doc[(b.meta as ResourceSpec).represent] ?? `#${doc.id}`);
  const allowed = states.map(label).join(lang === 'zh' ? '、' : ', ');
  throw new BizError(Code.CONFLICT, lang === 'zh'
    ? `${what} 仅在${allowed}时可以${verbs[action].zh}；当前为${label(now)}`
    : `${what} can be ${verbs[action].en} only when ${allowed.toLowerCase()}; it is ${label(now).toLowerCase()}`);
}
