/**
 * The label machinery (Code 128 barcodes, 100 x 50 mm pages, streaming the PDF as the answer: barcodesFor,
 * drawBarcode, sendLabelPdf), used by the platform labels here and the location labels (location-labels.ts).
 *
 * POST /sapi/wms/sku/exportEcPlatformLabels {ids, ecPlatform} (spec 2.8, 6, 7.2; code
 * `outbound:export_ec_platform_labels`): a PDF with one 100 x 50 mm marketplace label per SKU, in the order of
 * `ids`, each with a Code 128 barcode of the SKU's platform SKU, the platform SKU, the SKU name and the SKU code.
 *
 * - Every id must be a SKU in the caller's owner scope: an unknown or out-of-scope id is a 404 and no file.
 * - A SKU without a platform SKU on that platform is a 400 with the spec 8 business message naming the codes.
 * - A platform SKU that is not printable ASCII cannot be a Code 128 barcode a scanner reads back: 400.
 * - Success is the file itself (HTTP 200, application/pdf, attachment), streamed page by page; errors stay JSON
 *   envelopes because everything that can be refused (validation, scope, barcodes) is done before the first
 *   byte is written.
 * - Barcodes: bwip-js PNG (scale 3, 12 mm bars, text under the bars) turned into opaque grey by sharp, placed
 *   at one PDF point (0.35 mm) per module, narrowed only when wider than the label. Text uses the standard
 *   Helvetica; characters it cannot draw (Arabic, CJK, emoji) are printed as '?'.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import bwipjs from 'bwip-js/node';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { and, eq, inArray } from 'drizzle-orm';
import { ecPlatformSku, sku } from '../../../generated/db/schema';
import { bindings } from '../../../generated/server/routes';
import { EcPlatform } from '../../../generated/shared/enums';
import { Code } from '../../shared/envelope';
import type { Lang } from '../../shared/validation';
import type { CrudCall } from '../crud/handlers';
import { BizError, notFound } from '../http/errors';
import { scopeConditions } from '../http/guard';

/** PDF points per millimetre. */
export const MM = 72 / 25.4;
/** The common marketplace label: 100 x 50 mm, in PDF points. */
export const LABEL_SIZE: [number, number] = [100 * MM, 50 * MM];
/** bwip-js: 3 px per module, 12 mm bar height, human-readable text under the bars. */
const BARCODE = { scale: 3, heightMm: 12 } as const;

const texts = {
  notConfigured: { en: 'product SKU not configured for selected e-commerce platform', zh: '所选商品未配置该电商平台SKU' },
  notEncodable: { en: 'platform SKU cannot be printed as a Code 128 barcode', zh: '平台SKU无法生成Code 128条码' },
};
const sep = (lang: Lang) => (lang === 'zh' ? '：' : ': ');

/** WinAnsi code points above Latin-1 that the standard PDF fonts can draw (pdfkit's WIN_ANSI_MAP). */
const WIN_ANSI_EXTRA = new Set([0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122]);

/** The text with every character standard Helvetica (WinAnsi) cannot draw replaced by '?'; whitespace -> space. */
export function helveticaSafe(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (/\s/.test(ch)) out += ' ';
    else if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp)) out += ch;
    else out += '?';
  }
  return out;
}

interface Label { sku: string; name: string; platformSku: string; barcode: Buffer }

/**
 * bwip-js's RGBA Code 128 PNG of `text`, or undefined when it is not printable ASCII: bwip-js would encode
 * other characters as UTF-8 bytes through FNC4, which scanners read back as different text.
 */
async function code128(text: string, heightMm: number): Promise<Buffer | undefined> {
  if (!/^[\x20-\x7e]+$/.test(text)) return undefined;
  try {
    return await bwipjs.toBuffer({ bcid: 'code128', text, scale: BARCODE.scale, height: heightMm, includetext: true, textxalign: 'center' });
  } catch {
    return undefined;
  }
}

/**
 * The same PNG as opaque 8-bit grey: pdfkit embeds such a PNG as it is, whereas for an alpha channel it
 * splits every pixel in JavaScript (about 7 ms per label on the event loop). sharp works off the main thread.
 */
const opaqueGrey = (png: Buffer) => sharp(png).flatten({ background: '#ffffff' }).toColourspace('b-w').png().toBuffer();

/**
 * One opaque grey Code 128 PNG per distinct code (undefined for a code that is not printable ASCII); bwip-js
 * runs on the event loop, so it yields between codes. Used by every label PDF (platform and location labels).
 */
export async function barcodesFor(codes: string[], heightMm: number = BARCODE.heightMm): Promise<Map<string, Buffer | undefined>> {
  const pending = new Map<string, Promise<Buffer | undefined>>();
  for (const code of new Set(codes)) {
    const png = await code128(code, heightMm);
    const grey = png ? opaqueGrey(png) : Promise.resolve(undefined); // converts while the next code renders
    grey.catch(() => {}); // awaited below; no unhandled rejection while the loop is still rendering
    pending.set(code, grey);
    await yieldToLoop();
  }
  const out = new Map<string, Buffer | undefined>();
  for (const [code, png] of pending) out.set(code, await png);
  return out;
}

/** PNG size in pixels (IHDR), to place the barcode at one PDF point per module. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** The largest font size from `max` down to `min` (half points) at which `text` fits `width`; set on `doc`. */
export function fitFontSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number) {
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text) > width) size -= 0.5;
  doc.fontSize(size);
}

/**
 * Draws a barcode PNG of {@link barcodesFor} centred on the label at `y`: 1 pt per module (0.35 mm), bars as
 * tall as rendered; a code too wide for `maxWidth` is narrowed to it (thinner modules), never shortened.
 * Returns the height drawn.
 */
