/**
 * GS1 element strings (src/shared/gs1.ts; issue 30): real label contents in both forms, the century rule of the
 * GS1 General Specifications 7.12, DD = 00, check digits and the refusals. Sources of the examples:
 * - `(01)09501101530003(17)140704(10)AB-123`: the GS1-128 example of the GS1 General Specifications (GS1
 *   company prefix 950110153, the GS1 example GTIN);
 * - `(00)106141412345678908`, `(02)10614141007346`: the SSCC and GTIN of the GS1 logistic label examples
 *   (company prefix 0614141);
 * - `010703206980498815210526100329`: the contents of a real Norwegian retail label (GTIN 07032069804988, best
 *   before 2021-05-26, lot 0329), the example of the biip GS1 parser's documentation;
 * - `010541234500001310ABC123<GS>17290331`: GTIN 05412345000013 (GS1 Belgium's example number) with a
 *   variable-length lot ended by FNC1 before the expiry date.
 */
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isCalendarDate } from '../../src/shared/calendar';
import { Gs1Error, gs1CheckDigit, gs1Year, looksLikeGs1, parseGs1 } from '../../src/shared/gs1';

const GS = '\x1d';
const today = '2026-05-01';
const problem = (text: string) => {
  try {
    parseGs1(text, { today });
    return 'parsed';
  } catch (e) {
    return e instanceof Gs1Error ? `${e.problem}${e.ai ? ` ${e.ai}` : ''}` : String(e);
  }
};

