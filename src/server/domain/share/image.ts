/**
 * GET /sapi/wms/inventory-share/image?token=...&sku=... (public; issue 16): the product image of one SKU on a
 * share's page. A stored image url (`/sapi/sys/file/get/<key>`) needs a session, so the public page shows
 * this address instead (public.ts `shareImagePath`). It answers the file only while the link is live, the share
 * shows IMAGE, and the SKU (by its code) is one of the share's goods; anything else is HTTP 404 with the
 * neutral envelope (the `<img>` shows nothing), past the per-address image limit HTTP 429.
 * The file is streamed from storage with its stored type, `nosniff`, and a private one-hour cache.
 */
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../shared/envelope';
import type { Db } from '../../db/connect';
import { readContext } from '../../http/context';
import { countHit } from '../../http/rate-limit';
import type { FileStorage } from '../files/storage';
import { FILE_URL_PREFIX, findFileRow } from '../files/upload';
import { findLiveShare, invalidLink, selectionWhere, type ShareRateLimits } from './public';
import { hashToken } from './tokens';

export async function serveShareImage(db: Db, storage: FileStorage, limits: ShareRateLimits, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const ctx = readContext(req);
  const q = req.query as Record<string, unknown>;
  const token = typeof q.token === 'string' ? q.token.slice(0, 200) : '';
  const skuCode = typeof q.sku === 'string' ? q.sku.slice(0, 100) : '';
  const hit = await countHit(db, `share-img:${req.ip}`, limits.imagesPerIp);
  if (!hit.allowed) return reply.status(429).send({ code: Code.TOO_MANY_REQUESTS, msg: 'Too many requests', data: null });
  const missing = () => reply.status(404).send({ code: Code.NOT_FOUND, msg: invalidLink(ctx.lang).message, data: null });
  const share = token && skuCode ? await findLiveShare(db, hashToken(token)) : undefined;
  if (!share || !(share.shown_columns ?? []).includes('IMAGE')) return missing();
  const [row] = ((await db.execute(sql`select s.goods_image_url as url from wms_sku s where ${sql.join([...selectionWhere(share), sql`s.sku = ${skuCode}`], sql` and `)} limit 1`)) as unknown as { rows: Array<{ url: string | null }> }).rows;
  const url = row?.url ?? '';
  if (!url.startsWith(FILE_URL_PREFIX)) return missing();
  const key = url.slice(FILE_URL_PREFIX.length).split('?')[0];
  const file = await findFileRow(db, key);
  if (!file || !(await storage.exists(key))) return missing();
  reply.header('content-type', file.mime);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, max-age=3600');
  return reply.send(storage.get(key));
}
