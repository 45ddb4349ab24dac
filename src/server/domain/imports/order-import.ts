/**
 * Excel import of orders (issue 5; spec 7.2 `.../excel/import`, 8 "a duplicate exists", "trajectory tracking
 * not supported via import"): the machinery shared by the inbound and the outbound order import, each
 * described by an {@link OrderImportDefinition} (inbound-order-import.ts, outbound-order-import.ts).
 *
 * The SKU imports (jobs.ts) write a whole file or nothing; an order file holds many independent orders, so
 * here each ORDER is all-or-nothing and the others still go in:
 *
 * 1. `startOrderImport` checks the form `{ type, filePath, fileUrl }` (type one of the definition's order
 *    types; the upload as for the SKU imports: a `sys_file` of the caller, or of anyone for an admin, named
 *    .xlsx), creates a `sys_import_job` (kind `inboundOrder` / `outboundOrder`, ownerId 0: the owners come
 *    from the file) in status 1 and returns `{ id, status, totalRows, doneRows }` at once.
 * 2. In the background, in its turn of the import queue (jobs.ts scheduleImport), the sheet is streamed
 *    within the import limits (sheet.ts, limits.ts: a file past one fails the job with the limit in words;
 *    columns found by their English or Chinese header)
 *    and every row read: one row = one order line. Warehouse and goods owner are found by name or code among
 *    those in the caller's data scope (else "... does not exist"), SKUs by code among the owner's.
 * 3. Adjacent rows with the same key (store order number / platform order number) form one order. Order
 *    columns may be left empty on its later rows; a different value there is an error. A key found in two
 *    non-adjacent groups of one owner fails every row of them ("A duplicate exists", http/errors.ts). A filled
 *    delivery-status / tracking column fails its row ("Trajectory tracking not supported via import").
 *    Then the company quotas (domain/quotas.ts): when the orders without errors would pass their company's
 *    monthly quota, all of that company's orders in the file fail (all or nothing).
 * 4. Every order without a row error is created in its OWN transaction through the generic add
 *    (crud/handlers.ts `add` with the resource's hooks: the same rules and document number as
 *    `POST .../add`). Inside it, after a transaction-scoped advisory lock on (kind, owner, key), a live order
 *    (not cancelled) of the same owner with the same key is "A duplicate exists" (two imports running at
 *    once cannot both create it). A refusal of add (`lines.3.qty: ...`, `receiverName: ...`) becomes an
 *    error on the row and column it names (lines -> that line's row; order fields -> the row the value was
 *    taken from).
 * 5. End: status 2 (SUCCESS) when every row went in, else 3 (FAIL) with the errors sorted by row (at most
 *    MAX_STORED_ERRORS) — orders without errors are created all the same. `doneRows` counts the rows of the
 *    created orders; the message says how many orders were created ("Created 3 of 4 orders from 7 of 9
 *    rows"). An unexpected failure (database down) stops the run: status 3, the orders created so far stay.
 *
 * Money columns are in currency units in the sheet and in cents on the order (spec 1 "amounts are shown
 * divided by 100"); date columns are wall times in the caller's time zone (X-Time-Zone).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as yup from 'yup';
import { owner, sku, warehouse } from '../../../../generated/db/schema';
import { bindings, type Binding } from '../../../../generated/server/routes';
import { ImportStatus } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { parseInstant, rules, type Lang } from '../../../shared/validation';
import { add, crudBody, manifestLabel, meta } from '../../crud/handlers';
import { checkBody, type BodyRule } from '../../http/body';
import type { Db } from '../../db/connect';
import { sysImportJob } from '../../db/internal-schema';
import type { RequestContext, UserContext } from '../../http/context';
import { BizError, fillText, text } from '../../http/errors';
import { scopeConditions } from '../../http/guard';
import { MAX_STORED_ERRORS, scheduleImport, unreadableMessage, uploadedWorkbook, uploadFields, type ImportDeps, type JobSummary } from './jobs';
import { cellText, ImportErrors, importText, readImportSheet, withLocalFile, type ImportColumn, type RowCheck } from './sheet';
import type { TemplateSource } from './templates';
import { checkImportQuotas, inboundQuota } from '../quotas';

/** What one order import is: its call, template, order resource and how a row becomes order and line fields. */
export interface OrderImportDefinition extends TemplateSource {
  kind: 'inboundOrder' | 'outboundOrder';
  /** POST path of the import call, e.g. /sapi/wms/inbound-order/excel/import. */
  apiPath: string;
  /** The order resource; its generic add creates the orders. */
  binding: Binding;
  /** Values the form's `type` may take (the order type enum). */
  types: number[];
  /** Status of a cancelled order: a cancelled order with the same key is no duplicate. */
  cancelledStatus: number;
  /** The key column, named like the order field it fills (storeOrderNo, platformOrderNo). */
  keyField: string;
  /** The order fields of one row by column key = field name (undefined for an empty cell); errors go to `c`. */
  orderFields(c: RowCheck, tzHours: number): Record<string, unknown>;
  /** The line fields of one row besides skuId (batchNo, qty / plannedQty). */
  lineFields(c: RowCheck): Record<string, unknown>;
}

