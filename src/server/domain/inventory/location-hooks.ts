/**
 * Rules of the location resource beyond its manifest (issue 29, docs/locations.md): a location's zone must be a
 * zone of the same warehouse, visible to the caller (400 naming zoneId otherwise). Removing a zone or location
 * still referenced (locations, stock rows, log lines) is the generic 409 "still used" (crud/handlers.ts).
 */
import { bindings } from '../../../../generated/server/routes';
import { manifestLabel, meta, findInScope, type ResourceHooks } from '../../crud/handlers';
import { fieldError } from '../../http/errors';

const texts = {
  zoneWarehouse: { en: 'the zone is not in the location\'s warehouse', zh: '库区不属于该库位的仓库' },
};

export const locationHooks: ResourceHooks = {
  async beforeWrite(call, values, existing) {
    if (values.zoneId === undefined) return;
    const warehouseId = (existing?.warehouseId ?? values.warehouseId) as number;
    const zone = await findInScope(call, bindings.warehouseZone, values.zoneId).catch(() => null);
    if (!zone || zone.warehouseId !== warehouseId) {
      throw fieldError(call.ctx.lang, { label: manifestLabel('zoneId', meta(bindings.location))!, field: 'zoneId' }, texts.zoneWarehouse[call.ctx.lang]);
    }
  },
};
