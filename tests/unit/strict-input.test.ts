/**
 * The rules of the edge (issue 12; docs/architecture.md "Strict input at the edge"): the `wire` source of the
 * shared rule builders takes values as typed (the server), `input` casts what form inputs hold (the console);
 * checkShape bounds a body before any schema sees it.
 */
import { describe, expect, it } from 'vitest';
import type { AnySchema } from 'yup';
import { BODY_LIMITS, checkShape } from '../../src/server/http/body';
import { INT4_MAX, rules } from '../../src/shared/validation';

const label = { en: 'Weight', zh: '重量' };
/** The value `schema` makes of `v`, or the message it refuses it with. */
const run = async (schema: AnySchema, v: unknown) => {
  try { return { value: await schema.validate(v) }; } catch (e) { return { error: (e as Error).message }; }
};

describe('rules on the wire: no casting between types', () => {
  const r = rules('en', 'add');

  it('takes a number only as a finite JSON number', async () => {
    const weight = r.number(label, { min: 0, max: 9999, decimals: 3 });
    for (const v of ['12', [2, 9], true, {}, Infinity, -Infinity, Number.NaN]) expect(await run(weight, v), JSON.stringify(v)).toEqual({ error: 'Weight must be a number' });
    expect(await run(weight, 12.5)).toEqual({ value: 12.5 });
    expect(await run(r.number(label, {}), '')).toEqual({ value: null }); // '' is "empty": cleared
  });

  it('keeps whole numbers and ids within PostgreSQL integer', async () => {
    const count = r.number(label, { integer: true });
    expect(await run(count, 1.5)).toEqual({ error: 'Weight must be an integer' });
    expect(await run(count, 3_000_000_000)).toEqual({ error: `Weight cannot be greater than ${INT4_MAX}` });
    const ref = r.ref(label, { required: true });
    expect(await run(ref, INT4_MAX)).toEqual({ value: INT4_MAX });
    for (const v of [0, INT4_MAX + 1, '3', [1, 2]]) expect((await run(ref, v)).error, JSON.stringify(v)).toBeDefined();
    expect(await run(r.recordId(), 1.5)).toEqual({ error: 'ID must be a positive integer' });
    expect((await run(r.refs(label), ['1'])).error).toBe('Weight must be an integer');
  });

  it('takes text only as text, trimmed', async () => {
    const name = r.string(label, { maxLength: 5 });
    for (const v of [true, 12, ['a'], { a: 1 }]) expect(await run(name, v), JSON.stringify(v)).toEqual({ error: 'Weight must be text' });
    expect(await run(name, '  ok  ')).toEqual({ value: 'ok' });
  });

  it('takes booleans as true/false and dates as text', async () => {
    expect(await run(r.boolean(label), 'true')).toEqual({ error: 'Weight must be true or false' });
    expect(await run(r.boolean(label), 1)).toEqual({ error: 'Weight must be true or false' });
    expect(await run(r.date(label), 12)).toEqual({ error: 'Weight must be a date' });
    expect((await run(r.date(label), '2026-01-05T10:00:00Z')).value).toEqual(new Date('2026-01-05T10:00:00Z'));
    const day = rules('en', 'query').day(label);
    expect(await run(day, '2026-01-05')).toEqual({ value: '2026-01-05' }); // a list filter's day stays text
    expect(await run(day, '2026-13-45')).toEqual({ error: 'Weight must be a date' });
  });
});

describe('rules of the console: form inputs may be cast', () => {
  it('reads "12" from an input as 12, and still refuses what is no number', async () => {
    const r = rules('en', 'add', 'input');
    expect(await run(r.number(label, {}), '12')).toEqual({ value: 12 });
    expect(await run(r.number(label, {}), 'abc')).toEqual({ error: 'Weight must be a number' });
  });
});

describe('checkShape', () => {
  const refuse = (body: unknown, opts = {}) => { try { checkShape(body, 'en', opts); return undefined; } catch (e) { return (e as Error).message; } };

  it('wants an object', () => {
    for (const b of [null, 12345, 'hello', [], true]) expect(refuse(b), JSON.stringify(b)).toBe('The request body must be a JSON object');
    expect(refuse({ name: 'x', lines: [{ qty: 1 }] })).toBeUndefined();
  });

  it('bounds depth without recursing into a deep body', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(refuse({ lines: deep })).toBe(`The request body is nested more than ${BODY_LIMITS.depth} levels deep`);
  });

  it('refuses prototype-named keys, NUL, over-long text and lists, repeated form keys', () => {
    expect(refuse(JSON.parse('{"lines":[{"toString":1}]}'))).toBe('Field name "toString" is not allowed');
    expect(refuse(JSON.parse('{"__proto__":1}'))).toBe('Field name "__proto__" is not allowed');
    expect(refuse({ captcha: 'a\u0000b' })).toBe('Verification code cannot contain the NUL character');
    expect(refuse({ lines: [{}, { batchNo: 'a\u0000' }] }, { labelOf: (k: string) => (k === 'batchNo' ? { en: 'Batch', zh: '批次' } : undefined) })).toBe('Line 2: Batch cannot contain the NUL character');
    expect(refuse({ remark: 'x'.repeat(BODY_LIMITS.textChars + 1) })).toBe(`remark can be at most ${BODY_LIMITS.textChars} characters`);
    expect(refuse({ ids: new Array(BODY_LIMITS.items + 1).fill(1) })).toBe(`IDs can hold at most ${BODY_LIMITS.items} entries`);
    expect(refuse({ username: ['a', 'b'] }, { form: true })).toBe('Username is given more than once');
    expect(refuse({ username: ['a', 'b'] })).toBeUndefined(); // in JSON a list is a list (the schema judges it)
  });
});
