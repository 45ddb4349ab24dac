/**
 * Registers the cycle count calls beyond the generic ones (issue 30; docs/counts.md "Calls"): the workflow steps
 * POST /sapi/wms/count/<action> for every action of the manifest's count workflow, each with the code the manifest
 * gives it; the counting calls `enter` and `scan` (the finish code: counters); the blind `lines` and `locations`
 * (counters or reviewers); the reviewer's `differences`. The Excel import and the count sheet PDF are registered
 * with their machinery (imports/count-import.ts, print/).
 */
import type { FastifyInstance } from 'fastify';
import { bindings } from '../../../../generated/server/routes';
import type { CrudCall } from '../../crud/handlers';
import { actionOf } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { ID_BODY, type BodyRule } from '../../http/body';
import { sapiRoute } from '../../http/sapi';
import { COUNTER_CODES, REVIEW_CODE } from './common';
import { countDifferences, countLines, countLocations, enterBody, enterCounts, linesBody, scanBody, scanCount } from './counting';
import { approveCount, finishCount, recountBody, recountCount, rejectCount, rejectCountBody, startCount } from './counts';

const steps: Record<string, { body: BodyRule; run: (call: CrudCall) => Promise<unknown> }> = {
  start: { body: ID_BODY, run: startCount },
  finish: { body: ID_BODY, run: finishCount },
  recount: { body: recountBody, run: recountCount },
  approve: { body: ID_BODY, run: approveCount },
  reject: { body: rejectCountBody, run: rejectCount },
};

export function registerCountRoutes(app: FastifyInstance, db: Db): void {
  const b = bindings.count;
  const route = (name: string, code: string, body: BodyRule, run: (call: CrudCall) => Promise<unknown>) =>
    sapiRoute(app, db, `${b.meta.path}/${name}`, code, { body }, ({ ctx, user, body: form }) => run({ db, ctx, user, binding: b, body: form }));
  for (const [action, { body, run }] of Object.entries(steps)) route(action, actionOf(b, action).code, body, run);
  const countCode = actionOf(b, 'finish').code;
  route('enter', countCode, enterBody, enterCounts);
  route('scan', countCode, scanBody, scanCount);
  route('lines', COUNTER_CODES, linesBody, countLines);
  route('locations', COUNTER_CODES, ID_BODY, countLocations);
  route('differences', REVIEW_CODE, linesBody, countDifferences);
}
