/**
 * The public inventory-share call (issue 16; spec 2.1: /inventoryShare needs no login):
 * POST /sapi/wms/inventory-share/view `{token, keyword?, current?, size?}` (shareViewBody) ->
 * `{title, ownerName, warehouseName, expireDate, columns, page: {records, current, total}}`.
 *
 * - Limits first (http/rate-limit.ts, counted in the database): per client address and per token digest;
 *   past either the answer is code 429 with the wait in words, and nothing is read.
 * - A token that is unknown, revoked (no digest), of a disabled share or past its `expireDate` gets one and
 *   the same answer, code 404 "This link is not valid ...", so a caller learns nothing about which it was.
 * - Rows: one per SKU of the share's owner in its selection (enabled SKUs only), or per SKU and warehouse /
 *   batch when those columns are shared; quantities are sums over the owner's stock (in the share's
 *   warehouse when it names one), 0 when there is none. `keyword` searches SKU code and product name
 *   (contains, case-insensitive); order SKU, warehouse, batch; `size` at most 100 (default 20, spec 9).
 * - A record holds `sku`, `name` and only the shared columns (ShareColumn -> `available` (qty - locked), `qty`,
 *   `lockQty`, `batchNo`, `warehouse` (name), `image` (the public image address, image.ts, or null), `category` (name), `goodsNo`, `color`, `size`,
 *   `weight` (kg)): never an id, a cost, a company or another owner.
 * - A first-page answer counts one view (`viewCount` + 1, `lastViewTime` = now).
 */
import { sql, type SQL } from 'drizzle-orm';
import * as yup from 'yup';
import { ShareSelection } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { requestLabels, rules, type Lang } from '../../../shared/validation';
import { escapeLike } from '../../crud/filters';
import type { Db } from '../../db/connect';
import type { BodyRule } from '../../http/body';
import { BizError } from '../../http/errors';
import { countHit, type RateRule } from '../../http/rate-limit';
import { hashToken } from './tokens';
import type { ShareView } from '../../../shared/share';

export interface ShareViewBody { token: string; keyword?: string | null; current?: number | null; size?: number | null }

/** Page size of the public page: default 20, at most 100. */
export const SHARE_PAGE = { size: 20, max: 100 } as const;

export const shareViewBody: BodyRule<ShareViewBody> = {
  schema: (lang) => {
    const r = rules(lang, 'query');
    return yup.object({
      token: rules(lang, 'add').string(requestLabels.shareToken, { required: true, maxLength: 200 }),
      keyword: r.string(requestLabels.keyword, { maxLength: 100 }),
      current: r.number(requestLabels.current, { integer: true, min: 1 }),
      size: r.number(requestLabels.size, { integer: true, min: 1, max: SHARE_PAGE.max }),
    });
  },
};

/** Requests per window: per client address and per link; images (a page of up to 100) per address on their own. */
export interface ShareRateLimits { perIp: RateRule; perToken: RateRule; imagesPerIp: RateRule }
export const DEFAULT_SHARE_LIMITS: ShareRateLimits = { perIp: { max: 60, windowMs: 60_000 }, perToken: { max: 120, windowMs: 60_000 }, imagesPerIp: { max: 600, windowMs: 60_000 } };

const texts = {
  invalid: { en: 'This link is not valid: it may have expired or been revoked. Ask the sender for a new one', zh: '该链接无效：可能已过期或已被撤销，请向分享人索取新链接' },
  tooMany: { en: 'Too many requests; try again in {s} s', zh: '请求过于频繁，请 {s} 秒后再试' },
};

/** The one answer for an unknown, revoked, disabled or expired link. */
export const invalidLink = (lang: Lang) => new BizError(Code.NOT_FOUND, texts.invalid[lang]);

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows;

/** What each shared column adds to the SELECT (and, for warehouse and batch, to the grouping). */
const COLUMN_SQL: Record<string, { select: SQL; group?: SQL }> = {
  AVAILABLE: { select: sql`coalesce(sum(i.qty - i.lock_qty), 0)::int as "available"` },
  QTY: { select: sql`coalesce(sum(i.qty), 0)::int as "qty"` },
  LOCK_QTY: { select: sql`coalesce(sum(i.lock_qty), 0)::int as "lockQty"` },
  BATCH_NO: { select: sql`i.batch_no as "batchNo"`, group: sql`i.batch_no` },
  WAREHOUSE: { select: sql`w.name as "warehouse"`, group: sql`w.name` },
  IMAGE: { select: sql`s.goods_image_url as "image"` },
  CATEGORY: { select: sql`c.name as "category"` },
  GOODS_NO: { select: sql`s.goods_no as "goodsNo"` },
  COLOR: { select: sql`s.color as "color"` },
  SIZE: { select: sql`s.size as "size"` },
  WEIGHT: { select: sql`s.weight::float8 as "weight"` },
};

/** Counts the call against both limits; a 429 when either is passed. */
export async function checkLimits(db: Db, lang: Lang, ip: string, digest: string, limits: ShareRateLimits): Promise<void> {
  for (const [bucket, rule] of [[`share-ip:${ip}`, limits.perIp], [`share-token:${digest}`, limits.perToken]] as const) {
    const hit = await countHit(db, bucket, rule);
    if (!hit.allowed) throw new BizError(Code.TOO_MANY_REQUESTS, texts.tooMany[lang].replace('{s}', String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000)))));
  }
}

