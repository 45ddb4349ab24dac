/**
 * Registers the Excel exports (issue 4; spec 3, 4, 7.2): resumes abandoned export jobs (jobs.ts), then
 * `POST /sapi/wms/sku-inventory/exportExcel` (permission sku_inventory:export), `POST /sapi/sys/fileExport/query`
 * (permission 'any'; own jobs, admin all; a finished job's downloadUrl is a signed address) and
 * `GET /sapi/sys/fileExport/download/<id>` (X-Token header or that signed address; needs registerFileRoutes first
 * for `app.pathSigner`). Later sweeps for
 * abandoned jobs are the scheduled task `exportSweep` (job-handlers.ts, with `exportFileRetention`); on app close
 * it waits for exports still running.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect';
import { JOB_ID_BODY } from '../../http/body';
import { sapiRoute } from '../../http/sapi';
import type { FileStorage } from '../files/storage';
import { inventoryExport } from './inventory-export';
import { closeExports, createExportDeps, DOWNLOAD_PREFIX, queryExport, resumeStaleExports, serveExport, startExport, type ExportDefinition, type ExportDeps } from './jobs';
import './job-handlers';

/** Every export of the product. */
export const exportDefinitions: ExportDefinition[] = [inventoryExport];

export async function registerExportRoutes(app: FastifyInstance, database: Database, storage: FileStorage): Promise<ExportDeps> {
  const { db } = database;
  const deps = createExportDeps(database, storage, app.log, exportDefinitions, { meter: app.metrics });
  app.addHook('onClose', async () => { await closeExports(deps); });
  await resumeStaleExports(deps);
  for (const def of exportDefinitions) {
    sapiRoute(app, db, def.apiPath, def.permission, { body: def.queryBody() }, ({ ctx, user, body }) => startExport(deps, def, { ctx, user, body }));
  }
  sapiRoute(app, db, '/sapi/sys/fileExport/query', 'any', { body: JOB_ID_BODY }, ({ ctx, user, body }) => queryExport(db, app.pathSigner(), ctx, user, body));
  app.get(`${DOWNLOAD_PREFIX}:id`, (req, reply) => serveExport(deps, app.pathSigner(), req, reply));
  return deps;
}