/** What an order import states itself; {@link defineOrderImport} adds the call, template, resource and notes. */
export type OrderImportSpec = Pick<OrderImportDefinition, 'kind' | 'sheetName' | 'columns' | 'types' | 'cancelledStatus' | 'keyField' | 'example' | 'orderFields' | 'lineFields'> & {
  /** Notes of the template's second sheet beyond the shared ones ("English / 中文" lines). */
  notes: string[];
};

/**
 * An order import of the order resource `spec.kind`: `POST <its path>/excel/import`, template
 * `<inbound|outbound>-order-import.xlsx` with a fixed Notes sheet (templates are public: no warehouse or
 * owner names in them).
 */
export function defineOrderImport(spec: OrderImportSpec): OrderImportDefinition {
  const { notes, ...rest } = spec;
  const binding = bindings[spec.kind];
  const key = spec.columns.find((c) => c.key === spec.keyField)!;
  const shared = [
    `One row per order line; adjacent rows with the same ${key.en.toLowerCase()} form one order. / 每行一条明细；${key.zh}相同的相邻行为同一订单。`,
    'Order columns may be left empty on the later rows of an order. / 同一订单后续行的订单列可留空。',
    'Warehouse and goods owner: name or code. / 仓库与货主：填写名称或编码。',
  ];
  return {
    ...rest,
    apiPath: `${binding.meta.path}/excel/import`,
    templateFile: `${spec.kind.replace(/Order$/, '')}-order-import.xlsx`,
    binding,
    async valuesSheet() {
      const last = 'An order with an error is not imported at all; the other orders are. / 有错误的订单整单不导入，其他订单照常导入。';
      return { name: 'Notes', header: ['Notes / 说明'], rows: [...shared, ...notes, last].map((n) => [n]) };
    },
  };
}

/** The columns every order template has, in the wording of the order fields (their add messages match). */
export const orderColumns = {
  warehouse: { key: 'warehouse', en: 'Warehouse', zh: '仓库', aliases: ['Warehouse name', '仓库名称'], required: true },
  owner: { key: 'owner', en: 'Goods owner', zh: '货主', aliases: ['Goods owner name', 'Owner', 'Owner name', '货主名称'], required: true },
  sku: { key: 'sku', en: 'SKU', zh: 'SKU编码', aliases: ['SKU code', 'sku码', '商品编码'], required: true },
  batchNo: { key: 'batchNo', en: 'Batch number', zh: '批次号', aliases: ['Batch', 'Batch No', 'Batch No.', '批次'] },
  waybillNo: { key: 'waybillNo', en: 'Waybill number', zh: '运单号', aliases: ['Waybill', 'Waybill No', 'Tracking number'] },
  remark: { key: 'remark', en: 'Remark', zh: '备注', aliases: ['Remarks', 'Note'] },
} satisfies Record<string, ImportColumn>;

