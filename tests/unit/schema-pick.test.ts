/**
 * http/schema-pick.ts: validating with the schema picked to a body's fields answers exactly what the whole schema
 * answers (same value, same errors), for every manifest query and form schema, with generated bodies.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError, type Schema } from 'yup';
import { random, schemasOf } from './manifest-schemas';
import { schemaFor } from '../../src/server/http/schema-pick';

const opts = { stripUnknown: true, abortEarly: false };
/** What a validation answers: the value, or the errors with their paths (order-independent). */
function outcome(schema: Schema, body: unknown) {
  try {
    return { value: schema.validateSync(body, opts) };
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return { errors: e.inner.map((i) => `${i.path}: ${i.message}`).sort() };
  }
}

const POOL: unknown[] = [null, '', ' ', 'text', 'A-1', '2026-01-31', '2026-01-31 10:00:00', 0, 1, 2, 7, -1, 1.5, 2147483648, true, false, [], [1, 2], ['x'], {}, { id: 1 }, 'x'.repeat(300), [{ skuId: 1, qty: 2 }]];



describe('schemaFor', () => {
  it.each(['en', 'zh'] as const)('answers like the whole schema for every manifest schema (%s)', (lang) => {
    const next = random(lang === 'en' ? 7 : 11);
    let picked = 0;
    let compared = 0;
    for (const [name, schema] of schemasOf(lang)) {
      const fields = Object.keys((schema as unknown as { fields: object }).fields);
      for (let n = 0; n < 150; n++) {
        const body: Record<string, unknown> = {};
        for (const f of fields) if (next() < 0.3) body[f] = POOL[Math.floor(next() * POOL.length)];
        if (next() < 0.2) body.unknownKey = 'x';
        const part = schemaFor(schema, body);
        if (part !== schema) picked++;
        expect(outcome(part, body), `${name} ${JSON.stringify(body)}`).toEqual(outcome(schema, body));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(picked).toBeGreaterThan(compared / 2); // the pick is what most bodies get
  });

  it('validates whole a schema with an object-level test, and keeps required fields a body leaves out', async () => {
    const yup = await import('yup');
    const tested = yup.object({ a: yup.number(), b: yup.number() }).test('sum', 'a + b > 0', (v) => (v.a ?? 0) + (v.b ?? 0) > 0);
    expect(schemaFor(tested, { a: 1 })).toBe(tested);
    const required = yup.object({ a: yup.number(), b: yup.number().required(), c: yup.string().default('x'), d: yup.string() });
    const part = schemaFor(required, { a: 1 }) as unknown as { fields: object };
    expect(Object.keys(part.fields).sort()).toEqual(['a', 'b', 'c']);
  });
});
