/**
 * Who may read a stored file (issue 26 item 8 "files follow their record"). A file is served only to a user
 * who may read the record it belongs to:
 *
 * | the file (original or thumbnail) | who |
 * |---|---|
 * | a SKU's product image (`wms_sku.goods_image_url` = `/sapi/sys/file/get/<key>` or `<key>`) | users whose owner scope covers one of the SKUs holding it |
 * | a waybill's label (`wms_waybill.label_file`) | users whose warehouse and owner scope cover the waybill's outbound order |
 * | an upload no record holds yet (`sys_file` row only) | its uploader |
 * | anything | an administrator |
 *
 * Export files are not stored files of this call (no `sys_file` row): their download is exports/jobs.ts
 * (the user who made the job). Print documents are drawn per request (print/routes.ts checks the order).
 * Permission codes are not asked for: the inventory list shows SKU images to users without `sku:list`.
 */
import { eq, inArray } from 'drizzle-orm';
import * as schema from '../../../../generated/db/schema';
import type { Db } from '../../db/connect';
import { sysFile } from '../../db/internal-schema';
import { Code } from '../../../shared/envelope';
import type { FieldRef } from '../../../shared/validation';
import type { RequestContext, UserContext } from '../../http/context';
import { fieldTextError } from '../../http/errors';
import { scopeIds } from '../../http/guard';
import { isStorageKey } from './storage';

/** The URL path prefix that serves a storage key. */
export const FILE_URL_PREFIX = '/sapi/sys/file/get/';
export const fileUrlOf = (key: string) => `${FILE_URL_PREFIX}${key}`;

/** The storage key of a file address (`/sapi/sys/file/get/<key>[?...]`, absolute or not) or of a bare key; undefined otherwise. */
export function keyOfFileUrl(url: string): string | undefined {
  const at = url.indexOf(FILE_URL_PREFIX);
  const key = (at >= 0 ? url.slice(at + FILE_URL_PREFIX.length) : url).split(/[?#]/)[0];
  return isStorageKey(key) ? key : undefined;
}

/** The key of the original a derived key (`<uuid>_60x60.png`) was made from; the key itself for an original. */
export const originalKey = (key: string) => key.replace(/_[0-9a-z]{1,20}(?=\.[0-9a-z]+$|$)/, '');

const inScope = (user: UserContext, kind: 'warehouse' | 'owner', id: number) => {
  const ids = scopeIds(user, kind);
  return ids === 'all' || ids.includes(id);
};

/**
 * The keys among `keys` (storage keys, originals or thumbnails) that exist as stored files (`sys_file`) and
 * that `user` may read (table in the module doc). Three queries whatever the number of keys.
 */
export async function readableKeys(db: Db, user: UserContext, keys: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(keys.filter(isStorageKey))];
  const out = new Set<string>();
  if (!wanted.length) return out;
  const originals = [...new Set(wanted.map(originalKey))];
  const files = await db.select({ path: sysFile.path, thumbnailPath: sysFile.thumbnailPath, userId: sysFile.userId }).from(sysFile).where(inArray(sysFile.path, originals));
  const fileOf = new Map(files.map((f) => [f.path, f]));
  const known = wanted.filter((k) => { const f = fileOf.get(originalKey(k)); return !!f && (f.path === k || f.thumbnailPath === k); });
  if (!known.length) return out;
  if (user.isAdmin) return new Set(known);
  const held = [...new Set(known.map(originalKey))];
  const [skus, waybills] = await Promise.all([
    db.select({ url: schema.sku.goodsImageUrl, ownerId: schema.sku.ownerId }).from(schema.sku).where(inArray(schema.sku.goodsImageUrl, [...held.map(fileUrlOf), ...held])),
    db.select({ key: schema.waybill.labelFile, warehouseId: schema.outboundOrder.warehouseId, ownerId: schema.outboundOrder.ownerId }).from(schema.waybill)
      .innerJoin(schema.outboundOrder, eq(schema.outboundOrder.id, schema.waybill.orderId)).where(inArray(schema.waybill.labelFile, held)),
  ]);
  // original key -> may the user read one of the records holding it (absent: no record holds it)
  const byRecord = new Map<string, boolean>();
  const note = (key: string | undefined, ok: boolean) => { if (key) byRecord.set(key, (byRecord.get(key) ?? false) || ok); };
  for (const s of skus) note(keyOfFileUrl(s.url ?? ''), inScope(user, 'owner', s.ownerId));
  for (const w of waybills) note(w.key ?? undefined, inScope(user, 'warehouse', w.warehouseId) && inScope(user, 'owner', w.ownerId));
  for (const k of known) {
    const orig = originalKey(k);
    const ok = byRecord.has(orig) ? byRecord.get(orig)! : fileOf.get(orig)!.userId === user.id;
    if (ok) out.add(k);
  }
  return out;
}

/**
 * Throws 403 "<label>: outside your data scope" when `value` (a field about to be written, e.g. a SKU's
 * `goodsImageUrl`) names a stored file the user may not read: otherwise pointing a record of one's own scope
 * at another owner's image would open that image (issue 26 item 8). Other values (empty, an external
 * address) pass; so does a file no longer stored (it opens nothing).
 */
export async function requireReadableFile(db: Db, ctx: RequestContext, user: UserContext, at: FieldRef, value: unknown): Promise<void> {
  const key = typeof value === 'string' ? keyOfFileUrl(value) : undefined;
  if (!key || user.isAdmin) return;
  const [stored] = await db.select({ path: sysFile.path }).from(sysFile).where(eq(sysFile.path, originalKey(key)));
  if (stored && !(await readableKeys(db, user, [key])).has(key)) throw fieldTextError(ctx.lang, at, 'scopeDenied', {}, Code.FORBIDDEN);
}
