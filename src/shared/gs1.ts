/**
 * GS1 element strings as scanned from a GS1-128 label (or a GS1 DataMatrix / QR / DataBar one), for the
 * console's scan boxes and the server alike (issue 30; docs/expiry.md "GS1-128"). Two forms are read:
 *
 * - the raw data a scanner sends: an optional symbology identifier (`]C1` GS1-128, `]d2` DataMatrix, `]Q3` QR,
 *   `]e0` DataBar, `]J1` DotCode), then element strings, a variable-length one ended by FNC1, which scanners
 *   send as the ASCII group separator GS (`\x1d`); a leading FNC1 is skipped;
 * - the human readable interpretation printed under the bars: `(01)09501101530003(17)140704(10)AB-123`
 *   (spaces between the parts, and inside numeric data, are allowed).
 *
 * Application identifiers read ({@link AI_TABLE}; GS1 General Specifications section 3): 00 SSCC, 01 GTIN,
 * 02 contained GTIN, 10 batch/lot, 11 production date, 12 due date, 13 packaging date, 15 best before, 16 sell
 * by, 17 expiry, 20 variant, 21 serial, 22 consumer product variant, 30 variable count, 37 count, 240 / 241 /
 * 400 reference numbers, and the 310n-369n measures (six digits, n decimals). Every value is checked: length,
 * digits or the 82 characters GS1 allows, the check digit of GTIN and SSCC, and dates that exist. An unknown
 * AI stops the parse (its length is unknown, so nothing after it can be read): {@link Gs1Error}.
 *
 * Dates (YYMMDD) become calendar dates `yyyy-MM-dd`: the century by section 7.12 of the General
 * Specifications ({@link gs1Year}); DD = 00 means the month only: for best before, sell by and expiry (15, 16,
 * 17) the last day of that month, as the specification says; for production, due and packaging dates the first
 * day (the earliest the goods may be, so an expiry derived from it is never later than the truth).
 *
 * No package: `gs1-barcode-parser-mod` (the maintained fork of BarcodeParser) reads both forms but accepts
 * impossible dates (month 13, 32 February roll over into the next year or month), checks no check digit and
 * reads the century against the clock only; docs/expiry.md has the comparison.
 */
import { calendarDate, lastDayOfMonth, localDay } from './calendar';

/** Why a text is no GS1 element string (the console words it; `ai` and `value` say where). */
export type Gs1Problem = 'empty' | 'unknownAi' | 'tooShort' | 'tooLong' | 'notDigits' | 'badCharacters' | 'checkDigit' | 'badDate' | 'repeatedAi';

export class Gs1Error extends Error {
  constructor(readonly problem: Gs1Problem, readonly ai?: string, readonly value?: string) {
    super(`GS1: ${problem}${ai ? ` at AI (${ai})` : ''}${value !== undefined ? `: ${JSON.stringify(value)}` : ''}`);
  }
}

/** One application identifier: its digits (`prefix`, a family such as 310n when `aiLength` is longer), data format and meaning. */
interface AiSpec {
  prefix: string;
  /** Digits of the AI itself (4 for the 310n family: `3103` = net weight in kg with 3 decimals). */
  aiLength: number;
  /** N: digits, X: the GS1 character set 82. */
  kind: 'N' | 'X';
  /** Fixed data length, or the longest of a variable one (then ended by FNC1 or the end). */
  length: number;
  fixed: boolean;
  title: string;
  check?: 'mod10';
  date?: 'first' | 'last';
}

const ai = (prefix: string, kind: 'N' | 'X', length: number, fixed: boolean, title: string, more: Partial<AiSpec> = {}): AiSpec =>
  ({ prefix, aiLength: prefix.length, kind, length, fixed, title, ...more });

/** The application identifiers read (see module doc), by prefix. */
export const AI_TABLE: readonly AiSpec[] = [
  ai('00', 'N', 18, true, 'SSCC', { check: 'mod10' }),
  ai('01', 'N', 14, true, 'GTIN', { check: 'mod10' }),
  ai('02', 'N', 14, true, 'CONTENT', { check: 'mod10' }),
  ai('10', 'X', 20, false, 'BATCH/LOT'),
  ai('11', 'N', 6, true, 'PROD DATE', { date: 'first' }),
  ai('12', 'N', 6, true, 'DUE DATE', { date: 'first' }),
  ai('13', 'N', 6, true, 'PACK DATE', { date: 'first' }),
  ai('15', 'N', 6, true, 'BEST BEFORE', { date: 'last' }),
  ai('16', 'N', 6, true, 'SELL BY', { date: 'last' }),
  ai('17', 'N', 6, true, 'USE BY OR EXPIRY', { date: 'last' }),
  ai('20', 'N', 2, true, 'VARIANT'),
  ai('21', 'X', 20, false, 'SERIAL'),
  ai('22', 'X', 20, false, 'CPV'),
  ai('30', 'N', 8, false, 'VAR. COUNT'),
  ai('37', 'N', 8, false, 'COUNT'),
  ai('240', 'X', 30, false, 'ADDITIONAL ID'),
  ai('241', 'X', 30, false, 'CUST. PART No.'),
  ai('400', 'X', 30, false, 'ORDER NUMBER'),
  // trade and logistic measures: 31nn..36nn, six digits with the AI's last digit as the decimals
  ...['31', '32', '33', '34', '35', '36'].map((p) => ({ ...ai(p, 'N', 6, true, 'MEASURE'), aiLength: 4 })),
];

