/**
 * The rules of the edge (issue 12; docs/architecture.md "Strict input at the edge"): the `wire` source of the
 * shared rule builders takes values as typed (the server), `input` casts what form inputs hold (the console);
 * checkShape bounds a body before any schema sees it.
 */
import { describe, expect, it } from 'vitest';
import type { AnySchema } from 'yup';
import { BODY_LIMITS, checkShape } from '../../src/server/http/body';
import { inboundOrderForm, outboundOrderForm } from '../../generated/shared/schemas';
import { instantValue } from '../../src/client/widgets/instantPicker/value';
import { textToCents } from '../../src/client/widgets/money';
import { sheetDateTime } from '../../src/server/domain/imports/order-import';
import { ImportErrors, RowCheck } from '../../src/server/domain/imports/sheet';
import { INT4_MAX, parseInstant, rules } from '../../src/shared/validation';

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

describe('dates name a real instant (issue 26)', () => {
  const iso = (text: string) => parseInstant(text)?.toISOString();
  /** The instant of local wall time (a zoneless text is wall time of the local zone, as yup read it). */
  const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).toISOString();

  it('takes the forms the console and the API use, exactly', () => {
    expect(iso('2024-02-03T04:05:06.000Z')).toBe('2024-02-03T04:05:06.000Z'); // what the API answers
    expect(iso('2024-02-03T04:05:06.1239Z')).toBe('2024-02-03T04:05:06.123Z');
    expect(iso('2024-02-03T04:05:06+03:00')).toBe('2024-02-03T01:05:06.000Z');
    expect(iso('2024-02-03T04:05:06-0530')).toBe('2024-02-03T09:35:06.000Z');
    expect(iso('2024-02-03T04:05Z')).toBe('2024-02-03T04:05:00.000Z');
    expect(iso('2024-02-29T00:00:00Z')).toBe('2024-02-29T00:00:00.000Z'); // a leap day
    expect(iso('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00.000Z'); // not 1901
    expect(iso('2024-02-03')).toBe(local(2024, 2, 3)); // a date input
    expect(iso('2024-02-03T04:05')).toBe(local(2024, 2, 3, 4, 5)); // a date-time input
    expect(iso('2024-02-03 04:05:06')).toBe(local(2024, 2, 3, 4, 5, 6));
  });

  it('refuses fields that roll over, and other text', () => {
    for (const t of ['2024-13-45T99:99:99Z', '2024-02-30', '2023-02-29', '2024-04-31T10:00:00Z', '2024-02-03T25:00', '2024-02-03T24:00:00Z',
      '2024-02-03T23:60Z', '2024-02-03T23:59:60Z', '0000-00-00', '0000-01-01', '2024-00-10', '2024-02-00', '2024-02-03T04:05+24:00', '2024-02-03T04:05+03:60',
      'Feb 3 2024', '20240203', '2024-2-3', '2024-02-03Z', '2024-02-03T4:05', ' 2024-02-03', '']) {
      expect(parseInstant(t), t).toBeUndefined();
    }
  });

  it('refuses an impossible date with the field label in en and zh, on the wire and in the console alike', async () => {
    for (const source of ['wire', 'input'] as const) {
      for (const [lang, text] of [['en', 'Planned arrival must be a date'], ['zh', '预计到货时间必须是日期']] as const) {
        const field = inboundOrderForm('add', lang, source).fields.plannedArrivalTime as AnySchema;
        for (const v of ['2024-13-45T99:99:99Z', '2024-02-30', '2024-02-03T25:00', '0000-00-00']) expect(await run(field, v), `${source} ${lang} ${v}`).toEqual({ error: text });
        expect(await run(field, '2024-02-03T04:05:06.000Z')).toEqual({ value: new Date('2024-02-03T04:05:06.000Z') });
      }
    }
    // the console's date-time input hands over the instant picked in the browser's zone; typed text naming none is refused
    const inForm = inboundOrderForm('add', 'en', 'input').fields.plannedArrivalTime as AnySchema;
    expect(instantValue(new Date(2024, 1, 3, 4, 5))).toBe(local(2024, 2, 3, 4, 5));
    expect(await run(inForm, instantValue(new Date(2024, 1, 3, 4, 5)))).toEqual({ value: new Date(2024, 1, 3, 4, 5) });
    expect(await run(inForm, instantValue('invalid'))).toEqual({ error: 'Planned arrival must be a date' });
    expect(await run(inForm, instantValue(new Date(Number.NaN)))).toEqual({ error: 'Planned arrival must be a date' });
    expect(instantValue(null)).toBeNull();
    const day = rules('zh', 'query').day({ en: 'Created', zh: '创建时间' });
    expect(await run(day, '2024-02-30')).toEqual({ error: '创建时间必须是日期' });
    expect(await run(day, '2024-02-03T04:05:06+03:00')).toEqual({ value: '2024-02-03T04:05:06+03:00' });
  });
});

