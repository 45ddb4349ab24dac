/**
 * http/plain-value.ts: a body decided without yup gets exactly the value yup's validation gives, for every manifest
 * query and form schema in both languages, with generated bodies; and the common page body is decided plainly.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError, type Schema } from 'yup';
import { random, schemasOf } from './manifest-schemas';
import { plainValue } from '../../src/server/http/plain-value';
import { INT4_MAX } from '../../src/shared/validation';

const opts = { stripUnknown: true, abortEarly: false };
function outcome(schema: Schema, body: unknown) {
  try {
    return { value: schema.validateSync(body, opts) };
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return { errors: e.inner.map((i) => `${i.path}: ${i.message}`).sort() };
  }
}

/** Values a field may get: valid ones of every kind (so plain checks pass often) and the edge cases around them. */
const POOL: unknown[] = [
  null, undefined, '', ' ', 'text', '  padded text  ', 'A-1', 'a@b.co', '2026-01-31', 'x'.repeat(50), 'x'.repeat(51), 'x'.repeat(300), '\u00a0\u3000', '12',
  0, -0, 1, 2, 3, 7, 20, 500, 501, -1, 1.5, 0.125, 12.34, INT4_MAX, INT4_MAX + 1, -INT4_MAX - 1, -INT4_MAX - 2, NaN, Infinity, 1e21,
  true, false, [], [1, 2], [-1], ['x'], {}, { id: 1 },
  'id', 'qty', 'name', 'sku', 'addDate', 'asc', 'desc', 'ascending', 'DESC',
  // dates and money (issue 26): real ones, and impossible ones yup.date() used to roll over
  '2026-01-31T10:00:00.000Z', ' 2026-01-31T10:00 ', '2026-01-31 10:00:00', '2026-01-31T10:00:00+03:00', '2024-02-29',
  '2024-13-45T99:99:99Z', '2024-02-30', '2024-02-03T25:00', '0000-00-00', 'Feb 3 2026', 2550.5, 12.345,
];

const fieldsOf = (schema: Schema) => (schema as unknown as { fields: Record<string, Schema> }).fields;

describe('plainValue', () => {
  it.each(['en', 'zh'] as const)('gives what yup gives whenever it decides, on every manifest schema (%s)', (lang) => {
    const next = random(lang === 'en' ? 5 : 13);
    let decided = 0;
    let compared = 0;
    for (const [name, schema] of schemasOf(lang)) {
      const fields = Object.keys(fieldsOf(schema));
      for (let n = 0; n < 300; n++) {
        const body: Record<string, unknown> = {};
        for (const f of fields) if (next() < 0.3) body[f] = POOL[Math.floor(next() * POOL.length)];
        if (next() < 0.2) body.unknownKey = 'x';
        const plain = plainValue(schema, body);
        compared++;
        if (plain === undefined) continue;
        decided++;
        expect(outcome(schema, body), `${name} ${JSON.stringify(body)}`).toEqual({ value: plain });
      }
    }
    expect(compared).toBeGreaterThan(5000);
    expect(decided).toBeGreaterThan(compared / 20); // the comparison means something only when it decides often
  });

  it('decides the common page body of every query schema, and a list body of ids is left to yup', () => {
    for (const [name, schema] of schemasOf('en').filter(([n]) => n.endsWith(' query'))) {
      const fields = fieldsOf(schema);
      const sortable = (fields.sortProp.describe() as { oneOf: unknown[] }).oneOf.filter((v) => typeof v === 'string') as string[];
      const body = { current: 2, size: 20, sortProp: sortable[0], sortOrder: 'desc' };
      expect(plainValue(schema, body), name).toEqual(body);
      expect(plainValue(schema, { ...body, ids: [1, 2] }), name).toBeUndefined();
    }
  });

  it('passes real dates as yup reads them and leaves impossible ones to yup (issue 26)', () => {
    const query = schemasOf('en').find(([n]) => n === 'inboundOrder query')![1];
    for (const good of [{ addDateStart: '2024-02-29', addDateEnd: '2024-03-01T04:05:06+03:00' }, { addDateStart: ' 2024-02-03 ' }]) {
      const plain = plainValue(query, good);
      expect(plain, JSON.stringify(good)).toBeDefined();
      expect(outcome(query, good)).toEqual({ value: plain });
    }
    const form = schemasOf('en').find(([n]) => n === 'inboundOrder edit')![1];
    const when = { plannedArrivalTime: '2024-02-03T04:05:06.000Z' };
    expect(plainValue(form, when)).toEqual({ plannedArrivalTime: new Date('2024-02-03T04:05:06.000Z') });
    expect(outcome(form, when)).toEqual({ value: plainValue(form, when) });
    for (const bad of [{ addDateStart: '2024-02-30' }, { addDateEnd: '2024-13-45T99:99:99Z' }]) {
      expect(plainValue(query, bad), JSON.stringify(bad)).toBeUndefined();
      expect(outcome(query, bad), JSON.stringify(bad)).toEqual({ errors: [`${Object.keys(bad)[0]}: Created must be a date`] });
    }
    expect(plainValue(form, { plannedArrivalTime: '2024-02-30' })).toBeUndefined();
  });

  it('trims text, drops unknown keys, and leaves to yup what it cannot pass', () => {
    const schema = schemasOf('en').find(([n]) => n === 'inventory query')![1];
    expect(plainValue(schema, { batchNo: '  B1 ', warehouseId: 3, other: 1 })).toEqual({ batchNo: 'B1', warehouseId: 3 });
    for (const bad of [{ warehouseId: '3' }, { warehouseId: 0 }, { warehouseId: 1.5 }, { batchNo: '   ' }, { batchNo: 'x'.repeat(51) }, { sortOrder: 'DESC' }, { containInventory: 'true' }]) {
      expect(plainValue(schema, bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});
