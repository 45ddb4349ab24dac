/**
 * The part of an object schema a body needs validated (issue 13, the page call's own time). yup runs every field
 * of an object schema on every call, also the ones the body leaves out: the inventory page query declares 14
 * fields and a page call sends 6, and in a real request (cold caches between calls) validating the query took
 * ~100 us of the ~0.8 ms the app adds to its statement.
 *
 * {@link schemaFor} gives the schema picked to the body's keys plus every field whose absence is not trivially
 * valid, which answers exactly what the whole schema answers (same value, same errors) because a field left
 * out of the pick is one that:
 * - is a plain schema (no `lazy`, no `when` conditions: its rules do not depend on its siblings),
 * - casts `undefined` to `undefined` (no default to fill in) and
 * - is valid when `undefined` (not required, no test that refuses a missing value);
 * and the object itself has no test of its own and no conditions (such a test could read any field). A schema
 * that does not meet this is validated whole. tests/unit/schema-pick.test.ts checks the equivalence on every
 * manifest schema with generated bodies.
 */
import type { AnyObject, ObjectSchema, Schema } from 'yup';

export interface Plan {
  /** Every field of the schema. */
  fields: Set<string>;
  /** Fields validated even when the body leaves them out. */
  always: string[];
  /** Picked schemas by the sorted list of their fields (at most MAX_PICKS per schema; past it, the whole schema). */
  picks: Map<string, Schema>;
}
const plans = new WeakMap<Schema, Plan | null>();
const MAX_PICKS = 64;

/** yup keeps a schema's `when` conditions in a field it does not type. */
const conditionsOf = (s: unknown): number => ((s as { conditions?: unknown[] }).conditions ?? [null]).length;

/** True when leaving `field` out of a validation cannot change its answer (see the module doc). */
function absentIsTrivial(field: unknown): boolean {
  const s = field as Schema;
  if (typeof s?.cast !== 'function' || typeof s.isValidSync !== 'function' || conditionsOf(s) > 0) return false;
  try {
    return s.cast(undefined) === undefined && s.isValidSync(undefined);
  } catch {
    return false; // an asynchronous test, or a cast that refuses: validate it always
  }
}

/** The plan of `schema`: null when it is not an object schema whose fields can be left out (module doc). */
export function planOf(schema: Schema): Plan | null {
  const known = plans.get(schema);
  if (known !== undefined) return known;
  let plan: Plan | null = null;
  if (schema.type === 'object' && schema.tests.length === 0 && conditionsOf(schema) === 0) {
    const fields = (schema as ObjectSchema<AnyObject>).fields;
    plan = { fields: new Set(Object.keys(fields)), always: Object.keys(fields).filter((k) => !absentIsTrivial(fields[k])), picks: new Map() };
  }
  plans.set(schema, plan);
  return plan;
}

/**
 * The schema to validate `body` with: `schema` picked to the fields `body` holds plus those that must always be
 * validated, or `schema` itself (not an object schema that allows it, no object body, nothing to leave out, or
 * too many different picks already).
 */
export function schemaFor(schema: Schema, body: unknown): Schema {
  const plan = planOf(schema);
  if (!plan || typeof body !== 'object' || body === null || Array.isArray(body)) return schema;
  const keys = new Set(plan.always);
  for (const k of Object.keys(body)) if (plan.fields.has(k)) keys.add(k);
  if (keys.size === plan.fields.size) return schema;
  const signature = [...keys].sort().join(',');
  let picked = plan.picks.get(signature);
  if (!picked) {
    if (plan.picks.size >= MAX_PICKS) return schema;
    picked = (schema as ObjectSchema<AnyObject>).pick([...keys]) as Schema;
    plan.picks.set(signature, picked);
  }
  return picked;
}
