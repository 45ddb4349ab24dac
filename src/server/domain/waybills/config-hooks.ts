/**
 * Rules of the carrier configuration resource (issue 17) around the generic writes:
 * - the credentials a carrier needs are present (Aramex: API user name, password, account number, PIN, entity
 *   and country; SMSA: the API key). A secret left empty on edit keeps its stored value, so "present" means
 *   given now or stored before;
 * - the API address, when given, is an http(s) URL;
 * - one default per warehouse: saving a configuration as default clears the flag on the warehouse's others.
 */
import { and, eq, ne } from 'drizzle-orm';
import { carrierConfig } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { Carrier } from '../../../../generated/shared/enums';
import { manifestLabel, meta, type CrudCall, type ResourceHooks } from '../../crud/handlers';
import { fieldError } from '../../http/errors';
import { companyOf } from './carriers';

type Row = Record<string, unknown>;

const NEEDS: Record<number, string[]> = {
  [Carrier.ARAMEX]: ['userName', 'password', 'accountNumber', 'accountPin', 'accountEntity', 'accountCountryCode'],
  [Carrier.SMSA]: ['apiKey'],
};
const SECRETS = new Set(['password', 'accountPin', 'apiKey']);

const texts = {
  needed: { en: '{label} is needed for {carrier}', zh: '{carrier}需要填写{label}' },
  url: { en: '{label} must be an http or https address', zh: '{label}必须是 http 或 https 地址' },
};

const labelOf = (field: string) => ({ label: manifestLabel(field, meta(bindings.carrierConfig))!, field });

function checkUrl(call: CrudCall, value: unknown) {
  if (typeof value !== 'string' || !value) return;
  let ok = false;
  try { ok = ['http:', 'https:'].includes(new URL(value).protocol); } catch { ok = false; }
  if (!ok) throw fieldError(call.ctx.lang, labelOf('baseUrl'), texts.url[call.ctx.lang]);
}

export const carrierConfigHooks: ResourceHooks = {
  async beforeWrite(call, values, existing) {
    const lang = call.ctx.lang;
    checkUrl(call, values.baseUrl);
    let stored: Row = existing ?? {};
    if (existing) {
      // the record shape leaves secrets out: read whether they are set
      const [row] = await call.db.select().from(carrierConfig).where(eq(carrierConfig.id, existing.id as number));
      stored = row as unknown as Row;
    }
    const carrier = (values.carrier ?? stored.carrier) as number;
    const carrierName = companyOf(carrier);
    for (const field of NEEDS[carrier] ?? []) {
      const given = values[field] !== undefined ? values[field] : stored[field];
      if (given === null || given === undefined || given === '') {
        throw fieldError(lang, labelOf(field), texts.needed[lang], { carrier: carrierName });
      }
      if (SECRETS.has(field) && values[field] === null) throw fieldError(lang, labelOf(field), texts.needed[lang], { carrier: carrierName });
    }
  },
  async afterWrite(call, values, existing) {
    const id = (values.id ?? existing?.id) as number;
    const [row] = await call.db.select({ isDefault: carrierConfig.isDefault, warehouseId: carrierConfig.warehouseId }).from(carrierConfig).where(eq(carrierConfig.id, id));
    if (row?.isDefault) {
      await call.db.update(carrierConfig).set({ isDefault: false }).where(and(eq(carrierConfig.warehouseId, row.warehouseId), ne(carrierConfig.id, id)));
    }
  },
};