describe('GS1 element strings', () => {
  it('reads the General Specifications example in the human readable and the raw form alike', () => {
    const hri = parseGs1('(01)09501101530003(17)140704(10)AB-123', { today });
    expect(hri).toEqual({
      elements: [{ ai: '01', value: '09501101530003' }, { ai: '17', value: '140704' }, { ai: '10', value: 'AB-123' }],
      gtin: '09501101530003', expiryDate: '2014-07-04', batchNo: 'AB-123',
    });
    // a scanner's data: symbology identifier ]C1, the lot last (no FNC1 needed at the end), a CR suffix
    expect(parseGs1(']C10109501101530003171407041' + '0AB-123\r', { today })).toEqual(hri);
    // spaces as printed under the bars
    expect(parseGs1('(01) 09501101530003 (17) 140704 (10) AB-123', { today })).toEqual(hri);
  });

  it('ends a variable-length lot at FNC1 (GS) and reads what follows', () => {
    const r = parseGs1(`]C1010541234500001310ABC123${GS}17290331`, { today });
    expect([r.gtin, r.batchNo, r.expiryDate]).toEqual(['05412345000013', 'ABC123', '2029-03-31']);
    // a leading FNC1 and one after a fixed-length element are skipped
    expect(parseGs1(`${GS}0105412345000013${GS}17290331${GS}10L-7${GS}21SN0001`, { today })).toMatchObject({ batchNo: 'L-7', serial: 'SN0001', expiryDate: '2029-03-31' });
    // without the separator the lot swallows the rest, as a symbol encoded that way means
    expect(parseGs1('010541234500001310ABC12317290331', { today })).toMatchObject({ batchNo: 'ABC12317290331' });
  });

  it('reads a real retail label: best before and lot', () => {
    expect(parseGs1('010703206980498815210526100329', { today })).toMatchObject({ gtin: '07032069804988', bestBeforeDate: '2021-05-26', batchNo: '0329' });
  });

  it('reads production date, counts, SSCC and measures of a logistic label', () => {
    const r = parseGs1('(00)106141412345678908(02)10614141007346(37)24(11)250115(3103)000189', { today });
    expect(r).toMatchObject({ sscc: '106141412345678908', count: 24, productionDate: '2025-01-15' });
    expect(r.elements.map((e) => e.ai)).toEqual(['00', '02', '37', '11', '3103']);
    expect(parseGs1(`]C1010950110153000330120${GS}10B1`, { today })).toMatchObject({ count: 120, batchNo: 'B1' });
  });

  it('takes DD = 00 as the month: the last day for expiry (17, 15), the first day for production (11)', () => {
    expect(parseGs1('(01)09501101530003(17)240200', { today }).expiryDate).toBe('2024-02-29'); // leap year
    expect(parseGs1('(01)09501101530003(17)250200', { today }).expiryDate).toBe('2025-02-28');
    expect(parseGs1('(01)09501101530003(15)261100', { today }).bestBeforeDate).toBe('2026-11-30');
    expect(parseGs1('(01)09501101530003(11)250700', { today }).productionDate).toBe('2025-07-01');
  });

  it('decides the century by GS1 General Specifications 7.12', () => {
    // d = YY - current YY: 51..99 previous century, -99..-50 next, else this one
    expect([gs1Year(76, 2026), gs1Year(77, 2026), gs1Year(0, 2026), gs1Year(99, 2026)]).toEqual([2076, 1977, 2000, 1999]);
    expect([gs1Year(40, 2090), gs1Year(41, 2090), gs1Year(39, 2090)]).toEqual([2140, 2041, 2139]);
    expect([gs1Year(50, 2000), gs1Year(51, 2000), gs1Year(49, 2099)]).toEqual([2050, 1951, 2149]);
    expect(parseGs1('(01)09501101530003(17)770101', { today: '2026-05-01' }).expiryDate).toBe('1977-01-01');
    expect(parseGs1('(01)09501101530003(17)760101', { today: '2026-05-01' }).expiryDate).toBe('2076-01-01');
    expect(parseGs1('(01)09501101530003(17)400101', { today: '2090-01-01' }).expiryDate).toBe('2140-01-01');
  });

  it('refuses what no label may say, naming the problem and the AI', () => {
    expect(problem('(01)09501101530003(17)141304')).toBe('badDate 17'); // month 13
    expect(problem('(01)09501101530003(17)250230')).toBe('badDate 17'); // 30 February
    expect(problem('(01)09501101530003(11)250132')).toBe('badDate 11');
    expect(problem('(01)09501101530004(17)250101')).toBe('checkDigit 01');
    expect(problem('(00)106141412345678909')).toBe('checkDigit 00');
    expect(problem('(01)0950110153000')).toBe('tooShort 01');
    expect(problem(`01095011015300031714070${GS}10A`)).toBe('tooShort 17');
    expect(problem('(10)ABCDEFGHIJKLMNOPQRSTU')).toBe('tooLong 10'); // 21 characters
    expect(problem('(10)AB#1')).toBe('badCharacters 10');
    expect(problem('(17)14O704')).toBe('notDigits 17');
    expect(problem('(99)ABC')).toBe('unknownAi 99');
    expect(problem(`0109501101530003${GS}9912`)).toBe('unknownAi 9912');
    expect(problem('(10)A(10)B')).toBe('repeatedAi 10');
    expect(problem('   ')).toBe('empty');
    expect(problem('ROSE-1')).toMatch(/^unknownAi/);
  });

  it('tells a GS1 scan from a plain code', () => {
    expect(looksLikeGs1(']C10109501101530003')).toBe(true);
    expect(looksLikeGs1('(01)09501101530003(17)140704')).toBe(true);
    expect(looksLikeGs1(`10AB${GS}17140704`)).toBe(true);
    expect(looksLikeGs1('010950110153000317140704')).toBe(true);
    expect(looksLikeGs1('5901234123457')).toBe(false); // an EAN-13 alone
    expect(looksLikeGs1('010950110153000417140704')).toBe(false); // check digit off: a code that merely starts with 01
    expect(looksLikeGs1('ROSE-1')).toBe(false);
  });

  it('computes GS1 check digits', () => {
    expect(gs1CheckDigit('0950110153000')).toBe(3);
    expect(gs1CheckDigit('590123412345')).toBe(7);
    expect(gs1CheckDigit('10614141234567890')).toBe(8);
  });
});

describe('calendar dates', () => {
  it('knows real days and counts across months and leap years', () => {
    expect([isCalendarDate('2024-02-29'), isCalendarDate('2025-02-29'), isCalendarDate('2025-13-01'), isCalendarDate('0000-01-01'), isCalendarDate('2025-1-01')]).toEqual([true, false, false, false, false]);
    expect([addDays('2024-02-28', 1), addDays('2025-02-28', 1), addDays('2025-12-31', 1), addDays('2025-03-01', -1)]).toEqual(['2024-02-29', '2025-03-01', '2026-01-01', '2025-02-28']);
    expect([daysBetween('2025-01-01', '2026-01-01'), daysBetween('2024-01-01', '2025-01-01'), daysBetween('2025-05-10', '2025-05-01')]).toEqual([365, 366, -9]);
  });
});
