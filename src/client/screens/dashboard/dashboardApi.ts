/**
 * The dashboard's one call, `POST /sapi/dashboard/overview` (docs/dashboard.md; server:
 * src/server/domain/statistics/dashboard.ts). Quantities are units (pieces); days are `YYYY-MM-DD` in the
 * caller's time zone (the X-Time-Zone header every call carries), oldest first, today last.
 */
import type { DataProvider } from 'react-admin';
import type { WmsDataProvider } from '../../providers/dataProvider';

export const DASHBOARD_PATH = '/sapi/dashboard/overview';

export interface DashboardCounts {
  skus: number;
  onHand: number;
  locked: number;
  available: number;
  inboundOpen: number;
  outboundToShip: number;
  receivedToday: number;
  shippedToday: number;
  /** Stock records near expiry (their owner's window, expired included; issue 30). */
  nearExpiry: number;
  inTransit: number;
}

/** Revenue of one goods owner in one month (server: statistics/revenue.ts): cents; status DRAFT / CONFIRMED, null = accrued. */
export interface RevenueRow { month: string; ownerId: number; ownerName: string; currency: string; amount: number; status: string | null }

export interface DashboardOverview {
  counts: DashboardCounts;
  inventoryByWarehouse: Array<{ warehouseId: number; warehouseName: string; qty: number; lockQty: number }>;
  /** `stockUnits`: the nightly snapshot's units on hand (null: no snapshot that day); today's is the stock now. */
  daily: Array<{ date: string; inboundUnits: number; outboundUnits: number; stockUnits: number | null }>;
  /** Operators only (every owner and warehouse, billing:list); null for anyone else. */
  revenue: RevenueRow[] | null;
}

/** The caller's figures; without the full-screen mask (the page shows its own progress). */
export const loadOverview = (dp: DataProvider) => (dp as WmsDataProvider).call<DashboardOverview>(DASHBOARD_PATH, {}, { skipLoading: true });
