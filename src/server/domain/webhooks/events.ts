/**
 * Webhook events (issue 31; docs/owner-api.md "Webhooks"): the outbox. An event is written by the change that
 * raises it, in that change's transaction, so it commits or rolls back with the change and none is lost; its
 * deliveries (one per active subscription of the owner that wants the type, sys_webhook_delivery) are written in
 * the same statement, and the job webhookDelivery (./worker.ts) sends them. Nothing is written when no active
 * subscription of the owner wants the type.
 *
 * Where events are raised (each in one place):
 * - outbound.allocated / outbound.shipped / outbound.delivered: the outbound order's workflow steps allocate, ship
 *   and deliver (ResourceHooks.afterStep, called by crud/workflow.ts transition), and a delivery status the
 *   carrier's tracking sets (waybills/tracking.ts);
 * - inbound.received: the inbound order's step receive (every receipt);
 * - waybill.created: waybills/create.ts when the carrier's waybill lands on the order;
 * - inventory.changed: the ledger (inventory/ledger.ts applyLedger), one event per inventory row a call changed.
 *
 * Order per document: an event's `documentKey` names its document (`outboundOrder:12`, `inboundOrder:3`,
 * `inventory:45`; a waybill is its order's). Every raise runs after the change locked the document's row (the
 * status UPDATE, the ledger's row UPDATE), so events of one document get ascending ids in commit order, and
 * `documentSeq` counts them 1, 2, 3 ... The worker sends a document's next event only after the one before.
 */
import { getTableName } from 'drizzle-orm';
import { inventory, sku, webhook, webhookDelivery } from '../../../../generated/db/schema';
import { WebhookDeliveryStatus, WebhookEvent, WebhookStatus } from '../../../../generated/shared/enums';
import { ident } from '../../crud/filters';
import type { Db } from '../../db/connect';
import { wmsWebhookEvent } from '../../db/internal-schema';
import { rawQuery } from '../../db/raw';

type Row = Record<string, unknown>;
export type WebhookEventKey = keyof typeof WebhookEvent;

/** The wire name of an event type: the key in lower case with its first underscore a dot (OUTBOUND_ALLOCATED -> outbound.allocated). */
export const eventWireName = (key: string): string => key.toLowerCase().replace('_', '.');
/** The WebhookEvent key of a value. */
export const eventKeyOf = (value: number): WebhookEventKey => (Object.keys(WebhookEvent) as WebhookEventKey[]).find((k) => WebhookEvent[k] === value)!;

/** One event to raise: the owner whose subscriptions get it, its type, its document and its payload's `data`. */
export interface RaisedEvent { ownerId: number; type: WebhookEventKey; documentKey: string; data: Row }

const EVENT = ident(getTableName(wmsWebhookEvent));
const HOOK = ident(getTableName(webhook));
const DELIVERY = ident(getTableName(webhookDelivery));

/**
 * The tail of a raise: from a CTE `input(owner_id, type, type_key, document_key, data, n)` the events wanted by
 * an active subscription (numbered per document after the ones before), then their deliveries.
 */
const RAISE_TAIL = `,
wanted as (
  select x.*, coalesce((select max(e.document_seq) from ${EVENT} e where e.document_key = x.document_key), 0)
    + row_number() over (partition by x.document_key order by x.n) as seq
  from input x
  where exists (select 1 from ${HOOK} s where s.owner_id = x.owner_id and s.status = ${WebhookStatus.ACTIVE} and x.type_key = any(s.events))),
ev as (
  insert into ${EVENT} (owner_id, type, document_key, document_seq, data)
  select owner_id, type, document_key, seq, data from wanted order by n
  returning id, owner_id, type, document_key)
insert into ${DELIVERY} (webhook_id, owner_id, event_id, event_type, document_key, status, attempts, next_attempt_at, queued_at)
select s.id, ev.owner_id, ev.id, ev.type, ev.document_key, ${WebhookDeliveryStatus.PENDING}, 0, now(), now()
from ev join (select distinct type, type_key from input) k on k.type = ev.type
  join ${HOOK} s on s.owner_id = ev.owner_id and s.status = ${WebhookStatus.ACTIVE} and k.type_key = any(s.events)
order by ev.id, s.id`;