/** What a label says, read from its element strings; each field only when its AI is there. */
export interface Gs1Data {
  /** Every element in label order: the AI as written (`3103`) and its data as written. */
  elements: Array<{ ai: string; value: string }>;
  sscc?: string;
  /** AI 01: the GTIN-14 (a GTIN-13 is it with a leading 0). */
  gtin?: string;
  /** AI 10. */
  batchNo?: string;
  /** AI 11, `yyyy-MM-dd`. */
  productionDate?: string;
  /** AI 15, `yyyy-MM-dd`. */
  bestBeforeDate?: string;
  /** AI 17, `yyyy-MM-dd`. */
  expiryDate?: string;
  /** AI 21. */
  serial?: string;
  /** AI 37 (count of trade items in a logistic unit), else AI 30 (variable count). */
  count?: number;
}

const GS = '\x1d';
const SYMBOLOGY = /^\](C1|d2|Q3|e0|J1)/;
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;
/** An AI in parentheses: the human readable form. */
const HRI_AI = /\((\d{2,4})\)/g;

/** The GS1 check digit (modulo 10, weights 3 and 1 from the right) of `body` (digits, without the check digit). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/**
 * The year of a two-digit year `yy` seen in `currentYear` (GS1 General Specifications 7.12 "Determination of
 * century in dates"): with d = yy - (currentYear mod 100), d of 51..99 is the previous century, -99..-50 the
 * next one, else (-49..50) the current one. In 2026: 76 -> 2076, 77 -> 1977; in 2090: 40 -> 2140, 41 -> 2041.
 */
export function gs1Year(yy: number, currentYear: number): number {
  const century = currentYear - (currentYear % 100);
  const d = yy - (currentYear % 100);
  if (d >= 51) return century - 100 + yy;
  if (d <= -50) return century + 100 + yy;
  return century + yy;
}

/**
 * A GS1 date `YYMMDD` as `yyyy-MM-dd` (see module doc for DD = 00: `dayZero` 'last' or 'first' day of the month).
 * @throws Gs1Error 'badDate' when there is no such day (month 13, 30 February).
 */
export function gs1Date(yymmdd: string, currentYear: number, dayZero: 'first' | 'last', aiCode = ''): string {
  const [yy, mm, dd] = [yymmdd.slice(0, 2), yymmdd.slice(2, 4), yymmdd.slice(4, 6)].map(Number);
  const year = gs1Year(yy, currentYear);
  const day = dd === 0 && mm >= 1 && mm <= 12 ? (dayZero === 'last' ? lastDayOfMonth(year, mm) : 1) : dd;
  const out = /^\d{6}$/.test(yymmdd) ? calendarDate(year, mm, day) : undefined;
  if (!out) throw new Gs1Error('badDate', aiCode, yymmdd);
  return out;
}

function specOf(code: string): AiSpec | undefined {
  for (const len of [2, 3, 4]) {
    const s = AI_TABLE.find((x) => x.prefix === code.slice(0, len) && (x.aiLength === len || (x.aiLength > len && code.length >= x.aiLength)));
    if (s) return s;
  }
  return undefined;
}

/** Checks one element's data against its AI (length, characters, check digit, date); returns the data. */
function checkValue(spec: AiSpec, code: string, value: string): string {
  if (spec.fixed && value.length < spec.length) throw new Gs1Error('tooShort', code, value);
  if (value.length > spec.length) throw new Gs1Error('tooLong', code, value);
  if (!value.length) throw new Gs1Error('tooShort', code, value);
  if (spec.kind === 'N' && !/^\d+$/.test(value)) throw new Gs1Error('notDigits', code, value);
  if (spec.kind === 'X' && !CSET82.test(value)) throw new Gs1Error('badCharacters', code, value);
  if (spec.check && gs1CheckDigit(value.slice(0, -1)) !== Number(value.slice(-1))) throw new Gs1Error('checkDigit', code, value);
  return value;
}

