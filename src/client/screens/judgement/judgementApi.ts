/**
 * The adjustment calls (issue 4; POST, envelope {code, msg, data}), all through the data provider's `call`
 * so the screens can be tested with a stub provider. Failures reject with the server msg (spec 8).
 */
import type { DataProvider, Identifier } from 'react-admin';
import { callOf } from '../../kit/documentApi';
import { JUDGEMENT_PATHS, type JudgementRecord } from './constants';

/** One line of an add/edit body: an inventory record, or a SKU + batch the warehouse holds no record of. */
export type JudgementLineBody =
  | { inventoryId: number; type: number; qty: number; reason: string | null }
  | { skuId: number; batchNo: string; type: number; qty: number; reason: string | null };

export interface JudgementAddBody {
  warehouseId: number;
  ownerId: number;
  remark: string | null;
  lines: JudgementLineBody[];
}

export interface JudgementEditBody {
  id: Identifier;
  remark: string | null;
  lines: JudgementLineBody[];
}

export const judgementApi = {
  add: (dp: DataProvider, body: JudgementAddBody) => callOf(dp)<JudgementRecord>(JUDGEMENT_PATHS.add, body),
  edit: (dp: DataProvider, body: JudgementEditBody) => callOf(dp)<JudgementRecord>(JUDGEMENT_PATHS.edit, body),
  remove: (dp: DataProvider, id: Identifier) => callOf(dp)<null>(JUDGEMENT_PATHS.remove, { id }),
  detail: (dp: DataProvider, id: Identifier) => callOf(dp)<JudgementRecord>(JUDGEMENT_PATHS.detail, { id }),
  approve: (dp: DataProvider, id: Identifier) => callOf(dp)<JudgementRecord>(JUDGEMENT_PATHS.approve, { id }),
  reject: (dp: DataProvider, id: Identifier, rejectReason: string) => callOf(dp)<JudgementRecord>(JUDGEMENT_PATHS.reject, { id, rejectReason }),
};