/** A share whose link is live: the token's digest is stored, the share is enabled and not expired. */
export interface LiveShare {
  id: number; title: string; owner_id: number; warehouse_id: number | null; selection: number; sku_ids: number[] | null;
  category_id: number | null; shown_columns: string[] | null; expire_date: string | Date | null; owner_name: string; warehouse_name: string | null;
}

/** The live share of a token digest, or undefined (unknown, revoked, disabled and expired alike). */
export async function findLiveShare(db: Db, digest: string): Promise<LiveShare | undefined> {
  const [share] = rowsOf(await db.execute(sql`
    select sh.id, sh.title, sh.owner_id, sh.warehouse_id, sh.selection, sh.sku_ids, sh.category_id, sh.shown_columns,
           sh.expire_date, o.name as owner_name, w.name as warehouse_name
    from wms_inventory_share_token t
    join wms_inventory_share sh on sh.id = t.share_id
    join wms_owner o on o.id = sh.owner_id
    left join wms_warehouse w on w.id = sh.warehouse_id
    where t.token_hash = ${digest} and sh.enable and (sh.expire_date is null or sh.expire_date > now())`));
  return share as unknown as LiveShare | undefined;
}

/** The conditions on `wms_sku s` of a share's goods: its owner, enabled SKUs, its selection. */
export function selectionWhere(share: LiveShare): SQL[] {
  const where: SQL[] = [sql`s.owner_id = ${share.owner_id}`, sql`s.enable`];
  const skuIds = (share.sku_ids ?? []).map(Number).filter(Number.isInteger);
  if (Number(share.selection) === ShareSelection.SKUS) where.push(skuIds.length ? sql`s.id in (${sql.join(skuIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  if (Number(share.selection) === ShareSelection.CATEGORY) where.push(sql`s.category_id = ${share.category_id}`);
  return where;
}

/** The public address of a SKU's image on a share's page (image.ts serves it). */
export const shareImagePath = (token: string, skuCode: string) => `${SHARE_IMAGE_PATH}?token=${encodeURIComponent(token)}&sku=${encodeURIComponent(skuCode)}`;
export const SHARE_IMAGE_PATH = '/sapi/wms/inventory-share/image';

export async function viewShare(db: Db, lang: Lang, ip: string, body: ShareViewBody, limits: ShareRateLimits = DEFAULT_SHARE_LIMITS): Promise<ShareView> {
  const digest = hashToken(body.token);
  await checkLimits(db, lang, ip, digest, limits);
  const share = await findLiveShare(db, digest);
  if (!share) throw invalidLink(lang);

  const columns = (share.shown_columns ?? []).filter((c) => COLUMN_SQL[c]);
  const current = body.current ?? 1;
  const size = body.size ?? SHARE_PAGE.size;
  const where = selectionWhere(share);
  if (body.keyword) {
    const like = `%${escapeLike(body.keyword)}%`;
    where.push(sql`(s.sku ilike ${like} or s.name ilike ${like})`);
  }
  const stockJoin = share.warehouse_id === null
    ? sql`left join wms_inventory i on i.sku_id = s.id and i.owner_id = s.owner_id`
    : sql`left join wms_inventory i on i.sku_id = s.id and i.owner_id = s.owner_id and i.warehouse_id = ${share.warehouse_id}`;
  const picked = columns.map((c) => COLUMN_SQL[c]);
  const groups = [sql`s.id`, sql`c.name`, ...picked.flatMap((p) => (p.group ? [p.group] : []))];
  const order = [sql`s.sku`, ...(columns.includes('WAREHOUSE') ? [sql`w.name`] : []), ...(columns.includes('BATCH_NO') ? [sql`i.batch_no`] : [])];
  const grouped = sql`
    select s.sku as "sku", s.name as "name"${sql.join(picked.map((p) => sql`, ${p.select}`))}
    from wms_sku s
    ${stockJoin}
    left join wms_warehouse w on w.id = i.warehouse_id
    left join wms_sku_category c on c.id = s.category_id
    where ${sql.join(where, sql` and `)}
    group by ${sql.join(groups, sql`, `)}`;
  const [records, [{ total }]] = await Promise.all([
    db.execute(sql`${grouped} order by ${sql.join(order, sql`, `)} nulls first limit ${size} offset ${(current - 1) * size}`).then(rowsOf),
    db.execute(sql`select count(*)::int as total from (${grouped}) g`).then(rowsOf),
  ]);
  // an image is served by its own public address (the stored url needs a session)
  if (columns.includes('IMAGE')) for (const r of records) r.image = r.image ? shareImagePath(body.token, String(r.sku)) : null;
  if (current === 1) await db.execute(sql`update wms_inventory_share set view_count = view_count + 1, last_view_time = now() where id = ${share.id}`);
  return {
    title: share.title,
    ownerName: share.owner_name,
    warehouseName: share.warehouse_name ?? null,
    expireDate: share.expire_date ? new Date(share.expire_date).toISOString() : null,
    columns,
    page: { records, current, total: Number(total) },
  };
}
