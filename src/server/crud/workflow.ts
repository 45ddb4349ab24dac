/**
 * Guarded state transitions from the manifest's `workflow` (src/shared/resource-meta.ts WorkflowSpec;
 * issue 5: "write the states and transitions into the manifest so the console, the server and the docs
 * share one definition").
 *
 * `transition(call, id, action, to, set)` moves record `id` (in the caller's scope, else 404) to state `to`
 * with ONE statement: UPDATE ... SET <field> = to, ... WHERE id = ? AND <field> IN (<action's from>) AND
 * <scope> RETURNING *. Two concurrent callers cannot both take the same step; a record in another state gets 409
 * "Cannot <action> <number>: it is <state>; allowed when <states>" in the caller's language.
 * Run it inside the document's transaction (call.db = tx) so the status and the stock movements commit
 * together.
 */
import type { Binding } from '../../../generated/server/routes';
import { Code } from '../../shared/envelope';
import type { Label, ResourceSpec, WorkflowSpec } from '../../shared/resource-meta';
import type { Lang } from '../../shared/validation';
import type { Db } from '../db/connect';
import { BizError } from '../http/errors';
import { rawQuery } from '../db/raw';
import { ident, Params } from './filters';
import { findInScope, hooksOf, recordId, scopeSql, type CrudCall } from './handlers';
import { ownRecordJsonSql, shapeOf } from './records-sql';

type Row = Record<string, unknown>;
const metaOf = (b: Binding) => b.meta as ResourceSpec;

/** The workflow of a resource; throws when the manifest declares none (a programming error). */
export function workflowOf(b: Binding): WorkflowSpec {
  const wf = metaOf(b).workflow;
  if (!wf) throw new Error(`${metaOf(b).name} has no workflow in resources.yaml`);
  return wf;
}

/** The action of a workflow by name (a programming error when unknown). */
export function actionOf(b: Binding, action: string): WorkflowSpec['actions'][number] {
  const a = workflowOf(b).actions.find((x) => x.name === action);
  if (!a) throw new Error(`${metaOf(b).name} has no workflow action ${action}`);
  return a;
}

const stateLabel = (wf: WorkflowSpec, v: number, lang: Lang) => (wf.states.find((s) => s.value === v) as Label | undefined)?.[lang] ?? String(v);

/** The 409 for an action the record's state does not allow. */
export function notAllowed(b: Binding, action: string, record: Row, lang: Lang): BizError {
  const wf = workflowOf(b);
  const a = actionOf(b, action);
  const what = String(record[metaOf(b).represent] ?? `#${record.id}`);
  const now = stateLabel(wf, record[wf.field] as number, lang);
  const allowed = a.from.map((v) => stateLabel(wf, v, lang)).join(lang === 'zh' ? '、' : ', ');
  return new BizError(Code.CONFLICT, lang === 'zh'
    ? `不能${a.zh}${what}：当前状态为${now}，仅在${allowed}时可以${a.zh}`
    : `Cannot ${a.en.toLowerCase()} ${what}: it is ${now.toLowerCase()}; allowed when ${allowed.toLowerCase()}`);
}

/**
 * Moves record `id` by `action` to `to` (one of the action's `to` states), setting `set` as well (API field ->
 * value; a Date is written as its instant), with ONE guarded UPDATE ... RETURNING (id, the action's `from` states
 * and the caller's read scope in its WHERE), plain SQL prepared by name (issue 13 write path). Returns the
 * record's own columns after the step as the API writes them (JSON values: timestamps as ISO text; no joined
 * names, no decorations). Errors: 400 bad id, 404 out of scope or missing, 409 wrong state (read only then, to
 * name the state).
 */
export async function transition(call: CrudCall, id: unknown, action: string, to: number, set: Row = {}): Promise<Row> {
  const b = call.binding;
  const wf = workflowOf(b);
  const a = actionOf(b, action);
  if (!a.to.includes(to)) throw new Error(`${metaOf(b).name}.${action} cannot end in state ${to}`);
  const rid = recordId(id, call.ctx.lang);
  const { columnOf, table } = shapeOf(b);
  const column = (field: string) => {
    if (!columnOf[field]) throw new Error(`${metaOf(b).name} has no field ${field}`);
    return ident(columnOf[field]);
  };
  const p = new Params();
  const assignments = [`${column(wf.field)} = ${p.add(to)}`, `${column('updateDate')} = now()`,
    ...Object.entries(set).map(([field, v]) => `${column(field)} = ${p.add(v instanceof Date ? v.toISOString() : v)}`)];
  const where = [`t."id" = ${p.add(rid)}`, `t.${column(wf.field)} = any(${p.add(a.from, '::int[]')})`, ...scopeSql(b, call.user, p)];
  const [done] = await rawQuery(call.db, `update ${ident(table)} t set ${assignments.join(', ')} where ${where.join(' and ')} returning ${ownRecordJsonSql(b)} as "record"`, p.values);
  if (done) {
    const record = JSON.parse(done.record as string) as Row;
    await hooksOf(b).afterStep?.(call, action, record);
    return record;
  }
  throw notAllowed(b, action, await findInScope(call, b, rid), call.ctx.lang);
}

/**
 * One workflow step as a whole call: in ONE transaction the guarded {@link transition} of record
 * `call.body.id`, then `more` (stock movements, ...) with the transaction's call and the record after the step;
 * answers the record (scoped, decorated) read after COMMIT. Any error rolls the whole step back.
 */
export async function takeStep(call: CrudCall, action: string, to: number, set: Row = {}, more?: (tx: CrudCall, record: Row) => Promise<void>): Promise<Row> {
  const id = await call.db.transaction(async (tx) => {
    const c: CrudCall = { ...call, db: tx as unknown as Db };
    const record = await transition(c, call.body?.id, action, to, set);
    await more?.(c, record);
    return record.id;
  });
  return findInScope(call, call.binding, id);
}
