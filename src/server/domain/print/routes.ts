/**
 * Printing calls (spec 2.4, 4, 7.2 "Local print"; issue 16). See docs/print.md.
 *
 * | call | body / query | answer |
 * |---|---|---|
 * | `POST /sapi/sys/print/url` (any logged-in user; the record's read code is checked) | `{document, id}` (document: pickList, packingList, inboundReceipt, outboundPackageLabel, inboundPackageLabel, countSheet, invoice) | `{url, expiresAt}`: a signed address of that PDF, valid 5 minutes |
 * | `GET /sapi/sys/print/file/<document>/<id>?lang&tz&u&exp&sig` (no session: the signature is the credential) | | the PDF (`application/pdf`, inline); 403 envelope for a bad or expired signature or a user no longer enabled, 404 for a record gone |
 * | `GET /static/print-plugin.zip` (public) | | the local print plugin (print-plugin/: program and README), zipped on first request |
 *
 * Why signed addresses: the local print plugin downloads the PDF itself (it has no session), and it logs what
 * it fetched; a session token in that address would leak a 2-hour credential to every log and proxy. The
 * signature (HMAC-SHA256 over document, id, language, time zone, user and expiry, files/signed-url.ts, keyed by
 * the installation key of ../secrets.ts, so every instance sharing WMS_SECRET_KEY verifies it) opens that one PDF for 5
 * minutes, nothing else. Code and data scope are checked when the address is minted; at download the user
 * must still be enabled.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import * as yup from 'yup';
import * as schema from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { Code } from '../../../shared/envelope';
import type { ResourceSpec } from '../../../shared/resource-meta';
import { requestLabels, rules, type Lang } from '../../../shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Db } from '../../db/connect';
import type { BodyRule } from '../../http/body';
import type { RequestContext, UserContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCode, scopeConditions } from '../../http/guard';
import { sapiRoute } from '../../http/sapi';
import { hmacSigner, isEnabledUser } from '../files/signed-url';
import { installationKey } from '../secrets';
import { KIND_RESOURCE, PRINT_KINDS, type PrintKind } from './kinds';

/** How long a signed document address stays valid (ms). */
export const PRINT_URL_TTL_MS = 5 * 60_000;
export const PRINT_FILE_PREFIX = '/sapi/sys/print/file/';
export const PRINT_PLUGIN_PATH = '/static/print-plugin.zip';


/** Body of /sapi/sys/print/url. */
export const printUrlBody: BodyRule<{ document: PrintKind; id: number }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      document: r.string(requestLabels.printDocument, { required: true, maxLength: 40 }).oneOf([...PRINT_KINDS, null, undefined] as never[], r.text('oneOf', requestLabels.printDocument, { values: PRINT_KINDS.join(', ') })),
      id: r.recordId(requestLabels.id),
    });
  },
};

const tables = {
  outboundOrder: schema.outboundOrder, inboundOrder: schema.inboundOrder, outboundPackage: schema.outboundPackage, inboundPackage: schema.inboundPackage, count: schema.count, invoice: schema.invoice,
};

/**
 * Throws 404 unless record `id` of the document's resource exists within the user's warehouse and owner
 * scope, and 403 unless the user holds a code that reads it (an inbound order's list code follows its type).
 */
async function checkAccess(db: Db, ctx: RequestContext, user: UserContext, kind: PrintKind, id: number): Promise<void> {
  const res = KIND_RESOURCE[kind];
  const table = tables[res];
  const meta = bindings[res].meta;
  const typeColumn = res === 'inboundOrder' ? schema.inboundOrder.type : undefined;
  const [row] = await db.select({ id: table.id, type: typeColumn ?? table.id }).from(table)
    // an invoice has no warehouse: it bills the owner's every warehouse, so only its owner scopes it
    .where(and(eq(table.id, id), ...scopeConditions(user, 'warehouseId' in table ? { warehouse: table.warehouseId, owner: table.ownerId } : { owner: table.ownerId })));
  if (!row) throw notFound(ctx.lang, `${meta[ctx.lang]} #${id}`);
  const listCodes = (meta as ResourceSpec).listCodes;
  const code = (typeColumn && listCodes?.codes[row.type]) || meta.permissions.list!;
  requireCode(ctx, user, code);
}

