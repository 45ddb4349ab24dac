/**
 * Monthly quotas of new orders per company (spec 3 company "allowed inbound, return-inbound and outbound
 * counts"; issue 12). A company's `allowInboundCount`, `allowReturnInboundCount` and `allowOutboundCount` are
 * how many normal inbound orders, customer-return inbound orders and outbound orders (any type) may be created
 * for its goods owners in one calendar month of the server's time zone; 0 = unlimited (the columns are NOT
 * NULL with default 0, so a field left empty in the form means unlimited). Rejected-delivery inbound orders
 * have no allowance and are not counted. An order counts in the month it was created (`addDate`), whatever
 * became of it (a cancelled order still counts, a deleted one does not).
 *
 * - {@link reserveQuota} runs inside the transaction that inserts the order (generic add hooks of inbound and
 *   outbound orders, so also every order import; recreate): "Monthly limit of inbound orders reached (N)",
 *   409, and the transaction rolls back.
 * - {@link checkImportQuotas}: an order import first counts its orders per company; when they would pass the
 *   allowance, every order of that company and kind in the file fails (all or nothing) before any is created.
 * - {@link companyHooks} fills the company records' `inboundUsed`, `returnInboundUsed`, `outboundUsed`
 *   (computed fields of the manifest, shown in the company list as `used / allowed`).
 */
import { and, count, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { company, inboundOrder, outboundOrder } from '../../../generated/db/schema';
import { InboundOrderType } from '../../../generated/shared/enums';
import { Code } from '../../shared/envelope';
import type { Lang } from '../../shared/validation';
import type { Db } from '../db/connect';
import type { ResourceHooks } from '../crud/handlers';
import { BizError, fillText } from '../http/errors';

export type QuotaKind = 'inbound' | 'returnInbound' | 'outbound';
export const QUOTA_KINDS: QuotaKind[] = ['inbound', 'returnInbound', 'outbound'];

/** Per kind: the company's allowance column, the computed field of its use, the orders that count. */
const KINDS: Record<QuotaKind, { allowed: PgColumn; used: string; table: typeof inboundOrder | typeof outboundOrder; where?: SQL }> = {
  inbound: { allowed: company.allowInboundCount, used: 'inboundUsed', table: inboundOrder, where: eq(inboundOrder.type, InboundOrderType.NORMAL) },
  returnInbound: { allowed: company.allowReturnInboundCount, used: 'returnInboundUsed', table: inboundOrder, where: eq(inboundOrder.type, InboundOrderType.RETURN) },
  outbound: { allowed: company.allowOutboundCount, used: 'outboundUsed', table: outboundOrder },
};

/** The quota an inbound order of `type` counts against (none for a rejected delivery). */
export function inboundQuota(type: number): QuotaKind | undefined {
  return type === InboundOrderType.NORMAL ? 'inbound' : type === InboundOrderType.RETURN ? 'returnInbound' : undefined;
}

/** The calendar month of `now` in the server's time zone: [start, end). */
export function monthOf(now = new Date()): { start: Date; end: Date } {
  return { start: new Date(now.getFullYear(), now.getMonth(), 1), end: new Date(now.getFullYear(), now.getMonth() + 1, 1) };
}

const L = (en: string, zh: string) => ({ en, zh });
const kindWords: Record<QuotaKind, { en: string; zh: string }> = {
  inbound: L('inbound orders', '入库单'),
  returnInbound: L('return inbound orders', '退货入库单'),
  outbound: L('outbound orders', '出库单'),
};
const texts = {
  reached: L('Monthly limit of {what} reached ({max})', '本月{what}数量已达上限（{max}）'),
  importPasses: L('{reached}: {used} this month, this file would add {adding}', '{reached}：本月已有 {used} 个，本文件将新增 {adding} 个'),
};
const fill = fillText;

/** "Monthly limit of inbound orders reached (N)" / "本月入库单数量已达上限（N）". */
export function quotaReached(lang: Lang, kind: QuotaKind, max: number): string {
  return fill(texts.reached[lang], { what: kindWords[kind][lang], max });
}

/** Orders of `kind` created this month per company of `companyIds`. */
async function countThisMonth(db: Db, kind: QuotaKind, companyIds: number[], now?: Date): Promise<Map<number, number>> {
  const { table, where } = KINDS[kind];
  const { start, end } = monthOf(now);
  const rows = await db.select({ companyId: table.companyId, n: count() }).from(table)
    .where(and(inArray(table.companyId, companyIds), gte(table.addDate, start), lt(table.addDate, end), where))
    .groupBy(table.companyId);
  return new Map(rows.map((r) => [r.companyId as number, Number(r.n)]));
}

/**
 * Takes `adding` places of the quota `kind` of company `companyId` for orders about to be inserted in the
 * transaction `tx`; throws BizError 409 {@link quotaReached} when they do not fit. Unlimited (0): no lock,
 * no count.
 *
 * Concurrency: the company row is locked FOR NO KEY UPDATE before counting, so two transactions creating
 * orders for one limited company take turns from here to COMMIT; the second counts after the first has
 * committed (READ COMMITTED: each statement sees what was committed before it began), so two creates cannot
 * both take the last place. NO KEY UPDATE rather than UPDATE: it does not block the KEY SHARE locks of
 * foreign-key checks, so rows that merely reference the company (owners, stock) are not held up.
 */
export async function reserveQuota(tx: Db, lang: Lang, kind: QuotaKind, companyId: number, adding = 1): Promise<void> {
  const allowed = KINDS[kind].allowed;
  const [plain] = await tx.select({ max: allowed }).from(company).where(eq(company.id, companyId));
  if (!plain || !plain.max) return;
  const [locked] = await tx.select({ max: allowed }).from(company).where(eq(company.id, companyId)).for('no key update');
  const max = Number(locked?.max ?? 0);
  if (!max) return;
  const used = (await countThisMonth(tx, kind, [companyId])).get(companyId) ?? 0;
  if (used + adding > max) throw new BizError(Code.CONFLICT, quotaReached(lang, kind, max));
}

/**
 * The all-or-nothing check of an order import (module doc): `adding` = orders the file would create per
 * company. Returns the companies whose quota `kind` they would pass (company id -> "Monthly limit of inbound
 * orders reached (N): U this month, this file would add A").
 */
export async function checkImportQuotas(db: Db, lang: Lang, kind: QuotaKind, adding: Map<number, number>): Promise<Map<number, string>> {
  const ids = [...adding.keys()];
  const refused = new Map<number, string>();
  if (!ids.length) return refused;
  const allowances = await db.select({ id: company.id, max: KINDS[kind].allowed }).from(company).where(inArray(company.id, ids));
  const limited = allowances.filter((a) => Number(a.max) > 0);
  if (!limited.length) return refused;
  const used = await countThisMonth(db, kind, limited.map((a) => a.id));
  for (const a of limited) {
    const u = used.get(a.id) ?? 0;
    const n = adding.get(a.id)!;
    if (u + n > Number(a.max)) refused.set(a.id, fill(texts.importPasses[lang], { reached: quotaReached(lang, kind, Number(a.max)), used: u, adding: n }));
  }
  return refused;
}

/** Company records carry this month's use of each quota (manifest computed fields inboundUsed ...). */
export const companyHooks: ResourceHooks = {
  async decorate(call, rows) {
    const ids = rows.map((r) => r.id as number);
    if (!ids.length) return;
    const now = new Date();
    for (const kind of QUOTA_KINDS) {
      const used = await countThisMonth(call.db, kind, ids, now);
      for (const r of rows) r[KINDS[kind].used] = used.get(r.id as number) ?? 0;
    }
  },
};
