/**
 * The outbound order calls (POST, envelope {code, msg, data}; src/server/domain/outbound/orders.ts) through
 * the data provider's `call`, so the screens can be tested with a stub provider. Failures reject with the
 * server msg (spec 8, e.g. 409 "Insufficient inventory for selected product ..."). Amounts are in cents.
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { OutboundOrder } from '../../../../generated/shared/types';
import { callOf } from '../../kit/documentApi';
import { OUTBOUND_PATHS, type OutboundAction, type OutboundRecord } from './constants';

/** One line of an add/edit body. */
export interface OutboundLineBody {
  skuId: number;
  batchNo: string;
  qty: number;
}

/** The editable fields of an order (the generated record type's; money in cents, currencies `Currency` values). */
export type OutboundFieldsBody = Pick<
  OutboundOrder,
  | 'platformOrderNo'
  | 'receiverName'
  | 'receiverPhone'
  | 'receiverEmail'
  | 'countryCode'
  | 'province'
  | 'city'
  | 'postcode'
  | 'address'
  | 'codAmount'
  | 'codCurrency'
  | 'insured'
  | 'insuredAmount'
  | 'insuredCurrency'
  | 'waybillNo'
  | 'remark'
> & { lines: OutboundLineBody[] };

export type OutboundAddBody = OutboundFieldsBody & Pick<OutboundOrder, 'type' | 'warehouseId' | 'ownerId'>;

/** Edit: type, warehouse and owner cannot change (read-only on edit in the manifest), so they are not sent. */
export type OutboundEditBody = OutboundFieldsBody & { id: Identifier };

export const outboundApi = {
  add: (dp: DataProvider, body: OutboundAddBody) => callOf(dp)<OutboundRecord>(OUTBOUND_PATHS.add, body),
  edit: (dp: DataProvider, body: OutboundEditBody) => callOf(dp)<OutboundRecord>(OUTBOUND_PATHS.edit, body),
  remove: (dp: DataProvider, id: Identifier) => callOf(dp)<null>(OUTBOUND_PATHS.remove, { id }),
  /** allocate, pick, ship, cancel `{id}`; pack `{id, waybillNo?, carrier?, weight?}`; deliver `{id, deliveryStatus}`. */
  action: (dp: DataProvider, action: OutboundAction, id: Identifier, extra: Record<string, unknown> = {}) =>
    callOf(dp)<OutboundRecord>(OUTBOUND_PATHS[action], { id, ...extra }),
};
