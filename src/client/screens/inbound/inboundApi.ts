/**
 * The inbound order calls (issue 5; POST, envelope {code, msg, data}) through the data provider's `call`,
 * so the screens can be tested with a stub provider. Failures reject with the server msg (spec 8).
 */
import type { DataProvider, Identifier } from 'react-admin';
import { callOf } from '../../kit/documentApi';
import { INBOUND_PATHS, type InboundRecord } from './constants';

export interface InboundLineBody {
  skuId: number;
  batchNo: string;
  plannedQty: number;
}

export interface InboundAddBody {
  type: number;
  warehouseId: number;
  ownerId: number;
  storeOrderNo: string | null;
  sourceOutboundNo: string | null;
  waybillNo: string | null;
  returnWaybillNo: string | null;
  plannedArrivalTime: string | null;
  remark: string | null;
  lines: InboundLineBody[];
}

export type InboundEditBody = Omit<InboundAddBody, 'type' | 'warehouseId' | 'ownerId'> & { id: Identifier };

export interface ReceiptLine {
  lineId: number;
  qty: number;
  batchNo?: string;
  /** `yyyy-MM-dd` (issue 30): the batch's dates. */
  productionDate?: string;
  expiryDate?: string;
}

export interface ReceiveBody {
  id: Identifier;
  lines: ReceiptLine[];
  overReceipt?: boolean;
}

/** The workflow actions taking only the id. */
export type SimpleAction = 'cancel' | 'cancelProblem' | 'recreate' | 'complete';

export const inboundApi = {
  add: (dp: DataProvider, body: InboundAddBody) => callOf(dp)<InboundRecord>(INBOUND_PATHS.add, body),
  edit: (dp: DataProvider, body: InboundEditBody) => callOf(dp)<InboundRecord>(INBOUND_PATHS.edit, body),
  remove: (dp: DataProvider, id: Identifier) => callOf(dp)<null>(INBOUND_PATHS.remove, { id }),
  detail: (dp: DataProvider, id: Identifier) => callOf(dp)<InboundRecord>(INBOUND_PATHS.detail, { id }),
  action: (dp: DataProvider, action: SimpleAction, id: Identifier) => callOf(dp)<InboundRecord>(INBOUND_PATHS[action], { id }),
  submitProblem: (dp: DataProvider, id: Identifier, problemReason: string) => callOf(dp)<InboundRecord>(INBOUND_PATHS.submitProblem, { id, problemReason }),
  receive: (dp: DataProvider, body: ReceiveBody) => callOf(dp)<InboundRecord>(INBOUND_PATHS.receive, body),
  scan: (dp: DataProvider, code: string, type?: number) =>
    callOf(dp)<InboundRecord>(INBOUND_PATHS.scan, type === undefined ? { code } : { code, type }),
};
