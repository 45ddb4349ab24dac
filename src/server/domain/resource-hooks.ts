/** Which resources add hand-written rules to the generic writes (crud/handlers.ts ResourceHooks). */
import type { ResourceHooks } from '../crud/handlers';
import { apiKeyHooks } from './api-keys';
import { webhookHooks } from './webhooks/subscriptions';
import { inboundOrderHooks } from './inbound/orders';
import { locationHooks } from './inventory/location-hooks';
import { moveHooks } from './moves/moves';
import { inventoryHooks } from './inventory/records';
import { outboundOrderHooks } from './outbound/orders';
import { inboundPackages, outboundPackages, packageHooks } from './packages';
import { judgementHooks } from './inventory/judgement';
import { jobHooks, jobLogHooks } from './jobs/hooks';
import { companyHooks } from './quotas';
import { inventoryShareHooks } from './share/hooks';
import { dbConnectionHooks } from './dbms/connections';
import { requestRecordHooks } from './records/hooks';
import { skuChildHooks, skuHooks } from './sku';
import { ownerStatsHooks, warehouseStatsHooks } from './statistics/list-stats';
import { roleHooks, userHooks } from './users';
import { carrierConfigHooks } from './waybills/config-hooks';
import { countHooks } from './counts/counts';
import { transferHooks } from './transfers/transfers';
import { rateCardHooks } from './billing/rate-cards';
import { invoiceHooks } from './billing/invoices';

export const resourceHooks: Record<string, ResourceHooks | undefined> = {
  company: companyHooks,
  warehouse: warehouseStatsHooks,
  owner: ownerStatsHooks,
  user: userHooks,
  role: roleHooks,
  sku: skuHooks,
  supplierSku: skuChildHooks,
  ecPlatformSku: skuChildHooks,
  inventory: inventoryHooks,
  location: locationHooks,
  inventoryJudgement: judgementHooks,
  move: moveHooks,
  inboundOrder: inboundOrderHooks,
  outboundOrder: outboundOrderHooks,
  inboundPackage: packageHooks(inboundPackages),
  outboundPackage: packageHooks(outboundPackages),
  inventoryShare: inventoryShareHooks,
  job: jobHooks,
  jobLog: jobLogHooks,
  dbConnection: dbConnectionHooks,
  requestRecord: requestRecordHooks,
  carrierConfig: carrierConfigHooks,
  count: countHooks,
  apiKey: apiKeyHooks,
  webhook: webhookHooks,
  transfer: transferHooks,
  rateCard: rateCardHooks,
  invoice: invoiceHooks,
};
