/**
 * The request record list's query parameter beyond the manifest's filters (resources.yaml
 * `requestRecord.queryParams`): `durationMin` (ms) keeps the calls that took longer than that (spec 2.3;
 * issue 15 "duration above N ms").
 */
import { gt, type SQL } from 'drizzle-orm';
import { requestRecord } from '../../../../generated/db/schema';
import type { ResourceHooks } from '../../crud/handlers';

export const requestRecordHooks: ResourceHooks = {
  filterConditions(_call, q): SQL[] {
    return typeof q.durationMin === 'number' ? [gt(requestRecord.durationMs, q.durationMin)] : [];
  },
};
