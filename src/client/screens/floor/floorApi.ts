/**
 * The calls of the scanning screens (POST, envelope {code, msg, data}) through the data provider's `call`; a
 * refusal rejects with the server msg (spec 8), shown as it comes. Server side: src/server/domain/moves/putaway.ts
 * (putaway/*), moves.ts (move/*), outbound/picking.ts (outbound-order/pick/*); docs/locations.md.
 */
import type { DataProvider } from 'react-admin';
import type { WmsDataProvider } from '../../providers/dataProvider';

export const FLOOR_PATHS = {
  warehouses: '/sapi/wms/warehouse/list',
  putawayList: '/sapi/wms/putaway/list',
  putawaySuggest: '/sapi/wms/putaway/suggest',
  putawayConfirm: '/sapi/wms/putaway/confirm',
  orders: '/sapi/wms/outbound-order/list',
  orderScan: '/sapi/wms/outbound-order/scan',
  pickList: '/sapi/wms/outbound-order/pick/list',
  pickConfirm: '/sapi/wms/outbound-order/pick/confirm',
  pickReallocate: '/sapi/wms/outbound-order/pick/reallocate',
  locations: '/sapi/wms/location/list',
  locationStock: '/sapi/wms/location-inventory/list',
  moveAdd: '/sapi/wms/move/add',
  moveConfirm: '/sapi/wms/move/confirm',
  moveCancel: '/sapi/wms/move/cancel',
} as const;

/** A putaway suggestion (putaway.ts `suggestion`), or null when no location fits. */
export interface Suggestion {
  locationId: number;
  code: string;
  room: number | null;
  reason: 'SAME_STOCK' | 'EMPTY';
}

/** A pending putaway: a location stock row on a RECEIVING location (putaway/list). */
export interface PutawayRow {
  id: number;
  inventoryId: number;
  ownerId: number;
  skuId: number;
  sku: string;
  skuName: string;
  batchNo: string;
  locationName: string;
  ownerName?: string;
  availableQty: number;
  suggestion: Suggestion | null;
}

/** A pick task (outbound/stock.ts PickTask). */
export interface PickTask {
  id: number;
  lineId: number;
  skuId: number;
  sku: string;
  skuName: string;
  batchNo: string;
  locationCode: string | null;
  qty: number;
  pickedQty: number;
}

/** pick/confirm and pick/reallocate (picking.ts PickResult). */
export interface PickResult {
  status: number;
  discrepancy: { shortQty: number; foundQty: number; expectedQty: number } | null;
  offered: PickTask[];
  unreserved: number;
  tasks: PickTask[];
}

/** An outbound order as the pick screen needs it. */
export interface PickOrder {
  id: number;
  orderNo: string;
  ownerId: number;
  status: number;
}

/** A location stock row (location-inventory/list). */
export interface StockRow {
  id: number;
  inventoryId: number;
  ownerId: number;
  skuId: number;
  sku: string;
  batchNo: string;
  qty: number;
  lockQty: number;
}

export interface LocationRecord {
  id: number;
  code: string;
}

export interface MoveLineBody {
  inventoryId: number;
  fromLocationId: number;
  toLocationId: number;
  qty: number;
}

const call = <T>(dp: DataProvider, path: string, body: object) => (dp as WmsDataProvider).call<T>(path, body);

export const floorApi = {
  warehouses: (dp: DataProvider) => call<Array<{ id: number; name: string }>>(dp, FLOOR_PATHS.warehouses, {}),
  putawayList: (dp: DataProvider, warehouseId: number) => call<PutawayRow[]>(dp, FLOOR_PATHS.putawayList, { warehouseId }),
  /** The row again with the suggestion for `qty` units. */
  suggest: (dp: DataProvider, id: number, qty: number) => call<PutawayRow>(dp, FLOOR_PATHS.putawaySuggest, { id, qty }),
  /** Answers the PUTAWAY move document ({moveNo, ...}). */
  putaway: (dp: DataProvider, body: { id: number; toLocationCode: string; skuCode: string; qty: number }) => call<{ moveNo: string }>(dp, FLOOR_PATHS.putawayConfirm, body),
  /** Orders of one status (first 1,000, the list call's cap). */
  orders: (dp: DataProvider, status: number) => call<PickOrder[]>(dp, FLOOR_PATHS.orders, { status }),
  /** The order of an order, platform order, package or waybill number. */
  scanOrder: (dp: DataProvider, code: string) => call<PickOrder>(dp, FLOOR_PATHS.orderScan, { code }),
  pickList: (dp: DataProvider, id: number) => call<PickTask[]>(dp, FLOOR_PATHS.pickList, { id }),
  pick: (dp: DataProvider, body: { id: number; allocationId: number; locationCode: string; skuCode: string; qty: number; short?: boolean }) => call<PickResult>(dp, FLOOR_PATHS.pickConfirm, body),
  reallocate: (dp: DataProvider, id: number) => call<PickResult>(dp, FLOOR_PATHS.pickReallocate, { id }),
  /** The warehouse's location of exactly `code` (any case), or undefined. */
  location: async (dp: DataProvider, warehouseId: number, code: string) =>
    (await call<LocationRecord[]>(dp, FLOOR_PATHS.locations, { warehouseId, code })).find((l) => l.code.toLowerCase() === code.trim().toLowerCase()),
  stockAt: (dp: DataProvider, warehouseId: number, locationId: number) => call<StockRow[]>(dp, FLOOR_PATHS.locationStock, { warehouseId, locationId }),
  /** move/add then move/confirm; a refused confirmation cancels the new move (nothing moved) and rejects with its msg. */
  move: async (dp: DataProvider, warehouseId: number, lines: MoveLineBody[]) => {
    const created = await call<{ id: number; moveNo: string }>(dp, FLOOR_PATHS.moveAdd, { warehouseId, lines });
    try {
      return await call<{ id: number; moveNo: string }>(dp, FLOOR_PATHS.moveConfirm, { id: created.id });
    } catch (e) {
      await call(dp, FLOOR_PATHS.moveCancel, { id: created.id }).catch(() => undefined);
      throw e;
    }
  },
};
