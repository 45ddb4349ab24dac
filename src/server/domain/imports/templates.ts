/**
 * Import templates (spec 2.8 template-download buttons, 7.2 "Static template files ... xlsx, under
 * /static/"): `GET /static/templates/<templateFile>` for each import, built with exceljs on first request
 * and kept in memory (rebuilt when the data they list, e.g. the categories, changes).
 *
 * Sheet 1 (the data sheet): a bold, frozen header row whose titles are `<English> / <中文>` (e.g.
 * `SKU / SKU编码`), one example row; code columns are formatted as text so Excel keeps leading zeros.
 * Sheet 2: the valid values (Categories, Platforms) or notes. Templates are public like any static file:
 * the console opens them in a new tab, which sends no token. exceljs (~21 MB of memory) is loaded at the first
 * template built, not with the server.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import type { ImportDefinition } from './jobs';
import { headerTitle } from './sheet';

export const TEMPLATE_PREFIX = '/static/templates/';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Columns holding codes: text format, so 00123 stays 00123. */
const TEXT_COLUMNS = new Set([
  'sku', 'goodsNo', 'supplierSku', 'ecPlatformSku', 'modelNumber',
  'storeOrderNo', 'platformOrderNo', 'sourceOutboundNo', 'waybillNo', 'returnWaybillNo', 'batchNo', 'receiverPhone', 'postcode',
  'warehouse', 'zoneCode', 'code',
]);

/** What a template is built from: the file-facing part of an import (SKU imports and order imports alike). */
export type TemplateSource = Pick<ImportDefinition, 'templateFile' | 'sheetName' | 'columns' | 'example' | 'valuesSheet' | 'templateVersion'>;

/** The xlsx bytes of one import's template. */
export async function buildTemplate(db: Db, def: TemplateSource): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'WMS';
  const ws = wb.addWorksheet(def.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = def.columns.map((c) => ({ header: headerTitle(c), key: c.key, width: Math.max(14, headerTitle(c).length + 6) }));
  for (const c of def.columns) if (TEXT_COLUMNS.has(c.key)) ws.getColumn(c.key).numFmt = '@';
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
  def.columns.forEach((c, i) => { if (c.required) header.getCell(i + 1).font = { bold: true, color: { argb: 'FFC00000' } }; });
  ws.addRow(await def.example(db));
  const values = await def.valuesSheet(db);
  const vs = wb.addWorksheet(values.name);
  vs.columns = values.header.map((h) => ({ header: h, width: Math.max(24, h.length + 6) }));
  vs.getRow(1).font = { bold: true };
  for (const r of values.rows) vs.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Registers one GET route per import template; each template is cached per {@link TemplateSource.templateVersion}. */
export function registerTemplateRoutes(app: FastifyInstance, db: Db, defs: TemplateSource[]): void {
  for (const def of defs) {
    let cached: { version: string; bytes: Promise<Buffer> } | undefined;
    app.get(`${TEMPLATE_PREFIX}${def.templateFile}`, async (_req, reply) => {
      const version = (await def.templateVersion?.(db)) ?? '';
      if (!cached || cached.version !== version) {
        const bytes = buildTemplate(db, def);
        cached = { version, bytes };
        bytes.catch(() => { if (cached?.bytes === bytes) cached = undefined; });
      }
      const bytes = await cached.bytes;
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="${def.templateFile}"`)
        .header('cache-control', 'no-cache')
        .send(bytes);
    });
  }
}