/** Read when present, never in a template: a filled cell refuses the row (spec 8). */
const trackingColumn: ImportColumn = {
  key: 'tracking', en: 'Delivery status', zh: '妥投状态',
  aliases: ['Tracking', 'Tracking status', 'Trajectory', 'Trajectory tracking', 'Logistics status', '轨迹', '物流轨迹', '轨迹跟踪', '物流状态'],
};

/** Order fields whose column has another name (ids found by name), and `lines` whose errors concern the SKUs. */
const COLUMN_OF_FIELD: Record<string, string> = { warehouseId: 'warehouse', ownerId: 'owner', skuId: 'sku', lines: 'sku' };

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  trajectory: L('Trajectory tracking not supported via import', '不支持通过导入进行轨迹跟踪'),
  differs: L('{label} "{value}" differs from "{first}" on row {row} of the same order', '{label}“{value}”与同一订单第{row}行的“{first}”不一致'),
  inFile: L('{label} "{value}" (also on row {row})', '{label}“{value}”（第{row}行也有）'),
  inDb: L('{label} "{value}" ({orderNo})', '{label}“{value}”（{orderNo}）'),
  done: L('Created {created} of {orders} orders from {done} of {total} rows', '共{orders}个订单，已创建{created}个（{total}行中的{done}行）'),
  notAll: L('an order with an error is not imported at all: correct its rows and import them again', '有错误的订单整单未导入：请修改这些行后重新导入'),
  stopped: L('the import stopped: {reason}', '导入中止：{reason}'),
};
/** Between the parts of a job message. */
const SEP: Record<Lang, string> = { en: '; ', zh: '；' };
const say = (lang: Lang, t: { en: string; zh: string }, args: Record<string, string | number> = {}) => fillText(t[lang], args);

/** The message of a shared validation rule ('date', 'oneOf', ...) for the column `key` of row `c`. */
export function ruleMessage(c: RowCheck, key: string, rule: string, args: Record<string, string | number> = {}): string {
  const label = c.title(key);
  return rules(c.lang, 'add').text(rule, { en: label, zh: label }, args);
}

/** Text of column `key` as it stands in the sheet, for messages. */
const shown = (c: RowCheck, key: string) => cellText(c.raw(key));

/**
 * A date-time cell as an instant: an Excel date (serial number), or text `yyyy-mm-dd[ hh:mm[:ss]]` (also with
 * `/`), both read as wall time in the zone `tzHours` east of UTC; text with its own zone (ISO 8601 `Z` or
 * `+03:00`) as it says. Undefined for an empty cell; an error for anything else.
 */
export function sheetDateTime(c: RowCheck, key: string, tzHours: number): Date | undefined {
  const v = c.raw(key);
  const s = cellText(v);
  if (!s) return undefined;
  let wall: number | undefined;
  if (typeof v === 'number') wall = Math.round((v - 25569) * 86_400_000); // Excel day 25569 = 1970-01-01
  else if (v instanceof Date) wall = v.getTime();
  else if (/T.*(Z|[+-]\d\d:?\d\d)$/i.test(s)) {
    const at = parseInstant(s); // a real instant only (issue 26): Date.parse rolls 2024-02-30 over to March
    if (at) return at;
  } else {
    const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
    const two = (x: string | undefined) => (x ?? '0').padStart(2, '0');
    // the same calendar check as the API's dates, on the wall time read as UTC
    if (m) wall = parseInstant(`${m[1]}-${two(m[2])}-${two(m[3])}T${two(m[4])}:${m[5] ?? '00'}:${m[6] ?? '00'}Z`)?.getTime();
  }
  if (wall === undefined || !Number.isFinite(wall)) return c.fail(key, ruleMessage(c, key, 'date'));
  return new Date(wall - tzHours * 3_600_000);
}

/** A money cell in currency units (at most 2 decimals) as cents: 125.5 -> 12550. */
export function sheetCents(c: RowCheck, key: string): number | undefined {
  const n = c.number(key, { decimals: 2 });
  return n === undefined ? undefined : Math.round(n * 100);
}

