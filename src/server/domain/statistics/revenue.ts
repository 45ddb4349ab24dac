/**
 * Revenue per goods owner and month for the dashboard (issue 32 "The dashboard gains revenue per owner per
 * month (operator only)"; docs/dashboard.md "Revenue").
 *
 * Who sees it: an operator, i.e. a caller who sees every goods owner and every warehouse (admin, or a role with
 * both scopes "all") and holds `billing:list`. Anyone else gets `null` (the answer has no figures of other
 * owners, and an owner's staff never learn what the operator earns from the others).
 *
 * Figures, per (owner, month yyyy-MM, currency), the last {@link MONTHS} months (the server's UTC months, the
 * current one last), amounts in cents:
 * - a month with an invoice (draft or confirmed): the invoice's total (charges, monthly minimum and any manual
 *   line) less its credit notes, `status` = the invoice's status key (DRAFT / CONFIRMED);
 * - a month without one: the sum of its charges so far (`status` = null: accrued, not invoiced yet).
 * Body `ownerId` narrows to one owner; `warehouseId` does not narrow (an invoice bills all of an owner's
 * warehouses). Rows by month, then owner name.
 */
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import type { UserContext } from '../../http/context';
import { scopeIds } from '../../http/guard';
import { enumKey } from '../billing/invoice-text';

/** Months of the revenue table, the current one included. */
export const MONTHS = 12;
/** The permission that shows billing figures (resources.yaml permissions). */
const CODE = 'billing:list';

export interface RevenueRow { month: string; ownerId: number; ownerName: string; currency: string; amount: number; status: string | null }

/** True for an operator (module doc): every owner, every warehouse, and the billing read code. */
export function seesRevenue(user: UserContext): boolean {
  return scopeIds(user, 'owner') === 'all' && scopeIds(user, 'warehouse') === 'all' && (user.isAdmin || user.codes.has(CODE));
}

/** The first month shown, yyyy-MM, for `now` (UTC). */
export function firstMonth(now: Date, months = MONTHS): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  return d.toISOString().slice(0, 7);
}

/** The revenue rows (module doc), or null when the caller is not an operator. */
export async function revenueByOwnerMonth(db: Db, user: UserContext, ownerId: number | null | undefined, now = new Date()): Promise<RevenueRow[] | null> {
  if (!seesRevenue(user)) return null;
  const from = firstMonth(now);
  const rows = await rawQuery(db, `
    with ch as (
      select owner_id, to_char(service_date, 'YYYY-MM') as month, currency, sum(amount) as amount from wms_charge
      where service_date >= ($1 || '-01')::date and ($2::int is null or owner_id = $2) group by 1, 2, 3),
    inv as (
      select i.owner_id, i.month, i.currency, i.total + coalesce((select sum(cn.total) from wms_credit_note cn where cn.invoice_id = i.id), 0) as amount, i.status
      from wms_invoice i where i.month >= $1 and ($2::int is null or i.owner_id = $2))
    select coalesce(inv.owner_id, ch.owner_id) as owner_id, coalesce(inv.month, ch.month) as month, coalesce(inv.currency, ch.currency) as currency,
      coalesce(inv.amount, ch.amount)::text as amount, inv.status, o.name as owner_name
    from ch full join inv on inv.owner_id = ch.owner_id and inv.month = ch.month and inv.currency = ch.currency
    join wms_owner o on o.id = coalesce(inv.owner_id, ch.owner_id)
    order by 2, o.name, 1, 3`, [from, ownerId ?? null]);
  return rows.map((r) => ({
    month: String(r.month), ownerId: Number(r.owner_id), ownerName: String(r.owner_name),
    currency: enumKey('Currency', r.currency) ?? String(r.currency), amount: Number(r.amount), status: r.status === null ? null : enumKey('InvoiceStatus', r.status) ?? String(r.status),
  }));
}
