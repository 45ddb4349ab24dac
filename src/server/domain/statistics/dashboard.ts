/**
 * The dashboard call (issue 15 "Dashboard and statistics"; docs/dashboard.md): `POST /sapi/dashboard/overview`,
 * code `dashboard`, body `{ warehouseId?, ownerId? }` ({@link dashboardBody}). Every figure is cut to the
 * caller's warehouse and owner scope (spec 6), and to the warehouse / owner of the body when given (one outside
 * the scope is a 403 naming the field).
 *
 * Answer ({@link DashboardOverview}), units are pieces, counts are records:
 * - `counts`: SKUs of the owners in scope, units on hand / locked / available, inbound orders open (created,
 *   receiving, problem), outbound orders to ship (created, allocated, picking, packed), units received and
 *   shipped today, stock records near expiry (`nearExpiry`: within their owner's window, expired included;
 *   issue 30, inventory/expiry.ts), units in transit between warehouses (`inTransit`: shipped by a transfer and
 *   not received yet, transfers/transfers.ts TRANSIT_SQL; counted when the goods owner is in scope and either
 *   warehouse is, and a body warehouse narrows to transfers from or to it);
 * - `inventoryByWarehouse`: units on hand and locked per warehouse (warehouses with inventory records);
 * - `daily`: the last {@link DAYS} days, oldest first, each `{ date, inboundUnits, outboundUnits, stockUnits }`:
 *   units received (inventory log, bizType 1 INBOUND_ORDER, positive changes) and shipped (bizType 2
 *   OUTBOUND_ORDER, negative changes) that day, and the units on hand that day from the nightly snapshot
 *   (snapshot.ts: the opening stock, null when no snapshot was taken); the last day's `stockUnits` is the
 *   stock now. Days (and "today") are calendar days in the caller's time zone (X-Time-Zone, whole hours);
 *   snapshot days are the server's;
 * - `revenue`: per goods owner and month, the last 12 months, in cents (./revenue.ts, issue 32): for an operator
 *   (every owner and warehouse, code billing:list) only; `null` for anyone else.
 */