/** An enum cell given by key (`SAR`) or by its English or Chinese label, as the enum value. */
export function sheetEnum(c: RowCheck, key: string, values: Array<{ key: string; value: number; labels: string[] }>): number | undefined {
  const s = c.text(key);
  if (!s) return undefined;
  const low = s.toLowerCase();
  const hit = values.find((e) => e.key.toLowerCase() === low || e.labels.some((l) => l.toLowerCase() === low));
  return hit ? hit.value : c.fail(key, ruleMessage(c, key, 'oneOf', { values: values.map((e) => e.key).join(', ') }));
}

/** A yes/no cell as a boolean; undefined when empty (the order's default applies). */
export const sheetYesNo = (c: RowCheck, key: string): boolean | undefined => (c.isEmpty(key) ? undefined : c.yesNo(key, false));

/** One data row of an order file. `order` holds the order fields by column key (warehouse, owner: ids). */
interface SheetRow { check: RowCheck; key?: string; skuCode?: string; skuId?: number; order: Record<string, unknown>; line: Record<string, unknown> }

/** Adjacent rows with one key; `values` the order fields, `from` the row each value was taken from. */
interface OrderGroup { key: string; rows: SheetRow[]; values: Record<string, unknown>; from: Record<string, SheetRow> }

/** Names and codes (lower case) -> id of the warehouses or owners in the caller's scope. */
export async function idsByName(db: Db, user: UserContext, table: typeof warehouse | typeof owner, kind: 'warehouse' | 'owner'): Promise<Map<string, number>> {
  const rows = await db.select({ id: table.id, name: table.name, code: table.code }).from(table).where(and(...scopeConditions(user, { [kind]: table.id })));
  const map = new Map<string, number>();
  for (const r of rows) map.set(r.code.toLowerCase(), r.id);
  for (const r of rows) map.set(r.name.toLowerCase(), r.id); // a name wins over a code spelled the same
  return map;
}

const sameValue = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

/** Groups adjacent rows by key and takes each order field from its first filled row (later different values fail). */
function groupRows(rows: SheetRow[], lang: Lang): OrderGroup[] {
  const groups: OrderGroup[] = [];
  for (const r of rows) {
    if (r.key === undefined) continue; // no key: its row already failed, and it does not split an order
    let g = groups.at(-1);
    if (!g || g.key !== r.key) groups.push(g = { key: r.key, rows: [], values: {}, from: {} });
    g.rows.push(r);
    for (const [field, value] of Object.entries(r.order)) {
      if (value === undefined) continue;
      const first = g.from[field];
      if (!first) { g.values[field] = value; g.from[field] = r; continue; }
      if (!sameValue(g.values[field], value)) {
        r.check.fail(field, say(lang, texts.differs, { label: r.check.title(field), value: shown(r.check, field), first: shown(first.check, field), row: first.check.row }));
      }
    }
  }
  return groups;
}

/**
 * A key on two non-adjacent groups of one owner fails every row of them (spec 8 "a duplicate exists"; the
 * same owner + key as the database check, so another owner's order may use the key).
 */
function failRepeatedKeys(def: OrderImportDefinition, groups: OrderGroup[], lang: Lang): void {
  const byKey = new Map<string, OrderGroup[]>();
  for (const g of groups) {
    const k = `${String(g.values.owner ?? '')}/${g.key}`;
    byKey.set(k, [...(byKey.get(k) ?? []), g]);
  }
  for (const same of byKey.values()) {
    if (same.length < 2) continue;
    for (const g of same) {
      const other = same.find((x) => x !== g)!.rows[0].check.row;
      for (const r of g.rows) {
        r.check.fail(def.keyField, text(lang, 'duplicate', { fields: say(lang, texts.inFile, { label: r.check.title(def.keyField), value: g.key, row: other }) }));
      }
    }
  }
}

