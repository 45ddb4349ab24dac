/**
 * Rate cards (issue 32 step 1; docs/billing.md): what the operator charges a goods owner, per charge kind, in one
 * currency, valid from a day. The resource is the manifest's `rateCard`; its prices `rateCardLine` are saved with
 * it (like a move's lines): `{name, companyId?, ownerId?, currency, validFrom, status, monthlyMinimum, remark,
 * lines: [{kind, rate, remark?}]}`, 1..500 lines, each kind at most once (400 "Line 2: ..."), written through the
 * generic add/edit/remove with the hooks below in one transaction.
 *
 * - An owner's card: `companyId` becomes the owner's company (a different company given: 400 on companyId).
 * - A company's card: no owner; `companyId` required (400).
 * - Which card prices a day: {@link cardForDaySql} (the owner's ACTIVE card with the latest validFrom <= day,
 *   else the owner's company's).
 * - A card that priced charges cannot be deleted (409): correct it, or add a newer one, and recompute.
 * Records carry `lines` [{id, kind, rate, remark}] in kind order.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { charge, owner, rateCard, rateCardLine } from '../../../../generated/db/schema';
import { rateCardLineForm } from '../../../../generated/shared/schemas';
import { RateCardStatus } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { requestLabels, type FormMode, type Lang } from '../../../shared/validation';
import { manifestLabel, meta, type ResourceHooks } from '../../crud/handlers';
import { bindings } from '../../../../generated/server/routes';
import { BizError, fieldError } from '../../http/errors';
import { linesField, PendingLines } from '../documents';

type Row = Record<string, unknown>;
interface LineInput { kind: number; rate: number; remark?: string | null }

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  kindTwice: L('the same charge kind is listed twice', '同一计费项目重复'),
  companyNeeded: L('{label} cannot be empty for a company rate card (no goods owner)', '公司价卡（未选货主）的{label}不能为空'),
  companyOfOwner: L('{label} must be the goods owner\'s company', '{label}必须是该货主所属公司'),
  unknownOwner: L('{label} does not exist', '{label}不存在'),
  inUse: L('Rate card {name} priced charges and cannot be deleted; correct it or add a newer card', '价卡 {name} 已用于计费，不能删除；请修改它或新增更新的价卡'),
};
const cardLabel = (field: string) => manifestLabel(field, meta(bindings.rateCard))!;
const lineLabel = (field: string) => manifestLabel(field, meta(bindings.rateCardLine))!;

/** The card's `lines` (required on add; on edit absent = keep them): kind, rate, remark by the manifest's rules. */
function cardLines(lang: Lang, mode: FormMode) {
  return linesField(lang, rateCardLineForm('add', lang).pick(['kind', 'rate', 'remark']), requestLabels.rateCardLines, mode === 'add');
}

const pendingLines = new PendingLines<LineInput>();

export const rateCardHooks: ResourceHooks = {
  bodyFields: (lang, mode) => ({ lines: cardLines(lang, mode) }),
  async beforeWrite(call, values, existing) {
    const { lang } = call.ctx;
    const ownerId = (values.ownerId !== undefined ? values.ownerId : existing?.ownerId) ?? null;
    const companyId = (values.companyId !== undefined ? values.companyId : existing?.companyId) ?? null;
    if (ownerId !== null) {
      const [o] = await call.db.select({ companyId: owner.companyId }).from(owner).where(eq(owner.id, ownerId as number));
      if (!o) throw fieldError(lang, { label: cardLabel('ownerId'), field: 'ownerId' }, texts.unknownOwner[lang]);
      if (companyId !== null && companyId !== o.companyId) throw fieldError(lang, { label: cardLabel('companyId'), field: 'companyId' }, texts.companyOfOwner[lang]);
      values.companyId = o.companyId;
    } else if (companyId === null) {
      throw fieldError(lang, { label: cardLabel('companyId'), field: 'companyId' }, texts.companyNeeded[lang]);
    }
    const lines = call.body.lines as LineInput[] | undefined;
    if (lines === undefined) return;
    const seen = new Set<number>();
    lines.forEach((l, i) => {
      if (seen.has(l.kind)) throw fieldError(lang, { line: i, field: 'kind', label: lineLabel('kind') }, texts.kindTwice[lang]);
      seen.add(l.kind);
    });
    pendingLines.set(call.body, lines);
  },
  async afterWrite(call, values, existing) {
    const id = (existing?.id ?? values.id) as number;
    const ownerId = ((values.ownerId !== undefined ? values.ownerId : existing?.ownerId) ?? null) as number | null;
    if (call.body.lines === undefined) {
      // the owner may change on edit: the lines carry it for scope
      await call.db.update(rateCardLine).set({ ownerId }).where(eq(rateCardLine.rateCardId, id));
      return;
    }
    await call.db.delete(rateCardLine).where(eq(rateCardLine.rateCardId, id));
    await call.db.insert(rateCardLine).values(pendingLines.take(call.body).map((l) => ({ rateCardId: id, ownerId, kind: l.kind, rate: l.rate, remark: l.remark ?? null })));
  },
  async beforeRemove(call, existing) {
    const [used] = await call.db.select({ id: charge.id }).from(charge).where(eq(charge.rateCardId, existing.id as number)).limit(1);
    if (used) throw new BizError(Code.CONFLICT, texts.inUse[call.ctx.lang].replace('{name}', String(existing.name)));
    await call.db.delete(rateCardLine).where(eq(rateCardLine.rateCardId, existing.id as number));
  },
  /** Each card carries its `lines` in kind order. */
  async decorate(call, rows) {
    const ids = rows.map((r) => r.id as number);
    if (!ids.length) return;
    const lines = await call.db.select({ id: rateCardLine.id, rateCardId: rateCardLine.rateCardId, kind: rateCardLine.kind, rate: rateCardLine.rate, remark: rateCardLine.remark })
      .from(rateCardLine).where(inArray(rateCardLine.rateCardId, ids)).orderBy(asc(rateCardLine.kind));
    for (const r of rows) r.lines = lines.filter((l) => l.rateCardId === r.id).map(({ rateCardId: _c, ...l }) => l as Row);
  },
};

/**
 * SQL (over a goods owner id and a day, as SQL expressions) giving the id of the rate card that prices that day:
 * the owner's ACTIVE card with the latest validFrom <= day (the latest id on a tie), else the ACTIVE card of the
 * owner's company (no owner) with the latest validFrom <= day; null when there is none. The one definition.
 */
export const cardForDaySql = (ownerId: string, day: string) => `(
  select rc.id from wms_rate_card rc
  where rc.status = ${RateCardStatus.ACTIVE} and rc.valid_from <= ${day}
    and (rc.owner_id = ${ownerId} or (rc.owner_id is null and rc.company_id = (select o.company_id from wms_owner o where o.id = ${ownerId})))
  order by (rc.owner_id is null), rc.valid_from desc, rc.id desc limit 1)`;

