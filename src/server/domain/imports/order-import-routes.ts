/**
 * Registers the order imports (issue 5): `POST /sapi/wms/inbound-order/excel/import` and
 * `POST /sapi/wms/outbound-order/excel/import`, each with the add code of its order resource in the
 * manifest (inbound:edit, outbound:edit), and their templates under /static/templates/. The job is polled
 * with `POST /sapi/sys/importJob/query` like the SKU imports (routes.ts, which calls this with its state).
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceSpec } from '../../../shared/resource-meta';
import { sapiRoute } from '../../http/sapi';
import { inboundOrderImport } from './inbound-order-import';
import type { ImportDeps } from './jobs';
import { orderImportBody, startOrderImport, type OrderImportDefinition } from './order-import';
import { outboundOrderImport } from './outbound-order-import';
import { registerTemplateRoutes } from './templates';

/** The two order imports. */
export const orderImportDefinitions: OrderImportDefinition[] = [inboundOrderImport, outboundOrderImport];

export function registerOrderImportRoutes(app: FastifyInstance, deps: ImportDeps): void {
  const { db } = deps.database;
  for (const def of orderImportDefinitions) {
    const code = (def.binding.meta as ResourceSpec).permissions.add!;
    sapiRoute(app, db, def.apiPath, code, { body: orderImportBody(def) }, ({ ctx, user, body }) => startOrderImport(deps, def, { ctx, user, body }));
  }
  registerTemplateRoutes(app, db, orderImportDefinitions);
}
