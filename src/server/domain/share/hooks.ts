/**
 * Rules of the inventory share resource around the generic writes (issue 16; manifest `inventoryShare`):
 * - scope: the manifest's `scope` (owner and warehouse) cuts every read and write (issue 26); an empty
 *   warehouse (every warehouse of the owner) lies outside a user limited to some warehouses, so such a user
 *   chooses one; here every chosen SKU must be a SKU of the share's owner (400);
 * - the selection: ALL (every SKU of the owner), SKUS (`skuIds`, at least one) or CATEGORY (`categoryId`);
 *   the fields the selection does not use are cleared;
 * - `shownColumns`: ShareColumn keys (enums.ShareColumn), no repeats; empty on add = [AVAILABLE];
 * - `createdBy`: the adding user's name;
 * - the link: add issues a token (tokens.ts) in the add's transaction and the add answer carries it once as
 *   `token` (never stored, never read back); every record says `linkActive` (a token exists); remove drops
 *   the token with the share.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { sku } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { enumValues, ShareSelection } from '../../../../generated/shared/enums';
import type { Lang } from '../../../shared/validation';
import { manifestLabel, meta, type CrudCall, type ResourceHooks } from '../../crud/handlers';
import { wmsInventoryShareToken } from '../../db/internal-schema';
import type { RequestContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { dropToken, issueToken } from './tokens';

type Row = Record<string, unknown>;

/** The column keys a share may show (enums.ShareColumn), in the enum's order. */
export const SHARE_COLUMNS: readonly string[] = enumValues.ShareColumn.map((e) => e.key);
/** What a share shows when its creator chose nothing. */
export const DEFAULT_COLUMNS = ['AVAILABLE'];

const texts = {
  noSkus: { en: 'choose at least one SKU', zh: '请至少选择一个商品' },
  foreignSku: { en: 'SKU #{id} is not a SKU of this goods owner', zh: '商品 #{id} 不属于该货主' },
  noCategory: { en: '{label} cannot be empty when one category is shared', zh: '分享指定分类时{label}不能为空' },
  badColumn: { en: '"{value}" is not a column that can be shared', zh: '“{value}”不是可分享的列' },
};

const labelOf = (field: string) => ({ label: manifestLabel(field, meta(bindings.inventoryShare))!, field });
const problem = (lang: Lang, field: string, t: { en: string; zh: string }, args: Record<string, string | number> = {}) => fieldError(lang, labelOf(field), t[lang], args);

/** Tokens issued by an add, handed to the add's answer (decorate) of the same request. */
const issued = new WeakMap<RequestContext, { id: number; token: string }>();

async function checkSelection(call: CrudCall, values: Row, existing: Row | null): Promise<void> {
  const { lang } = call.ctx;
  const merged = { ...(existing ?? {}), ...values };
  const selection = merged.selection as number;
  if (values.selection !== undefined || values.skuIds !== undefined || values.categoryId !== undefined) {
    if (selection !== ShareSelection.SKUS) values.skuIds = [];
    if (selection !== ShareSelection.CATEGORY) values.categoryId = null;
  }
  if (selection === ShareSelection.SKUS) {
    const ids = [...new Set((merged.skuIds as number[] | undefined) ?? [])];
    if (!ids.length) throw problem(lang, 'skuIds', texts.noSkus);
    const foreign = await call.db.select({ id: sku.id }).from(sku).where(and(inArray(sku.id, ids), eq(sku.ownerId, merged.ownerId as number)));
    const mine = new Set(foreign.map((r) => r.id));
    const bad = ids.find((id) => !mine.has(id));
    if (bad !== undefined) throw problem(lang, 'skuIds', texts.foreignSku, { id: bad });
    if (values.skuIds !== undefined) values.skuIds = ids;
  }
  if (selection === ShareSelection.CATEGORY && !merged.categoryId) throw problem(lang, 'categoryId', texts.noCategory);
}

function checkColumns(call: CrudCall, values: Row, adding: boolean): void {
  const cols = values.shownColumns as string[] | null | undefined;
  if (cols === undefined && !adding) return;
  const list = [...new Set(cols ?? [])];
  const bad = list.find((c) => !SHARE_COLUMNS.includes(c));
  if (bad !== undefined) throw problem(call.ctx.lang, 'shownColumns', texts.badColumn, { value: bad });
  values.shownColumns = list.length ? SHARE_COLUMNS.filter((c) => list.includes(c)) : adding ? DEFAULT_COLUMNS : [];
}

export const inventoryShareHooks: ResourceHooks = {
  async beforeWrite(call, values, existing) {
    if (!existing) values.createdBy = call.user.name;
    checkColumns(call, values, !existing);
    await checkSelection(call, values, existing);
  },
  async afterWrite(call, values, existing) {
    if (existing) return;
    const id = values.id as number;
    issued.set(call.ctx, { id, token: await issueToken(call.db, id) });
  },
  async beforeRemove(call, existing) {
    await dropToken(call.db, existing.id as number);
  },
  async decorate(call, rows) {
    if (!rows.length) return;
    const ids = rows.map((r) => r.id as number);
    const live = new Set((await call.db.select({ id: wmsInventoryShareToken.shareId }).from(wmsInventoryShareToken).where(inArray(wmsInventoryShareToken.shareId, ids))).map((r) => r.id));
    const fresh = issued.get(call.ctx);
    for (const r of rows) {
      r.linkActive = live.has(r.id as number);
      if (fresh && fresh.id === r.id) r.token = fresh.token;
    }
  },
};