describe('an order file\'s date cells name a real instant too (issue 26)', () => {
  const column = { key: 'at', en: 'Planned arrival', zh: '预计到货时间' };
  /** The cell read at UTC+3: the instant, or the row's error. */
  const read = (cell: string) => {
    const errors = new ImportErrors();
    const at = sheetDateTime(new RowCheck(2, new Map([['at', cell]]), new Map([['at', column]]), 'en', errors), 'at', 3);
    return at ? at.toISOString() : errors.first()[0]?.message;
  };

  it('reads wall time and zoned text, and refuses what rolls over', () => {
    expect(read('2024-02-29 10:00')).toBe('2024-02-29T07:00:00.000Z');
    expect(read('2024/2/3 4:05:06')).toBe('2024-02-03T01:05:06.000Z');
    expect(read('2024-02-03T04:05:06+03:00')).toBe('2024-02-03T01:05:06.000Z');
    for (const cell of ['2024-02-30T10:00:00Z', '2024-02-30 10:00', '2024-02-03 10:60', '2024-02-03 10:00:75', '0000-01-01', '2024-13-45T99:99:99Z']) {
      expect(read(cell), cell).toBe('Planned arrival must be a date');
    }
  });
});

describe('money has at most 2 decimals (issue 26, spec 5)', () => {
  it('refuses a fraction of a cent on the wire with the label', async () => {
    for (const [lang, text] of [['en', 'Cash on delivery can have at most 2 decimals'], ['zh', '代收货款小数点后最多2位']] as const) {
      const field = outboundOrderForm('add', lang).fields.codAmount as AnySchema;
      expect(await run(field, 2550.5), lang).toEqual({ error: text });
      expect(await run(field, 2550)).toEqual({ value: 2550 });
      expect(await run(field, '2550')).toEqual({ error: lang === 'en' ? 'Cash on delivery must be a number' : '代收货款只能是数字' });
    }
  });

  it('in the console: the amount typed is never rounded, and the same rule refuses it', async () => {
    const field = outboundOrderForm('add', 'en', 'input').fields.codAmount as AnySchema;
    expect(await run(field, textToCents('25.505'))).toEqual({ error: 'Cash on delivery can have at most 2 decimals' });
    expect(await run(field, textToCents('0.001'))).toEqual({ error: 'Cash on delivery can have at most 2 decimals' });
    for (const typed of ['25.5', '25.50', '25.500']) expect(await run(field, textToCents(typed)), typed).toEqual({ value: 2550 });
    expect(textToCents('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996
  });

  it('counts decimals exactly for every number field', async () => {
    const weight = rules('en', 'add').number(label, { decimals: 3 });
    expect(await run(weight, 1.0000000001)).toEqual({ error: 'Weight can have at most 3 decimals' });
    expect(await run(weight, 0.125)).toEqual({ value: 0.125 });
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
