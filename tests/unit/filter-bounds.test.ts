/**
 * Date-range bounds of the filter bars (spec 2.10 date-time range input; issue 27 item 14): the picker's
 * instants go out as ISO 8601 UTC, a day kept from an older address stays a day, anything unreadable
 * (the picker's `invalid`) is left out.
 */
import { describe, expect, it } from 'vitest';
import { filterCodec, toBound } from '../../src/client/kit/filterCodec';

describe('toBound', () => {
  it('sends instants as UTC, keeps days, drops the unreadable', () => {
    expect(toBound(new Date(Date.UTC(2030, 0, 1, 9, 30)))).toBe('2030-01-01T09:30:00.000Z');
    expect(toBound('2030-01-01T06:30:00.000Z')).toBe('2030-01-01T06:30:00.000Z');
    expect(toBound('2030-1-2')).toBe('2030-01-02');
    for (const v of ['invalid', '', null, undefined, new Date(Number.NaN), '2030-13-45T99:00:00Z', 42]) expect(toBound(v), String(v)).toBe('');
  });

  it('a codec sends both bounds of each date-range field', () => {
    const codec = filterCodec({ texts: [], ids: [], dates: ['fireTime'] });
    expect(codec.toFilter({ fireTimeStart: '2030-01-01T06:30:00.000Z', fireTimeEnd: 'invalid' } as never)).toEqual({ fireTimeStart: '2030-01-01T06:30:00.000Z' });
  });
});
