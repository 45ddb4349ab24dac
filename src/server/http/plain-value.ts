/**
 * The value of a body yup need not see (issue 13, the page call's own time): when every field the body holds has a
 * plain check (shared/validation.ts `plainChecks`: the rule builders register one for the common inputs that
 * certainly pass) and passes it, and no field that must always be validated is left out (http/schema-pick.ts),
 * the value is what yup's validation would give: the plain values of the schema's fields, unknown keys dropped.
 * Anything else (a field without a plain check, a value it does not pass, a schema with object-level tests or
 * conditions) answers undefined and yup decides, so a refusal and its words always come from yup.
 * tests/unit/plain-value.test.ts compares it with yup on every manifest schema with generated bodies.
 */
import type { AnyObject, ObjectSchema, Schema } from 'yup';
import { NOT_PLAIN, plainChecks } from '../../shared/validation';
import { planOf } from './schema-pick';

type Row = Record<string, unknown>;

/** The validated value of `body` under `schema` without running yup, or undefined when yup must decide. */
export function plainValue(schema: Schema, body: unknown): Row | undefined {
  const plan = planOf(schema);
  if (!plan || typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = (schema as ObjectSchema<AnyObject>).fields;
  const out: Row = {};
  for (const key of Object.keys(body)) {
    if (!plan.fields.has(key)) continue; // unknown keys are dropped, as yup's stripUnknown does
    const check = plainChecks.get(fields[key] as Schema);
    const value = check ? check((body as Row)[key]) : NOT_PLAIN;
    if (value === NOT_PLAIN) return undefined;
    out[key] = value;
  }
  for (const key of plan.always) if (!(key in out)) return undefined;
  return out;
}