/** Signs and checks document addresses with a key derived from the installation key (files/signed-url.ts `hmacSigner`). */
export function printSigner(key: Buffer) {
  const s = hmacSigner(key, 'wms print url v1');
  const partsOf = (p: { kind: string; id: string | number; lang: string; tz: string | number; u: string | number; exp: string | number }) => [p.kind, p.id, p.lang, p.tz, p.u, p.exp];
  return {
    /** The signed path of document `kind` for record `id`, for user `userId`, valid until `exp` (ms). */
    url(kind: PrintKind, id: number, lang: Lang, tz: number, userId: number, exp: number): string {
      const sig = s.sign(partsOf({ kind, id, lang, tz, u: userId, exp }));
      return `${PRINT_FILE_PREFIX}${kind}/${id}?lang=${lang}&tz=${tz}&u=${userId}&exp=${exp}&sig=${sig}`;
    },
    /** True when `sig` is the signature of these values (constant-time compare). */
    verify(p: { kind: string; id: string; lang: string; tz: string; u: string; exp: string }, sig: string): boolean {
      return s.verify(partsOf(p), sig);
    },
  };
}

const refusals = {
  badLink: { en: 'This print link is invalid or has expired; print again from the console', zh: '打印链接无效或已过期，请在控制台重新打印' },
};

/** The PDF as one buffer (documents are small; a length lets the plugin check the size before reading). */
function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolvePdf, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolvePdf(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The plugin's folder zipped as `wms-print-plugin/` with its program, types and README (tests stay out). */
export function pluginZip(dir = join(import.meta.dirname, '../../../../print-plugin')): Buffer {
  const files = ['print-plugin.mjs', 'README.md'];
  const entries = Object.fromEntries(files.map((f) => [`wms-print-plugin/${f}`, readFileSync(join(dir, f))]));
  return Buffer.from(zipSync(entries, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') }));
}

export function registerPrintRoutes(app: FastifyInstance, database: Database, config: Config): void {
  const { db } = database;
  let signer: ReturnType<typeof printSigner> | undefined;
  const key = () => installationKey(config.dataDir);
  const sign = () => (signer ??= printSigner(key()));

  sapiRoute(app, db, '/sapi/sys/print/url', 'any', { body: printUrlBody }, async ({ ctx, user, body }) => {
    await checkAccess(db, ctx, user, body.document, body.id);
    const expiresAt = Date.now() + PRINT_URL_TTL_MS;
    return { url: sign().url(body.document, body.id, ctx.lang, ctx.tzHours, user.id, expiresAt), expiresAt };
  });

  app.get(`${PRINT_FILE_PREFIX}:kind/:id`, async (req, reply: FastifyReply) => {
    const { kind, id } = req.params as { kind: string; id: string };
    const q = req.query as Record<string, string | undefined>;
    const lang: Lang = q.lang === 'zh' ? 'zh' : 'en';
    const refuse = () => reply.status(403).header('cache-control', 'no-store').send({ code: Code.FORBIDDEN, msg: refusals.badLink[lang], data: null });
    const p = { kind, id, lang: q.lang ?? '', tz: q.tz ?? '', u: q.u ?? '', exp: q.exp ?? '' };
    if (!(PRINT_KINDS as readonly string[]).includes(kind) || !/^\d{1,10}$/.test(id) || !/^\d{1,15}$/.test(p.exp) || !/^\d{1,10}$/.test(p.u) || !/^-?\d{1,2}$/.test(p.tz)) return refuse();
    if (!q.sig || !sign().verify(p, q.sig) || Number(p.exp) < Date.now()) return refuse();
    if (!(await isEnabledUser(db, Number(p.u)))) return refuse();
    const res = KIND_RESOURCE[kind as PrintKind];
    const table = tables[res];
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, Number(id)));
    if (!row) return reply.status(404).send({ code: Code.NOT_FOUND, msg: notFound(lang, `${bindings[res].meta[lang]} #${id}`).message, data: null });
    // loaded at the first document: pdfkit and bwip-js stay out of a server that never prints (./kinds.ts)
    const doc = kind === 'countSheet'
      ? await (await import('./count-sheet')).countSheet(db, Number(id), lang, Number(p.tz))
      : kind === 'invoice'
        ? await (await import('./invoice')).invoiceSheet(db, Number(id), lang, Number(p.tz))
        : await (await import('./documents')).renderDocument(db, kind as Exclude<PrintKind, 'countSheet' | 'invoice'>, Number(id), lang, Number(p.tz));
    const pdf = await pdfBuffer(doc);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${kind}-${id}.pdf"`)
      .header('cache-control', 'private, no-store')
      // the browser's PDF viewer shows it in a tab or a frame of the console (print dialog): Chrome embeds the
      // PDF's own address in its viewer page, hence object-src 'self'; nothing else may load or run
      .header('content-security-policy', "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'")
      .header('x-frame-options', 'SAMEORIGIN')
      .send(pdf);
  });

  let zip: Buffer | undefined;
  app.get(PRINT_PLUGIN_PATH, async (_req, reply) => {
    zip ??= pluginZip();
    return reply.header('content-type', 'application/zip').header('content-disposition', 'attachment; filename="print-plugin.zip"').header('cache-control', 'public, max-age=3600').send(zip);
  });
}