const RAISE = `with input as (
  select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::jsonb[]) with ordinality as x(owner_id, type, type_key, document_key, data, n))${RAISE_TAIL}`;

/**
 * Writes `events` (in the given order) and their deliveries with `tx`, the transaction of the change that raised
 * them; call it after the change has locked its document's row (module doc). One statement.
 */
export async function raiseEvents(tx: Db, events: RaisedEvent[]): Promise<void> {
  if (!events.length) return;
  await rawQuery(tx, RAISE, [
    events.map((e) => e.ownerId), events.map((e) => WebhookEvent[e.type]), events.map((e) => e.type),
    events.map((e) => e.documentKey), events.map((e) => JSON.stringify(e.data)),
  ]);
}

/** The inventory row changes of one ledger call: row id, the call's change of qty and lockQty, its bizType and bizNo. */
export interface InventoryChange { inventoryId: number; changeQty: number; changeLockQty: number; bizType: number; bizNo: string }

const INVENTORY_RAISE = `with input as (
  select i.owner_id, ${WebhookEvent.INVENTORY_CHANGED} as type, 'INVENTORY_CHANGED'::text as type_key, 'inventory:' || i.id as document_key,
    jsonb_build_object('inventoryId', i.id, 'warehouseId', i.warehouse_id, 'sku', s.sku, 'batchNo', i.batch_no, 'qty', i.qty,
      'lockQty', i.lock_qty, 'available', i.qty - i.lock_qty, 'changeQty', x.dq, 'changeLockQty', x.dl, 'bizType', x.biz_type, 'bizNo', x.biz_no) as data,
    x.n
  from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[]) with ordinality as x(inventory_id, dq, dl, biz_type, biz_no, n)
  join ${ident(getTableName(inventory))} i on i.id = x.inventory_id
  join ${ident(getTableName(sku))} s on s.id = i.sku_id)${RAISE_TAIL}`;

/**
 * inventory.changed for the rows a ledger call changed (inventory/ledger.ts, after its UPDATE locked them): the
 * row's qty, lockQty and available after the call, the call's change, bizType and bizNo. One statement.
 */
export async function raiseInventoryChanged(tx: Db, changes: InventoryChange[]): Promise<void> {
  if (!changes.length) return;
  await rawQuery(tx, INVENTORY_RAISE, [
    changes.map((c) => c.inventoryId), changes.map((c) => c.changeQty), changes.map((c) => c.changeLockQty),
    changes.map((c) => c.bizType), changes.map((c) => c.bizNo),
  ]);
}

/** The outbound order fields an outbound.* or waybill.created event carries. */
export const outboundData = (o: Row): Row => ({
  orderId: o.id, orderNo: o.orderNo, platformOrderNo: o.platformOrderNo ?? null, warehouseId: o.warehouseId, status: o.status,
  deliveryStatus: o.deliveryStatus ?? null, waybillNo: o.waybillNo ?? null, logisticsCompany: o.logisticsCompany ?? null,
  shippedTime: o.shippedTime ?? null,
});

/** The events of the outbound order's workflow steps (ResourceHooks.afterStep of outboundOrder). */
const OUTBOUND_STEPS: Record<string, WebhookEventKey> = { allocate: 'OUTBOUND_ALLOCATED', ship: 'OUTBOUND_SHIPPED', deliver: 'OUTBOUND_DELIVERED' };

/** afterStep of outboundOrder: raises outbound.allocated, .shipped, .delivered for those steps. */
export async function outboundStepEvents(db: Db, action: string, order: Row): Promise<void> {
  const type = OUTBOUND_STEPS[action];
  if (type) await raiseEvents(db, [{ ownerId: order.ownerId as number, type, documentKey: `outboundOrder:${order.id}`, data: outboundData(order) }]);
}

/** afterStep of inboundOrder: raises inbound.received for every receipt (step receive). */
export async function inboundStepEvents(db: Db, action: string, order: Row): Promise<void> {
  if (action !== 'receive') return;
  await raiseEvents(db, [{
    ownerId: order.ownerId as number, type: 'INBOUND_RECEIVED', documentKey: `inboundOrder:${order.id}`,
    data: { orderId: order.id, orderNo: order.orderNo, storeOrderNo: order.storeOrderNo ?? null, warehouseId: order.warehouseId, status: order.status },
  }]);
}
