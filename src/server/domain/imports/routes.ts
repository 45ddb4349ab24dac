/**
 * Registers the Excel imports (issue 3; spec 2.8, 7.2): fails jobs a crash left running, then
 * `POST /sapi/wms/sku/excel/import`, `/sapi/wms/supplier-sku/excel/import`,
 * `/sapi/wms/ec-platform-sku/excel/import` (permission sku:add), `POST /sapi/sys/importJob/query`
 * (permission 'any'; own jobs, admin all) and the three `GET /static/templates/*.xlsx`; the order imports
 * (order-import-routes.ts) and the location import (location-import.ts) with their templates. On app close it
 * waits for imports still running.
 */
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import type { Database } from '../../db/connect';
import { JOB_ID_BODY } from '../../http/body';
import { sapiRoute } from '../../http/sapi';
import type { FileStorage } from '../files/storage';
import { ecPlatformSkuImport } from './ec-platform-sku-import';
import { registerOrderImportRoutes } from './order-import-routes';
import { registerCountImportRoutes } from './count-import';
import { createImportDeps, failInterruptedImports, importBody, queryImportJob, startImport, type ImportDefinition } from './jobs';
import { registerLocationImport } from './location-import';
import { skuImport } from './sku-import';
import { supplierSkuImport } from './supplier-sku-import';
import { registerTemplateRoutes } from './templates';

/** The three imports, in the order of the SKU list's buttons (spec 2.8). */
export const importDefinitions = [skuImport, supplierSkuImport, ecPlatformSkuImport] as ImportDefinition[];

export async function registerImportRoutes(app: FastifyInstance, database: Database, storage: FileStorage): Promise<void> {
  const { db } = database;
  const interrupted = await failInterruptedImports(db);
  if (interrupted) app.log.warn({ interrupted }, 'import jobs interrupted by a restart were marked failed');
  const deps = createImportDeps(database, storage, app.log, app.metrics);
  app.addHook('onClose', async () => { await Promise.allSettled([...deps.running]); });
  for (const def of importDefinitions) {
    sapiRoute(app, db, def.apiPath, bindings.sku.meta.permissions.add, { body: importBody }, ({ ctx, user, body }) => startImport(deps, def, { ctx, user, body }));
  }
  registerOrderImportRoutes(app, deps); // inbound and outbound orders (issue 5), same jobs and job query
  registerCountImportRoutes(app, deps); // counted quantities of a cycle count (issue 30)
  registerLocationImport(app, deps); // storage locations (issue 29), same jobs and job query
  sapiRoute(app, db, '/sapi/sys/importJob/query', 'any', { body: JOB_ID_BODY }, ({ ctx, user, body }) => queryImportJob(db, ctx, user, body));
  registerTemplateRoutes(app, db, importDefinitions);
}