/** Finds the SKU id of every row of the groups whose owner is known ("SKU ... does not exist for this goods owner"). */
async function resolveSkus(db: Db, groups: OrderGroup[]): Promise<void> {
  const codesByOwner = new Map<number, Set<string>>();
  for (const g of groups) {
    const ownerId = g.values.owner as number | undefined;
    if (!ownerId) continue;
    const codes = codesByOwner.get(ownerId) ?? new Set<string>();
    for (const r of g.rows) if (r.skuCode) codes.add(r.skuCode);
    codesByOwner.set(ownerId, codes);
  }
  const ids = new Map<string, number>(); // `${ownerId}/${code}` -> id
  for (const [ownerId, codes] of codesByOwner) {
    const all = [...codes];
    for (let i = 0; i < all.length; i += 1000) {
      const found = await db.select({ id: sku.id, code: sku.sku }).from(sku).where(and(eq(sku.ownerId, ownerId), inArray(sku.sku, all.slice(i, i + 1000))));
      for (const s of found) ids.set(`${ownerId}/${s.code}`, s.id);
    }
  }
  for (const g of groups) {
    const ownerId = g.values.owner as number | undefined;
    if (!ownerId) continue;
    for (const r of g.rows) {
      if (!r.skuCode) continue;
      r.skuId = ids.get(`${ownerId}/${r.skuCode}`);
      if (!r.skuId) r.check.failText('sku', 'unknownSku', { value: r.skuCode });
    }
  }
}

/**
 * The all-or-nothing quota check (domain/quotas.ts): when the orders of the file that have no error would pass
 * their company's monthly quota, every one of them fails ("Monthly limit of inbound orders reached (N): U this
 * month, this file would add A") and none of that company is created. The add checks each order again under
 * the company's lock, so an order created meanwhile elsewhere can still refuse the last ones.
 */
async function failOverQuota(db: Db, def: OrderImportDefinition, type: number, groups: OrderGroup[], lang: Lang): Promise<void> {
  const kind = def.kind === 'inboundOrder' ? inboundQuota(type) : 'outbound';
  const ready = groups.filter((g) => g.rows.every((r) => r.check.ok));
  if (!kind || !ready.length) return;
  const ownerIds = [...new Set(ready.map((g) => g.values.owner as number))];
  const companyOf = new Map((await db.select({ id: owner.id, companyId: owner.companyId }).from(owner).where(inArray(owner.id, ownerIds))).map((o) => [o.id, o.companyId]));
  const adding = new Map<number, number>();
  for (const g of ready) {
    const c = companyOf.get(g.values.owner as number)!;
    adding.set(c, (adding.get(c) ?? 0) + 1);
  }
  const refused = await checkImportQuotas(db, lang, kind, adding);
  for (const g of ready) {
    const message = refused.get(companyOf.get(g.values.owner as number)!);
    if (message) for (const r of g.rows) r.check.fail(def.keyField, message);
  }
}

/** The body of `POST <order>/add` for one group. */
function orderBody(def: OrderImportDefinition, type: number, g: OrderGroup): Record<string, unknown> {
  const { warehouse: warehouseId, owner: ownerId, ...fields } = g.values;
  return { ...fields, type, [def.keyField]: g.key, warehouseId, ownerId, lines: g.rows.map((r) => ({ ...r.line, skuId: r.skuId })) };
}

/**
 * Records a refusal of add on the row and column its place names (the field, and the line of `lines`), with
 * the text free of the line and label prefixes there; an error with no known column goes whole to the key.
 */
function failOrder(def: OrderImportDefinition, g: OrderGroup, e: BizError): void {
  const p = e.place;
  const known = (k: string | undefined) => (k && def.columns.some((c) => c.key === k) ? k : undefined);
  const column = known(p?.field && (COLUMN_OF_FIELD[p.field] ?? p.field));
  const line = p?.line !== undefined ? g.rows[p.line] : undefined;
  const row = line ?? (column ? g.from[column] : undefined) ?? g.rows[0];
  row.check.fail(column ?? def.keyField, column && p ? p.text : e.message);
}

