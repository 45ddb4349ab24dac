/**
 * The tracking pull (issue 17): for every created waybill of a shipped order whose delivery is not settled
 * (delivery status empty or partially delivered), ask its carrier for the updates, keep each new scan in
 * wms_waybill_event (the order's tracking history), and set the carrier's latest words as status3pl on the
 * waybill and the order, and the delivery status the adapter maps them to (delivered -> All delivered,
 * returned -> Not delivered).
 *
 * Registered with the scheduler's job registry as bean `waybillTracking` (seeded every 30 minutes); tests
 * call {@link pullTracking} or the handler's `run` directly.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { carrierConfig, outboundOrder, waybill } from '../../../../generated/db/schema';
import { DeliveryStatus, OutboundOrderStatus as S, WaybillStatus as W } from '../../../../generated/shared/enums';
import type { Db } from '../../db/connect';
import { wmsWaybillEvent } from '../../db/internal-schema';
import { registerJobHandler } from '../jobs/registry';
import { adapterOf } from './carriers';
import { outboundData, raiseEvents } from '../webhooks/events';

/** Waybills asked about in one carrier call. */
const CHUNK = 50;

export interface TrackingSummary { tracked: number; updated: number; failed: string[] }

/**
 * One pull over every open waybill (see the module doc).
 * @returns how many waybills were asked about, how many changed, and one line per configuration that failed.
 * @throws Error when every configuration failed (the scheduler then retries the job).
 */
export async function pullTracking(db: Db, signal?: AbortSignal): Promise<TrackingSummary> {
  const open = await db.select({ id: waybill.id, no: waybill.waybillNo, configId: waybill.configId, orderId: waybill.orderId, status3pl: waybill.status3pl })
    .from(waybill).innerJoin(outboundOrder, eq(outboundOrder.id, waybill.orderId))
    .where(and(eq(waybill.status, W.CREATED), eq(outboundOrder.status, S.SHIPPED), eq(outboundOrder.waybillNo, waybill.waybillNo),
      or(isNull(outboundOrder.deliveryStatus), eq(outboundOrder.deliveryStatus, DeliveryStatus.PARTIALLY_DELIVERED))));
  const byConfig = new Map<number, typeof open>();
  for (const w of open) byConfig.set(w.configId, [...(byConfig.get(w.configId) ?? []), w]);
  const summary: TrackingSummary = { tracked: 0, updated: 0, failed: [] };
  for (const [configId, list] of byConfig) {
    const [config] = await db.select().from(carrierConfig).where(eq(carrierConfig.id, configId));
    for (let i = 0; i < list.length; i += CHUNK) {
      if (signal?.aborted) throw new Error('tracking stopped');
      const chunk = list.slice(i, i + CHUNK);
      let results;
      try {
        results = await adapterOf(config).track(chunk.map((w) => w.no!));
      } catch (e) {
        summary.failed.push(`${config.name}: ${(e as Error).message}`);
        break;
      }
      summary.tracked += chunk.length;
      for (const r of results) {
        const w = chunk.find((x) => x.no === r.waybillNo);
        if (!w) continue;
        await db.transaction(async (tx) => {
          if (r.events.length) {
            await tx.insert(wmsWaybillEvent).values(r.events.map((e) => ({ waybillId: w.id, at: e.at, code: e.code.slice(0, 20), description: e.description.slice(0, 300), location: e.location?.slice(0, 100) ?? null }))).onConflictDoNothing();
          }
          const status3pl = r.status3pl?.slice(0, 100) ?? null;
          if (status3pl === w.status3pl && r.delivery === null) return;
          summary.updated++;
          await tx.update(waybill).set({ status3pl, updateDate: new Date() }).where(eq(waybill.id, w.id));
          const [before] = await tx.select({ deliveryStatus: outboundOrder.deliveryStatus }).from(outboundOrder).where(eq(outboundOrder.id, w.orderId)).for('update');
          const [order] = await tx.update(outboundOrder).set({ status3pl, ...(r.delivery !== null ? { deliveryStatus: r.delivery } : {}), updateDate: new Date() }).where(eq(outboundOrder.id, w.orderId)).returning();
          // a new delivery status is outbound.delivered, as the console's deliver step (webhooks/events.ts)
          if (order && r.delivery !== null && r.delivery !== before?.deliveryStatus) {
            await raiseEvents(tx as unknown as Db, [{ ownerId: order.ownerId, type: 'OUTBOUND_DELIVERED', documentKey: `outboundOrder:${order.id}`, data: outboundData(order) }]);
          }
        });
      }
    }
  }
  if (summary.failed.length && summary.failed.length === byConfig.size) throw new Error(summary.failed.join('; '));
  return summary;
}

/** The tracking history of waybills, oldest first, by waybill id. */
export async function eventsOf(db: Db, waybillIds: number[]) {
  if (!waybillIds.length) return [];
  return db.select().from(wmsWaybillEvent).where(inArray(wmsWaybillEvent.waybillId, waybillIds)).orderBy(wmsWaybillEvent.at);
}

registerJobHandler({
  bean: 'waybillTracking',
  title: { en: 'Pull waybill tracking from the carriers', zh: '从承运商拉取运单轨迹' },
  defaults: { name: { en: 'Waybill tracking', zh: '运单轨迹同步' }, cron: '*/30 * * * *' },
  async run({ db, signal }) {
    const s = await pullTracking(db, signal);
    const failed = s.failed.join('; ');
    return {
      en: `tracked ${s.tracked}, updated ${s.updated}${failed ? `; failed: ${failed}` : ''}`,
      zh: `已查询 ${s.tracked} 个，更新 ${s.updated} 个${failed ? `；失败：${failed}` : ''}`,
    };
  },
});
