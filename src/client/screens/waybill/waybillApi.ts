/**
 * The waybill calls of the console (issue 17; server: src/server/domain/waybills/routes.ts) through the data
 * provider's `call`; a refusal rejects with the server's msg, which carries the carrier's own words.
 */
import type { DataProvider } from 'react-admin';
import { apiPaths } from '../../../../generated/client/api';
import { callOf } from '../../kit/documentApi';

/** A waybill record (manifest resource `waybill`). */
export interface WaybillRecord {
  id: number;
  orderId: number;
  orderNo: string | null;
  configId: number;
  configName: string | null;
  carrier: number | null;
  status: number;
  waybillNo: string | null;
  status3pl: string | null;
  message: string | null;
  requestKey: string | null;
  labelFile: string | null;
  /** kg */
  weight: number | null;
  addDate: string;
}

export interface TrackEventRecord { waybillId: number; at: string; code: string; description: string; location: string | null }

/** A carrier configuration as listed (no credentials ever come back). */
export interface CarrierConfigRecord { id: number; name: string; carrier: number; warehouseId: number; isDefault: boolean; testEnv: boolean }

export interface BulkLine { orderId: number; orderNo: string | null; waybillNo: string | null; message: string | null }

/** The code of waybill creation and cancellation (manifest `codes`: outbound:waybill). */
export const WAYBILL_CODE = 'outbound:waybill';

const P = apiPaths.waybill;

export const waybillApi = {
  create: (dp: DataProvider, body: Record<string, unknown>) => callOf(dp)<WaybillRecord>(`${P}/create`, body),
  cancel: (dp: DataProvider, id: number) => callOf(dp)<WaybillRecord>(`${P}/cancel`, { id }),
  ofOrder: (dp: DataProvider, orderId: number) => callOf(dp)<{ waybills: WaybillRecord[]; events: TrackEventRecord[] }>(`${P}/ofOrder`, { id: orderId }),
  bulkCreate: (dp: DataProvider, body: { ids: number[]; configId: number; requestKey: string }) => callOf(dp)<BulkLine[]>(`${P}/bulkCreate`, body),
  /** The carrier configurations of a warehouse (the default first). */
  configs: async (dp: DataProvider, warehouseId: number) => {
    const list = await callOf(dp)<CarrierConfigRecord[]>(`${apiPaths.carrierConfig}/list`, { warehouseId });
    return [...list].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));
  },
};

/** The label's stored file address; the console opens it at a signed address (widgets/StoredFileButton; issue 26). */
export const labelUrl = (labelFile: string) => `/sapi/sys/file/get/${labelFile}`;
