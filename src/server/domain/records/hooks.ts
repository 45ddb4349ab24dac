/**
 * The request record list's query parameter beyond the manifest's filters (resources.yaml
 * `requestRecord.queryParams`): `durationMin` (ms) keeps the calls that took longer than that (spec 2.3;
 * issue 15 "duration above N ms").
 */
import type { ResourceHooks } from '../../crud/handlers';

export const requestRecordHooks: ResourceHooks = {
  filterSql(q, p, t) {
    return typeof q.durationMin === 'number' ? [`${t}."duration_ms" > ${p.add(q.durationMin)}`] : [];
  },
};