export function drawBarcode(doc: PDFKit.PDFDocument, png: Buffer, y: number, maxWidth: number): number {
  const [W] = LABEL_SIZE;
  const px = pngSize(png);
  const bw = Math.min(px.width / BARCODE.scale, maxWidth);
  const bh = px.height / BARCODE.scale;
  doc.image(png, (W - bw) / 2, y, { width: bw, height: bh });
  return bh;
}

/** An empty label PDF titled `title` (pages are added by the label's draw function). */
export const newLabelDocument = (title: string) => new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: title, Creator: 'WMS' } });

/**
 * Answers the request with a label PDF (spec 7.2 file download): HTTP 200, application/pdf, attachment
 * `fileName`, streamed page by page as `draw(doc, i)` adds page i (0..count-1), yielding to other requests every
 * 25 pages and stopping when the client goes away. The reply is hijacked (no envelope) but keeps the headers
 * already set (X-New-Token of a renewed session), so everything that can be refused must be checked before.
 */
export async function sendLabelPdf(reply: FastifyReply, o: { fileName: string; title: string; count: number; draw: (doc: PDFKit.PDFDocument, i: number) => void }): Promise<null> {
  const headers: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as OutgoingHttpHeaders[string];
  reply.hijack();
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${o.fileName}"`,
    'cache-control': 'no-store',
  });
  const doc = newLabelDocument(o.title);
  const sent = pipeline(doc, reply.raw).catch((err: unknown) => reply.log.error({ err }, 'label PDF stream failed'));
  for (let i = 0; i < o.count; i++) {
    if (reply.raw.destroyed) break; // the client went away
    o.draw(doc, i);
    if (i % 25 === 24) await yieldToLoop(); // pages stream out while other requests get their turn
  }
  doc.end();
  await sent;
  return null;
}

/** Adds one 100 x 50 mm label page: barcode, platform SKU, SKU name (cut to two lines), SKU code, platform. */
export function drawLabel(doc: PDFKit.PDFDocument, l: Label, platformKey: string): void {
  const [W, H] = LABEL_SIZE;
  const mx = 4 * MM; // horizontal margin: >= 10 modules of quiet zone at one point per module
  const innerW = W - 2 * mx;
  doc.addPage({ size: [W, H], margin: 0 });
  let y = 3 * MM;
  y += drawBarcode(doc, l.barcode, y, innerW) + 1.5 * MM;
  const platformSku = helveticaSafe(l.platformSku);
  doc.font('Helvetica-Bold').fillColor('black');
  fitFontSize(doc, platformSku, innerW, 11, 7);
  doc.text(platformSku, mx, y, { width: innerW, height: 13, ellipsis: true, align: 'center', lineBreak: false });
  y += 14;
  doc.font('Helvetica').fontSize(10);
  doc.text(helveticaSafe(l.name), mx, y, { width: innerW, height: 25, ellipsis: true, align: 'left' });
  const bottom = H - 3 * MM;
  const code = `SKU: ${helveticaSafe(l.sku)}`;
  doc.font('Helvetica-Bold');
  fitFontSize(doc, code, innerW * 0.72, 10, 7);
  doc.text(code, mx, bottom - 11, { width: innerW * 0.72, height: 12, ellipsis: true, lineBreak: false });
  doc.font('Helvetica').fontSize(7);
  doc.text(platformKey, mx + innerW * 0.72, bottom - 8, { width: innerW * 0.28, height: 9, align: 'right', lineBreak: false });
}

/** With the body of labelsBody (sku.ts): checks scope and platform SKUs, then streams the PDF into the reply (hijacked: no envelope). */
export async function exportEcPlatformLabels(call: CrudCall, reply: FastifyReply): Promise<null> {
  const { db, ctx, user } = call;
  const form = call.body as { ids: number[]; ecPlatform: number };
  const ids = [...new Set(form.ids)];

  const rows = await db.select({ id: sku.id, sku: sku.sku, name: sku.name, platformSku: ecPlatformSku.ecPlatformSku })
    .from(sku)
    .leftJoin(ecPlatformSku, and(eq(ecPlatformSku.skuId, sku.id), eq(ecPlatformSku.ecPlatform, form.ecPlatform)))
    .where(and(inArray(sku.id, ids), ...scopeConditions(user, { owner: sku.ownerId })));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw notFound(ctx.lang, `${bindings.sku.meta[ctx.lang]} #${missing.join(', #')}`);

  const ordered = ids.map((id) => byId.get(id)!);
  const unconfigured = ordered.filter((row) => !row.platformSku?.trim());
  if (unconfigured.length) throw new BizError(Code.BAD_REQUEST, `${texts.notConfigured[ctx.lang]}${sep(ctx.lang)}${unconfigured.map((row) => row.sku).join(', ')}`);

  const barcodes = await barcodesFor(ordered.map((row) => row.platformSku!));
  const bad = ordered.filter((row) => !barcodes.get(row.platformSku!));
  if (bad.length) throw new BizError(Code.BAD_REQUEST, `${texts.notEncodable[ctx.lang]}${sep(ctx.lang)}${bad.map((row) => row.sku).join(', ')}`);

  // Everything that can be refused has been checked: from here on the file is the response
  const platformKey = Object.entries(EcPlatform).find(([, v]) => v === form.ecPlatform)![0];
  return sendLabelPdf(reply, {
    fileName: `${platformKey}-labels.pdf`,
    title: `${platformKey} labels`,
    count: ordered.length,
    draw: (doc, i) => {
      const row = ordered[i];
      drawLabel(doc, { sku: row.sku, name: row.name, platformSku: row.platformSku!, barcode: barcodes.get(row.platformSku!)! }, platformKey);
    },
  });
}