class DuplicateOrder extends Error {
  constructor(readonly orderNo: string) { super(orderNo); }
}

/** Arbitrary first key of the advisory locks of order imports (the second is a hash of kind, owner and key). */
const LOCK_SPACE = 5_005;

/**
 * Creates one order through the generic add in its own transaction, after the duplicate check under a lock
 * (module doc, step 4). Throws DuplicateOrder, the BizError of add, or an unexpected error.
 */
async function createOrder(db: Db, def: OrderImportDefinition, ctx: RequestContext, user: UserContext, g: OrderGroup, body: Record<string, unknown>): Promise<void> {
  const table = def.binding.table as PgTable;
  const cols = getTableColumns(table) as unknown as Record<string, PgColumn>;
  const ownerId = g.values.owner as number | undefined;
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    if (ownerId) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, hashtext(${`${def.kind}/${ownerId}/${g.key}`}))`);
      const [dup] = await tx.select({ orderNo: cols.orderNo }).from(table)
        .where(and(eq(cols[def.keyField], g.key), eq(cols.ownerId, ownerId), ne(cols.status, def.cancelledStatus))).limit(1);
      if (dup) throw new DuplicateOrder(String(dup.orderNo));
    }
    // the same rule as POST .../add at the edge (a refusal is a BizError naming the field)
    const valid = await checkBody(crudBody(def.binding, 'add'), body, ctx.lang);
    await add({ db: tx, ctx, user, binding: def.binding, body: valid });
  });
}

/** The job's end state. */
async function finish(db: Db, jobId: string, values: Partial<typeof sysImportJob.$inferInsert>) {
  await db.update(sysImportJob).set({ doneRows: 0, ...values, finishDate: new Date() }).where(eq(sysImportJob.id, jobId));
}

/** Runs one order import to its end (module doc, steps 2-5). Never throws; the outcome is in the job row. */
export async function runOrderImport(deps: ImportDeps, def: OrderImportDefinition, jobId: string, filePath: string, a: { ctx: RequestContext; user: UserContext; type: number }): Promise<void> {
  const { db } = deps.database;
  const { ctx, user, type } = a;
  const lang = ctx.lang;
  const errors = new ImportErrors();
  let totalRows = 0;
  let doneRows = 0;
  let created = 0;
  let groups: OrderGroup[] = [];
  const counts = () => say(lang, texts.done, { created, orders: groups.length, done: doneRows, total: totalRows });
  try {
    const warehouses = await idsByName(db, user, warehouse, 'warehouse');
    const owners = await idsByName(db, user, owner, 'owner');
    const findId = (c: RowCheck, key: string, ids: Map<string, number>) => {
      const name = c.text(key);
      if (!name) return undefined;
      return ids.get(name.toLowerCase()) ?? c.failText(key, 'notFound', { value: name });
    };
    const rows: SheetRow[] = [];
    let read;
    try {
      read = await withLocalFile(deps.storage, filePath, (path) => readImportSheet(path, [...def.columns, trackingColumn], lang, errors, (c) => {
        if (!c.isEmpty('tracking')) c.fail('tracking', texts.trajectory[lang]);
        rows.push({
          check: c,
          key: c.text(def.keyField, { required: true }),
          skuCode: c.text('sku', { required: true }),
          order: { warehouse: findId(c, 'warehouse', warehouses), owner: findId(c, 'owner', owners), ...def.orderFields(c, ctx.tzHours) },
          line: def.lineFields(c),
        });
      }));
    } catch (e) {
      await finish(db, jobId, { status: ImportStatus.FAIL, message: unreadableMessage(lang, e) });
      return;
    }
    totalRows = read.totalRows;
    if (!read.headerOk) {
      await finish(db, jobId, { status: ImportStatus.FAIL, errors: errors.first(), message: importText(lang, 'failedHeader'), totalRows });
      return;
    }
    if (totalRows === 0) {
      await finish(db, jobId, { status: ImportStatus.FAIL, message: importText(lang, 'noRows') });
      return;
    }
    await db.update(sysImportJob).set({ totalRows }).where(eq(sysImportJob.id, jobId));
    groups = groupRows(rows, lang);
    failRepeatedKeys(def, groups, lang);
    await resolveSkus(db, groups);
    await failOverQuota(db, def, type, groups, lang);
    let reported = Date.now();
    for (const g of groups) {
      if (g.rows.some((r) => !r.check.ok)) continue; // all-or-nothing per order
      try {
        await createOrder(db, def, ctx, user, g, orderBody(def, type, g));
        created++;
        doneRows += g.rows.length;
      } catch (e) {
        if (e instanceof DuplicateOrder) {
          for (const r of g.rows) r.check.fail(def.keyField, text(lang, 'duplicate', { fields: say(lang, texts.inDb, { label: r.check.title(def.keyField), value: g.key, orderNo: e.orderNo }) }));
        } else if (e instanceof BizError) failOrder(def, g, e);
        else throw e;
      }
      if (Date.now() - reported > 500) {
        reported = Date.now();
        await db.update(sysImportJob).set({ doneRows }).where(eq(sysImportJob.id, jobId));
      }
    }
    if (!errors.length) {
      await finish(db, jobId, { status: ImportStatus.SUCCESS, message: counts(), totalRows, doneRows });
      return;
    }
    let message = `${counts()}${SEP[lang]}${texts.notAll[lang]}`;
    if (errors.length > MAX_STORED_ERRORS) message += `${SEP[lang]}${importText(lang, 'capped', { shown: MAX_STORED_ERRORS, more: errors.length - MAX_STORED_ERRORS })}`;
    await finish(db, jobId, { status: ImportStatus.FAIL, errors: errors.first(), message: clip(message), totalRows, doneRows });
  } catch (e) {
    deps.log.error({ err: e, jobId }, 'order import failed');
    const message = `${counts()}${SEP[lang]}${say(lang, texts.stopped, { reason: (e as Error).message })}`;
    await finish(db, jobId, { status: ImportStatus.FAIL, errors: errors.first(), message: clip(message), totalRows, doneRows })
      .catch((err) => deps.log.error({ err, jobId }, 'cannot record the end of an import'));
  }
}

const clip = (s: string, n = 500) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The body of an order import call: `{ type, filePath, fileUrl }` (type one of the definition's order types). */
export function orderImportBody(def: OrderImportDefinition): BodyRule<{ type: number; filePath: string }> {
  return {
    schema: (lang) => yup.object({
      type: rules(lang, 'add').oneOf(manifestLabel('type', meta(def.binding))!, def.types, { required: true }),
      ...uploadFields(lang),
    }),
  };
}

/**
 * The order import call (module doc, step 1; body: orderImportBody) -> `{ id, status: 1, totalRows: 0,
 * doneRows: 0 }`; poll `POST /sapi/sys/importJob/query { id }`. Errors: 400 not .xlsx, 403 via sapiRoute,
 * 404 unknown or foreign upload.
 */
export async function startOrderImport(deps: ImportDeps, def: OrderImportDefinition, a: { ctx: RequestContext; user: UserContext; body: Record<string, unknown> }): Promise<JobSummary> {
  const { db } = deps.database;
  const { ctx, user } = a;
  const lang = ctx.lang;
  const form = a.body as { type: number; filePath: string };
  const path = await uploadedWorkbook(deps, user, form.filePath, lang);
  const id = randomUUID();
  await db.insert(sysImportJob).values({ id, kind: def.kind, ownerId: 0, filePath: path, status: ImportStatus.RUNNING, userId: user.id });
  // a copy of the context: the request's object is not ours once the call has answered
  const copy = { ...ctx };
  scheduleImport(deps, { jobId: id, lang }, () => runOrderImport(deps, def, id, path, { ctx: copy, user, type: form.type }));
  return { id, status: ImportStatus.RUNNING, totalRows: 0, doneRows: 0 };
}