/** The element strings of the raw form (after the symbology identifier). */
function splitRaw(data: string): Array<{ ai: string; value: string; spec: AiSpec }> {
  const out: Array<{ ai: string; value: string; spec: AiSpec }> = [];
  let at = 0;
  while (at < data.length) {
    if (data[at] === GS) { at++; continue; } // FNC1 before the first element, or after a fixed-length one
    const spec = specOf(data.slice(at, at + 4));
    if (!spec) throw new Gs1Error('unknownAi', data.slice(at, at + 4));
    const code = data.slice(at, at + spec.aiLength);
    if (!/^\d+$/.test(code)) throw new Gs1Error('unknownAi', code);
    at += spec.aiLength;
    let value: string;
    if (spec.fixed) {
      value = data.slice(at, at + spec.length);
      if (value.includes(GS)) throw new Gs1Error('tooShort', code, value.slice(0, value.indexOf(GS)));
      at += value.length;
    } else {
      const end = data.indexOf(GS, at);
      value = data.slice(at, end < 0 ? data.length : end);
      at += value.length;
    }
    out.push({ ai: code, value: checkValue(spec, code, value), spec });
  }
  return out;
}

/** The element strings of the human readable form `(01)...(17)...`. */
function splitHri(text: string): Array<{ ai: string; value: string; spec: AiSpec }> {
  const marks = [...text.matchAll(HRI_AI)];
  if (!marks.length || marks[0].index !== 0) throw new Gs1Error('unknownAi', text.slice(0, 6));
  return marks.map((m, i) => {
    const code = m[1];
    const spec = specOf(code);
    if (!spec || spec.aiLength !== code.length) throw new Gs1Error('unknownAi', code);
    const raw = text.slice(m.index! + m[0].length, i + 1 < marks.length ? marks[i + 1].index : text.length).trim();
    const value = spec.kind === 'N' ? raw.replace(/\s+/g, '') : raw;
    return { ai: code, value: checkValue(spec, code, value), spec };
  });
}

/** Options of {@link parseGs1}. */
export interface Gs1Options {
  /** Today, `yyyy-MM-dd` (default: today in this process's zone): its year decides the century of YY (7.12). */
  today?: string;
}

/**
 * Reads a scanned or typed GS1 element string (module doc: raw with `]C1` and GS, or `(01)...` human readable).
 * Surrounding whitespace and a trailing carriage return are ignored.
 * @throws Gs1Error naming the problem and the AI it was found at; an AI twice is 'repeatedAi'.
 */
export function parseGs1(input: string, options: Gs1Options = {}): Gs1Data {
  const text = input.replace(/^[\s\r\n]+|[\s\r\n]+$/g, '');
  if (!text) throw new Gs1Error('empty');
  const currentYear = Number((options.today ?? localDay()).slice(0, 4));
  const parts = text.startsWith('(') ? splitHri(text) : splitRaw(text.replace(SYMBOLOGY, ''));
  if (!parts.length) throw new Gs1Error('empty');
  const out: Gs1Data = { elements: parts.map(({ ai: a, value }) => ({ ai: a, value })) };
  const seen = new Set<string>();
  for (const { ai: code, value, spec } of parts) {
    if (seen.has(code)) throw new Gs1Error('repeatedAi', code, value);
    seen.add(code);
    const date = spec.date ? gs1Date(value, currentYear, spec.date, code) : undefined;
    switch (code) {
      case '00': out.sscc = value; break;
      case '01': out.gtin = value; break;
      case '10': out.batchNo = value; break;
      case '11': out.productionDate = date; break;
      case '15': out.bestBeforeDate = date; break;
      case '17': out.expiryDate = date; break;
      case '21': out.serial = value; break;
      case '30': out.count ??= Number(value); break;
      case '37': out.count = Number(value); break;
    }
  }
  return out;
}

/**
 * Whether a scanned text looks like a GS1 element string rather than a plain code (a SKU, an EAN-13, an order
 * number): a symbology identifier of a GS1 symbol, an FNC1 (GS), the human readable `(01)` form, or 16 digits
 * or more starting with AI 01 and a GTIN whose check digit holds. It says nothing of the rest: parse it.
 */
export function looksLikeGs1(text: string): boolean {
  const t = text.trim();
  if (SYMBOLOGY.test(t) || t.includes(GS)) return true;
  if (/^\(\d{2,4}\)/.test(t)) return true;
  return /^01\d{14}/.test(t) && t.length > 16 && gs1CheckDigit(t.slice(2, 15)) === Number(t[15]);
}