import { and, between, count, eq, getTableName, gte, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { inboundOrder, inventory, inventoryLog, outboundOrder, sku, warehouse } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { BizType, InboundOrderStatus as In, OutboundOrderStatus as Out, TransferStatus } from '../../../../generated/shared/enums';
import { rules } from '../../../shared/validation';
import type { ResourceSpec } from '../../../shared/resource-meta';
import type { Db } from '../../db/connect';
import { wmsInventorySnapshot } from '../../db/internal-schema';
import { manifestLabel, type BodyRule } from '../../http/body';
import type { RequestContext, UserContext } from '../../http/context';
import { requireInScope, scopeConditions, scopeIds } from '../../http/guard';
import { rawQuery } from '../../db/raw';
import { TRANSIT_SQL, transitTables } from '../transfers/transfers';
import { sapiRoute } from '../../http/sapi';
import { dayStart, Params, toDrizzle } from '../../crud/filters';
import { nearExpirySql } from '../inventory/expiry';
import { revenueByOwnerMonth, type RevenueRow } from './revenue';
// the nightly snapshot that feeds `stockUnits`: loading this module registers its job handler
import './snapshot';

/** Days of the daily series, today included. */
export const DAYS = 30;
const DAY_MS = 86_400_000;

export interface DashboardQuery { warehouseId?: number | null; ownerId?: number | null }

export interface DashboardOverview {
  counts: {
    skus: number; onHand: number; locked: number; available: number;
    inboundOpen: number; outboundToShip: number; receivedToday: number; shippedToday: number; nearExpiry: number; inTransit: number;
  };
  inventoryByWarehouse: Array<{ warehouseId: number; warehouseName: string; qty: number; lockQty: number }>;
  daily: Array<{ date: string; inboundUnits: number; outboundUnits: number; stockUnits: number | null }>;
  revenue: RevenueRow[] | null;
}

const inventoryMeta = bindings.inventory.meta as ResourceSpec;

/** `{ warehouseId?, ownerId? }`: optional ids (1..INT4_MAX), labelled like the inventory list's filters. */
export const dashboardBody: BodyRule<DashboardQuery> = {
  schema: (lang) => {
    const r = rules(lang, 'query');
    return yup.object({
      warehouseId: r.ref(manifestLabel('warehouseId', inventoryMeta)!),
      ownerId: r.ref(manifestLabel('ownerId', inventoryMeta)!),
    });
  },
  labels: inventoryMeta,
};

/** The open inbound states and the outbound states still to ship. */
const INBOUND_OPEN = [In.CREATED, In.RECEIVING, In.PROBLEM];
const OUTBOUND_TO_SHIP = [Out.CREATED, Out.ALLOCATED, Out.PICKING, Out.PACKED];

/** The `count` days ending with the caller's today: `YYYY-MM-DD` (oldest first) and the first day's start instant. */
export function callerDays(now: Date, tzHours: number, n = DAYS): { dates: string[]; start: Date } {
  const local = new Date(now.getTime() + tzHours * 3_600_000);
  const today = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  const dates = Array.from({ length: n }, (_, k) => new Date(today.getTime() - (n - 1 - k) * DAY_MS).toISOString().slice(0, 10));
  return { dates, start: dayStart(new Date(today.getTime() - (n - 1) * DAY_MS), tzHours) };
}

const num = (v: unknown) => Number(v ?? 0);

/** The dashboard figures for `user` (module doc); `now` for tests. */
export async function dashboardOverview(db: Db, ctx: RequestContext, user: UserContext, q: DashboardQuery, now = new Date()): Promise<DashboardOverview> {
  if (q.warehouseId) requireInScope(ctx, user, 'warehouse', { ...manifestLabel('warehouseId', inventoryMeta)!, field: 'warehouseId' }, q.warehouseId);
  if (q.ownerId) requireInScope(ctx, user, 'owner', { ...manifestLabel('ownerId', inventoryMeta)!, field: 'ownerId' }, q.ownerId);
  /** Scope and body filters on a table's warehouse and owner columns (SKUs have no warehouse). */
  const cut = (cols: { warehouseId?: Parameters<typeof eq>[0]; ownerId: Parameters<typeof eq>[0] }): SQL[] => [
    ...scopeConditions(user, { owner: cols.ownerId as never, ...(cols.warehouseId ? { warehouse: cols.warehouseId as never } : {}) }),
    ...(q.ownerId ? [eq(cols.ownerId, q.ownerId)] : []),
    ...(q.warehouseId && cols.warehouseId ? [eq(cols.warehouseId, q.warehouseId)] : []),
  ];
  const { dates, start } = callerDays(now, ctx.tzHours);
  const localDay = sql<string>`to_char((${inventoryLog.addDate} at time zone 'UTC') + make_interval(hours => ${ctx.tzHours}::int), 'YYYY-MM-DD')`;

  const near = new Params();
  const nearExpiry = toDrizzle(nearExpirySql(`"${getTableName(inventory)}"`, near), near.values);
  // in transit: the goods owner in scope, and either warehouse (the goods belong to neither while on the road)
  const tp = new Params();
  const tWhere: string[] = [];
  const [owners, whs] = [scopeIds(user, 'owner'), scopeIds(user, 'warehouse')];
  if (owners !== 'all') tWhere.push(`t.owner_id = any(${tp.add(owners, '::int[]')})`);
  if (whs !== 'all') tWhere.push(`(t.from_warehouse_id = any(${tp.add(whs, '::int[]')}) or t.to_warehouse_id = any(${tp.add(whs, '::int[]')}))`);
  if (q.ownerId) tWhere.push(`t.owner_id = ${tp.add(q.ownerId)}`);
  if (q.warehouseId) tWhere.push(`(t.from_warehouse_id = ${tp.add(q.warehouseId)} or t.to_warehouse_id = ${tp.add(q.warehouseId)})`);
  const transit = rawQuery(db, `select coalesce(sum(${TRANSIT_SQL('t', 'tl')}), 0)::int as n from ${transitTables.transfer} t join ${transitTables.line} tl on tl.transfer_id = t.id
    where t.status = ${TransferStatus.IN_TRANSIT}${tWhere.map((c) => ` and ${c}`).join('')}`, tp.values);
  const [[skus], [inbound], [outbound], byWarehouse, moves, snapshots, [expiring], [inTransit], revenue] = await Promise.all([
    db.select({ n: count() }).from(sku).where(and(...cut({ ownerId: sku.ownerId }))),
    db.select({ n: count() }).from(inboundOrder).where(and(inArray(inboundOrder.status, INBOUND_OPEN), ...cut(inboundOrder))),
    db.select({ n: count() }).from(outboundOrder).where(and(inArray(outboundOrder.status, OUTBOUND_TO_SHIP), ...cut(outboundOrder))),
    db.select({ warehouseId: inventory.warehouseId, warehouseName: warehouse.name, qty: sum(inventory.qty), lockQty: sum(inventory.lockQty) })
      .from(inventory).innerJoin(warehouse, eq(warehouse.id, inventory.warehouseId))
      .where(and(...cut(inventory))).groupBy(inventory.warehouseId, warehouse.name).orderBy(warehouse.name),
    db.select({
      date: localDay,
      inboundUnits: sql<string>`coalesce(sum(${inventoryLog.changeQty}) filter (where ${inventoryLog.bizType} = ${BizType.INBOUND_ORDER} and ${inventoryLog.changeQty} > 0), 0)`,
      outboundUnits: sql<string>`coalesce(-sum(${inventoryLog.changeQty}) filter (where ${inventoryLog.bizType} = ${BizType.OUTBOUND_ORDER} and ${inventoryLog.changeQty} < 0), 0)`,
    }).from(inventoryLog)
      .where(and(inArray(inventoryLog.bizType, [BizType.INBOUND_ORDER, BizType.OUTBOUND_ORDER]), gte(inventoryLog.addDate, start), ...cut(inventoryLog)))
      .groupBy(sql.raw('1')), // by position: the day expression holds a parameter, so a repeated text would not match
    db.select({ date: sql<string>`${wmsInventorySnapshot.snapshotDate}::text`, qty: sum(wmsInventorySnapshot.qty) }).from(wmsInventorySnapshot)
      .where(and(between(wmsInventorySnapshot.snapshotDate, dates[0], dates[dates.length - 1]), ...cut(wmsInventorySnapshot)))
      .groupBy(wmsInventorySnapshot.snapshotDate),
    db.select({ n: count() }).from(inventory).where(and(nearExpiry, ...cut(inventory))),
    transit,
    revenueByOwnerMonth(db, user, q.ownerId, now),
  ]);

  const inventoryByWarehouse = byWarehouse.map((w) => ({ warehouseId: w.warehouseId, warehouseName: w.warehouseName, qty: num(w.qty), lockQty: num(w.lockQty) }));
  const onHand = inventoryByWarehouse.reduce((a, w) => a + w.qty, 0);
  const locked = inventoryByWarehouse.reduce((a, w) => a + w.lockQty, 0);
  const moveOf = new Map(moves.map((m) => [m.date, m]));
  const stockOf = new Map(snapshots.map((s) => [s.date, num(s.qty)]));
  const daily = dates.map((date, k) => ({
    date,
    inboundUnits: num(moveOf.get(date)?.inboundUnits),
    outboundUnits: num(moveOf.get(date)?.outboundUnits),
    stockUnits: k === dates.length - 1 ? onHand : (stockOf.get(date) ?? null),
  }));
  const today = daily[daily.length - 1];
  return {
    counts: {
      skus: num(skus.n), onHand, locked, available: onHand - locked,
      inboundOpen: num(inbound.n), outboundToShip: num(outbound.n),
      receivedToday: today.inboundUnits, shippedToday: today.outboundUnits, nearExpiry: num(expiring.n), inTransit: num(inTransit.n),
    },
    inventoryByWarehouse,
    daily,
    revenue,
  };
}

/** Registers `POST /sapi/dashboard/overview` (code `dashboard`). */
export function registerDashboardRoutes(app: FastifyInstance, db: Db): void {
  sapiRoute(app, db, '/sapi/dashboard/overview', 'dashboard', { body: dashboardBody }, ({ ctx, user, body }) => dashboardOverview(db, ctx, user, body));
}
