/**
 * Validation rules shared by the server and the console (spec 5). The generated schemas
 * (generated/shared/schemas.ts) call these builders with a field's label and limits; the texts of every
 * rule live here once, in English and Chinese.
 *
 * Modes: `add` (required fields must be present), `edit` (absent fields stay as they are, present ones must
 * satisfy the rules; read-only-on-edit fields are dropped by the caller), `query` (list filters: optional,
 * text trimmed). Every message names a field by its label in the caller's language, never by its API key
 * ({@link fieldMessage}; docs/architecture.md "X-Lang").
 *
 * Sources ({@link Source}): `wire` (the default; what the server validates) takes a request body as typed:
 * no casting between types (`"12"` is no number, `true` no text, `[2, 9]` no weight), numbers finite, whole
 * numbers within PostgreSQL's integer (int4), ids 1..{@link INT4_MAX} (issue 12; docs/architecture.md
 * "Strict input at the edge"). `input` (the console's forms) casts what inputs hold, e.g. "12" -> 12.
 * Both trim text and read '' and null as "empty".
 */
import { Cron } from 'croner';
import * as yup from 'yup';
import { isCalendarDate } from './calendar';
import type { Label } from './resource-meta';

export type Lang = 'en' | 'zh';
export type FormMode = 'add' | 'edit';
/** Where values come from: a request body taken as typed (`wire`), or form inputs yup may cast (`input`). */
export type Source = 'wire' | 'input';

/** The largest PostgreSQL `integer`: every id and whole-number column of the schema is one. */
export const INT4_MAX = 2_147_483_647;
const INT4_MIN = -INT4_MAX - 1;

type Args = Record<string, string | number>;
const fill = (t: string, a: Args) => t.replace(/\{(\w+)\}/g, (_, k) => String(a[k] ?? ''));

/** Rule texts; `{label}` is the field's label in the request's language. */
export const ruleTexts: Record<Lang, Record<string, string>> = {
  en: {
    required: '{label} cannot be empty',
    length: '{label} length must be between {min} and {max} characters',
    maxLength: '{label} can be at most {max} characters',
    minLength: '{label} must be at least {min} characters',
    text: '{label} must be text',
    number: '{label} must be a number',
    integer: '{label} must be an integer',
    min: '{label} cannot be less than {min}',
    max: '{label} cannot be greater than {max}',
    decimals: '{label} can have at most {decimals} decimals',
    oneOf: '{label} must be one of: {values}',
    boolean: '{label} must be true or false',
    date: '{label} must be a date',
    calendarDate: '{label} must be a date written yyyy-MM-dd',
    list: '{label} must be a list',
    maxItems: '{label} can hold at most {max} entries',
    email: '{label} must be an email address',
    phone: '{label} may hold digits, spaces and + - ( ) only',
    code: '{label} may hold letters, digits, - and _ only',
    cron: '{label} is not a valid cron expression (minute hour day month weekday, optional seconds first)',
    jsonObject: '{label} must be a JSON object, e.g. {"days": 30}',
    allOrSome: '{label}: -1 (all) cannot be mixed with other ids',
    positiveId: '{label} must be a positive integer',
    invalid: '{label} is not valid',
  },
  zh: {
    required: '{label}不能为空',
    length: '{label}长度必须在{min}到{max}个字符之间',
    maxLength: '{label}最多{max}个字符',
    minLength: '{label}至少{min}个字符',
    text: '{label}必须是文本',
    number: '{label}只能是数字',
    integer: '{label}只能是整数',
    min: '{label}不能小于{min}',
    max: '{label}不能大于{max}',
    decimals: '{label}小数点后最多{decimals}位',
    oneOf: '{label}必须是以下之一：{values}',
    boolean: '{label}只能是是或否',
    date: '{label}必须是日期',
    calendarDate: '{label}必须是 yyyy-MM-dd 格式的日期',
    list: '{label}必须是列表',
    maxItems: '{label}最多{max}条',
    email: '{label}必须是邮箱地址',
    phone: '{label}只能包含数字、空格和 + - ( )',
    code: '{label}只能包含字母、数字、- 和 _',
    cron: '{label}不是有效的Cron表达式（分 时 日 月 周，可在最前加秒）',
    jsonObject: '{label}必须是JSON对象，例如 {"days": 30}',
    allOrSome: '{label}：-1（全部）不能与其他编号同时出现',
    positiveId: '{label}必须是正整数',
    invalid: '{label}无效',
  },
};

const L = (en: string, zh: string): Label => ({ en, zh });

/**
 * Labels of request fields that no manifest resource declares (login, change password, paging, imports,
 * ...): the one place for them. Manifest fields are named by their manifest label (resourceMeta).
 * `line` is the prefix of a message about one entry of a document's `lines` ({n} is 1-based). A key here
 * also names a field whose schema left yup's own text (formatValidationError), e.g. login's username.
 */
export const requestLabels = {
  id: L('ID', '编号'),
  ids: L('IDs', '编号'),
  username: L('Username', '用户名'),
  password: L('Password', '密码'),
  captcha: L('Verification code', '验证码'),
  captchaType: L('Verification code type', '验证码类型'),
  oldPassword: L('Old password', '旧密码'),
  newPassword: L('New password', '新密码'),
  confirmPassword: L('Confirm password', '确认密码'),
  current: L('Page', '当前页'),
  size: L('Page size', '每页条数'),
  sortProp: L('Sort field', '排序字段'),
  sortOrder: L('Sort order', '排序方式'),
  keyword: L('Keyword', '关键字'),
  file: L('File', '文件'),
  fileType: L('File type', '文件类型'),
  lines: L('Lines', '明细'),
  line: L('Line {n}', '第{n}行'),
  lineId: L('Order line', '单据明细'),
  overReceipt: L('Over-receipt', '超收'),
  packageLines: L('Package contents', '包裹明细'),
  judgementLines: L('Lines', '调整明细'),
  inventoryOrSku: L('Inventory record or SKU', '库存记录或SKU'),
  scanBy: L('Look up by', '查找方式'),
  inboundScanCode: L('Order, package, waybill or store order number', '入库单号、包裹号、运单号或店铺订单号'),
  outboundScanCode: L('Order, package, waybill or platform order number', '出库单号、包裹号、运单号或平台订单号'),
  skuScanCode: L('SKU, supplier SKU, platform SKU or barcode', 'SKU、供应商SKU、平台SKU或条码'),
  putawaySource: L('Location stock record, or inventory record and source location', '库位库存记录，或库存记录和源库位'),
  moveLines: L('Lines', '移库明细'),
  rateCardLines: L('Prices', '价卡明细'),
  periodFrom: L('From', '开始日期'),
  periodTo: L('To', '结束日期'),
  user: L('User', '用户'),
  quantity: L('Quantity', '数量'),
  value: L('Value', '值'),
  shareToken: L('Link token', '链接令牌'),
  printDocument: L('Document', '单据'),
  sql: L('SQL statement', 'SQL语句'),
  timeoutMs: L('Time limit (ms)', '超时（毫秒）'),
  maxRows: L('Row limit', '行数上限'),
} as const satisfies Record<string, Label>;

/**
 * Where a message points: a field's label, and/or one entry (0-based) of a document's `lines`. `field` is the
 * API key, never shown: it lets a caller place the error (the order import puts it on a sheet column).
 */
export interface FieldRef { label?: Label; line?: number; field?: string }

/** A described field error: the msg, and where it points with its text free of the line and label prefixes. */
export interface FieldProblem { message: string; field?: string; line?: number; text: string }

/** fieldMessage with the place kept apart ({@link FieldProblem}). */
export function fieldProblem(lang: Lang, at: FieldRef, text: string, args: Args = {}): FieldProblem {
  const bare = fieldMessage(lang, text.includes('{label}') ? { label: at.label } : {}, text, args);
  return { message: fieldMessage(lang, at, text, args), field: at.field, line: at.line, text: bare };
}

/**
 * The one form of a message about a request field (server 400s and the console's rule texts alike):
 * `text` holding `{label}` gets the label in place ("Old password is wrong"); otherwise the label leads
 * ("Confirm password: the two passwords do not match" / "确认密码：两次输入的密码不一致"). With `line`,
 * "Line 2: " / "第2行：" comes first. Other `{name}` placeholders are filled from `args`.
 */
export function fieldMessage(lang: Lang, at: FieldRef, text: string, args: Args = {}): string {
  const sep = lang === 'zh' ? '：' : ': ';
  let out = fill(text, { ...args, label: at.label?.[lang] ?? '' });
  if (at.label && !text.includes('{label}')) out = `${at.label[lang]}${sep}${out}`;
  if (at.line !== undefined) out = `${fill(requestLabels.line[lang], { n: at.line + 1 })}${sep}${out}`;
  return out;
}

/** A cron expression croner accepts (5 to 7 fields: optional seconds and year; croner's syntax, docs/jobs.md). */
export function isCronExpression(v: string): boolean {
  try {
    new Cron(v, { paused: true });
    return true;
  } catch {
    return false;
  }
}

/** JSON text of an object (`{}` or `{"days": 30}`), e.g. a scheduled task's processor parameters. */
export function isJsonObjectText(v: string): boolean {
  try {
    const x: unknown = JSON.parse(v);
    return typeof x === 'object' && x !== null && !Array.isArray(x);
  } catch {
    return false;
  }
}

/** The sort orders a page query takes. */
const SORT_ORDERS = ['asc', 'desc', 'ascending', 'descending'];

/** Manifest `pattern:` rules: a regular expression, or a check for what a regular expression cannot say. */
const PATTERNS: Record<string, RegExp | ((v: string) => boolean)> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  phone: /^[0-9+\-() ]+$/,
  code: /^[A-Za-z0-9_-]+$/,
  cron: isCronExpression,
  jsonObject: isJsonObjectText,
};

/** Whether `v` passes the manifest pattern `name` (e.g. 'code': letters, digits, - and _); an unknown name passes. */
export function matchesPattern(name: string, v: string): boolean {
  const rule = PATTERNS[name];
  return !rule || (rule instanceof RegExp ? rule.test(v) : rule(v));
}

/** The regular expression of a manifest `pattern:` rule, if it is one (the OpenAPI document states it; issue 31). */
export const patternRegex = (name: string): RegExp | undefined => (PATTERNS[name] instanceof RegExp ? PATTERNS[name] as RegExp : undefined);

/**
 * required: must be given on add and cannot be emptied on edit. notNull: the column has a default and no
 * NULL, so an empty value means "keep it" (edit) or "use the default" (add). Otherwise an empty value ('' or
 * null) clears the field.
 */
export interface Presence { required?: boolean; notNull?: boolean }
export interface StringOpts extends Presence { minLength?: number; maxLength?: number; pattern?: string }
export interface NumberOpts extends Presence { min?: number; max?: number; integer?: boolean; decimals?: number }

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const isEmpty = (orig: unknown) => orig === '' || orig === null;
/** Trims text and leaves anything else as it is, for the type check to refuse (never `val.trim is not a function`). */
export const trimText = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/**
 * A fresh schema `s` (yup.string(), yup.number(), ...) taking its values as they come (`wire`): yup's casting
 * between types is switched off, so a value of another type fails the schema's typeError. With `input`, `s`
 * as it is. (yup's own casting transform reads `spec.coerce` of the instance that registered it, the fresh
 * one, so the switch is set there; clones made later keep it.)
 */
export function typed<S extends yup.Schema>(s: S, source: Source): S {
  if (source === 'wire') s.spec.coerce = false;
  return s;
}

/**
 * Plain checks (issue 13: yup's run was ~0.1 ms of a page call's own time with cold caches). A rule builder below
 * registers, for the `wire` schema it returns, a function giving the value yup's validation gives for the
 * common inputs that certainly pass (a whole number in range, a non-empty text within its length, a listed
 * word) and {@link NOT_PLAIN} for anything else. It never refuses: whatever it does not pass goes to yup, the
 * one judge (and wording) of a bad value. http/plain-value.ts uses them; tests/unit/plain-value.test.ts proves
 * they answer what yup answers on every manifest schema.
 */
export const NOT_PLAIN: unique symbol = Symbol('not plain');
export type PlainCheck = (v: unknown) => unknown;
export const plainChecks = new WeakMap<yup.Schema, PlainCheck>();
/** A whole number within [min, max] as it is, else NOT_PLAIN. */
const plainWhole = (min: number, max: number): PlainCheck => (v) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : NOT_PLAIN);
/** One of `values` as it is, else NOT_PLAIN. */
const plainListed = (values: readonly unknown[]): PlainCheck => (v) => (values.includes(v) ? v : NOT_PLAIN);
/**
 * At most `d` decimals (the `decimals` rule, spec 5): `v` is the double nearest a number written with `d`
 * decimals, exactly (issue 26: a tolerance let 1.0000001 through to be rounded by the column).
 */
export const fitsDecimals = (v: number, d: number) => Number(v.toFixed(d)) === v;

/**
 * ISO 8601 text the rules take for a date or instant (issue 26; docs/architecture.md "Strict input at the edge"):
 * `YYYY-MM-DD`, or that with a time `[T ]HH:mm[:ss[.fff]]` and optionally a zone `Z`, `±HH:mm`, `±HHmm` or `±HH`.
 * The console's date inputs send `2024-02-03` (filters), its date-time inputs `2024-02-03T01:05:00.000Z`
 * (client/widgets/instant.ts), and the API answers with that form too.
 */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

/**
 * The instant `text` names ({@link ISO_INSTANT}), or undefined when it is no such text or names no real instant:
 * the calendar fields must print back as written (month 1..12, the day within its month, leap years counted,
 * hour 0..23, minute and second 0..59, year 0001..9999, zone offset at most 23:59), so `2024-02-30`, `T25:00`
 * or `0000-00-00` are refused where yup.date() and Date.parse roll them over (issue 26). Without a zone the
 * text is wall time of the local zone (as yup read it; a time that the local zone skips is refused too).
 * Fractions of a second beyond milliseconds are cut, as yup did.
 */
export function parseInstant(text: string): Date | undefined {
  const m = ISO_INSTANT.exec(text);
  if (!m) return undefined;
  const fields = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0));
  const [y, mo, d, h, mi, s] = fields;
  const zoned = m[8] !== undefined;
  const [offH, offM] = [Number(m[10] ?? 0), Number(m[11] ?? 0)];
  if (y < 1 || offH > 23 || offM > 59) return undefined;
  const at = new Date(0);
  if (zoned) {
    at.setUTCFullYear(y, mo - 1, d); // not Date.UTC: it reads years 0..99 as 1900..1999
    at.setUTCHours(h, mi, s, Number((m[7] ?? '').slice(0, 3).padEnd(3, '0')));
  } else {
    at.setFullYear(y, mo - 1, d);
    at.setHours(h, mi, s, Number((m[7] ?? '').slice(0, 3).padEnd(3, '0')));
  }
  const back = zoned
    ? [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()]
    : [at.getFullYear(), at.getMonth() + 1, at.getDate(), at.getHours(), at.getMinutes(), at.getSeconds()];
  if (back.some((v, i) => v !== fields[i])) return undefined;
  const offsetMin = m[9] ? (m[9] === '-' ? -1 : 1) * (offH * 60 + offM) : 0;
  return new Date(at.getTime() - offsetMin * 60_000);
}

/** A date text's instant, or an Invalid Date for yup's date type check to refuse. */
const instantOrInvalid = (text: string) => parseInstant(text) ?? new Date(Number.NaN);

/** A plain text field for hand-written forms (login, passwords): no casting on the wire; trimmed unless `trim` is false. */
export function textField(source: Source, typeMessage: string, trim = true) {
  const s = typed(yup.string(), source).typeError(typeMessage);
  return trim ? s.transform(trimText) : s;
}

/** Builders for one language, mode and source (default `wire`); every builder takes the field's label first. */
export function rules(lang: Lang, mode: FormMode | 'query', source: Source = 'wire') {
  const texts = ruleTexts[lang];
  const msg = (key: string, label: Label, a: Args = {}) => fieldMessage(lang, { label }, texts[key], a);
  /** What an empty input ('' or null) becomes: null to clear, undefined to keep/default, null to refuse (required). */
  const empty = (o: Presence) => (mode === 'query' || (o.notNull && !o.required) ? undefined : null);
  const need = <S extends yup.Schema>(s: S, label: Label, required: boolean | undefined): S => {
    if (!required || mode === 'query') return s.optional() as S;
    if (mode === 'add') return s.required(msg('required', label)) as S;
    // edit: may be absent (unchanged) but not emptied
    return s.test('required', msg('required', label), (v: unknown) => v !== null && v !== '') as S;
  };
  /** A whole number within int4 (`min`/`max` narrow it), finite: for ids, counts and integer columns. */
  /** `s` with its plain check (wire schemas only: the server's). */
  const plain = <S extends yup.Schema>(s: S, check: PlainCheck): S => {
    if (source === 'wire') plainChecks.set(s, check);
    return s;
  };
  const whole = (label: Label, min = INT4_MIN, max = INT4_MAX) => typed(yup.number(), source).typeError(msg('integer', label)).integer(msg('integer', label))
    .min(min, msg('min', label, { min })).max(max, msg('max', label, { max }));
  const b = {
    /** The text of one rule for a label, for hand-written schemas. */
    text: msg,
    string(label: Label, o: StringOpts = {}) {
      let s = typed(yup.string(), source).typeError(msg('text', label)).transform(trimText);
      s = s.transform((v, orig) => (isEmpty(orig) || v === '' ? empty(o) : v));
      if (o.minLength !== undefined && o.maxLength !== undefined) {
        const t = msg('length', label, { min: o.minLength, max: o.maxLength });
        s = s.min(o.minLength, t).max(o.maxLength, t);
      } else if (o.maxLength !== undefined) s = s.max(o.maxLength, msg('maxLength', label, { max: o.maxLength }));
      const rule = o.pattern && mode !== 'query' ? PATTERNS[o.pattern] : undefined;
      if (rule instanceof RegExp) s = s.matches(rule, { message: msg(o.pattern!, label), excludeEmptyString: true });
      else if (rule) s = s.test(o.pattern!, msg(o.pattern!, label), (v) => v === undefined || v === null || v === '' || rule(v));
      const { minLength = 1, maxLength = Infinity } = o;
      const text: PlainCheck = (v) => {
        const t = typeof v === 'string' ? v.trim() : '';
        return t.length >= Math.max(1, minLength) && t.length <= maxLength ? t : NOT_PLAIN;
      };
      return rule ? need(s.nullable(), label, o.required) : plain(need(s.nullable(), label, o.required), text);
    },
    /** A password: on edit an empty value means "keep the old one". */
    password(label: Label, o: StringOpts = {}) {
      const t = msg('length', label, { min: o.minLength ?? 0, max: o.maxLength ?? 100 });
      const s = typed(yup.string(), source).typeError(msg('text', label)).transform(emptyToUndefined).min(o.minLength ?? 0, t).max(o.maxLength ?? 100, t);
      return mode === 'add' && o.required ? s.required(msg('required', label)) : s.optional();
    },
    number(label: Label, o: NumberOpts = {}) {
      const typeText = msg(o.integer ? 'integer' : 'number', label);
      let s = o.integer
        ? whole(label, o.min, o.max)
        : typed(yup.number(), source).typeError(typeText).test('finite', typeText, (v) => v === undefined || v === null || Number.isFinite(v));
      s = s.transform((v, orig) => (isEmpty(orig) ? empty(o) : v));
      if (!o.integer && o.min !== undefined) s = s.min(o.min, msg('min', label, { min: o.min }));
      if (!o.integer && o.max !== undefined) s = s.max(o.max, msg('max', label, { max: o.max }));
      const d = o.decimals;
      if (d !== undefined) s = s.test('decimals', msg('decimals', label, { decimals: d }), (v) => v === undefined || v === null || fitsDecimals(v, d));
      const [min, max] = o.integer ? [o.min ?? INT4_MIN, o.max ?? INT4_MAX] : [o.min ?? -Infinity, o.max ?? Infinity];
      const number: PlainCheck = o.integer ? plainWhole(min, max)
        : (v) => (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max && (d === undefined || fitsDecimals(v, d)) ? v : NOT_PLAIN);
      return plain(need(s.nullable(), label, o.required), number);
    },
    boolean(label: Label, o: Presence = {}) {
      return plain(need(typed(yup.boolean(), source).typeError(msg('boolean', label)).transform((v, orig) => (isEmpty(orig) ? empty(o) : v)).nullable(), label, o.required), plainListed([true, false]));
    },
    oneOf(label: Label, values: number[], o: Presence = {}) {
      const s = typed(yup.number(), source).typeError(msg('oneOf', label, { values: values.join(', ') })).transform((v, orig) => (isEmpty(orig) ? empty(o) : v));
      return plain(need(s.oneOf([...values, undefined, null] as number[], msg('oneOf', label, { values: values.join(', ') })).nullable(), label, o.required), plainListed(values));
    },
    /**
     * A money amount in cents (spec 1: stored in cents, shown divided by 100), within ±MAX_SAFE_INTEGER unless
     * `min`/`max` (cents) narrow it. A fraction of a cent is an amount with more than 2 decimals: refused with
     * spec 5's "at most 2 decimals" (小数点后最多两位), never rounded (issue 26). The console's MoneyInput hands
     * an amount typed with more decimals over as such a fraction (client/widgets/money.ts).
     */
    money(label: Label, o: Presence & { min?: number; max?: number } = {}) {
      const [min, max] = [o.min ?? -Number.MAX_SAFE_INTEGER, o.max ?? Number.MAX_SAFE_INTEGER];
      const s = b.number(label, { ...o, min, max }).test('cents', msg('decimals', label, { decimals: 2 }), (v) => v === undefined || v === null || Number.isInteger(v));
      return plain(s, plainWhole(min, max));
    },
    ref(label: Label, o: Presence = {}) {
      return b.number(label, { ...o, integer: true, min: 1 });
    },
    /** The id of the record a call acts on (`id` of detail, edit, remove, workflow steps): required, 1..INT4_MAX. */
    recordId(label: Label = requestLabels.id) {
      const t = msg('positiveId', label);
      return plain(typed(yup.number(), source).typeError(t).integer(t).min(1, t).max(INT4_MAX, t).required(t), plainWhole(1, INT4_MAX));
    },
    /** Ids of another resource; with allowAll, [-1] means all (spec 3, 9). */
    refs(label: Label, o: { required?: boolean; allowAll?: boolean } = {}) {
      const item = whole(label, o.allowAll ? -1 : 1).notOneOf([0], msg('min', label, { min: 1 })).required();
      let s = yup.array(item).typeError(msg('list', label));
      if (o.allowAll) s = s.test('allOrSome', msg('allOrSome', label), (v) => !v || !v.includes(-1) || v.length === 1);
      return need(s, label, o.required);
    },
    /** Texts; with `oneOf` (the keys of an enum, e.g. API scopes) each must be one of them, none twice, at least one when required. */
    strings(label: Label, o: { required?: boolean; maxLength?: number; oneOf?: string[] } = {}) {
      let item = typed(yup.string(), source).typeError(msg('text', label)).transform(trimText).max(o.maxLength ?? 100, msg('maxLength', label, { max: o.maxLength ?? 100 })).required();
      if (o.oneOf) item = item.oneOf(o.oneOf, msg('oneOf', label, { values: o.oneOf.join(', ') }));
      // the multi-line multi-input holds at most 10000 characters in all (spec 5, 9)
      let list = yup.array(item).typeError(msg('list', label)).test('total', msg('maxLength', label, { max: 10000 }), (v) => !v || v.join('\n').length <= 10000);
      if (o.oneOf) {
        list = list.test('unique', msg('invalid', label), (v) => !v || new Set(v).size === v.length);
        if (o.required && mode !== 'query') list = list.test('nonEmpty', msg('required', label), (v) => v === undefined || v.length > 0);
      }
      return need(list, label, o.required);
    },
    /**
     * A date or instant: ISO 8601 text naming a real instant ({@link parseInstant}) or a valid Date (a form's
     * default); numbers, booleans and impossible dates are refused with the field's label. The text is read by
     * parseInstant in both sources: yup's own date parser rolls impossible fields over (issue 26).
     */
    date(label: Label, o: Presence = {}) {
      const s = typed(yup.date(), 'wire').typeError(msg('date', label))
        .transform((v, orig) => (isEmpty(orig) ? empty(o) : typeof orig === 'string' ? instantOrInvalid(orig.trim()) : orig));
      const instant: PlainCheck = (v) => (typeof v === 'string' && parseInstant(v.trim())) || NOT_PLAIN;
      return plain(need(s.nullable(), label, o.required), instant);
    },
    /**
     * A calendar date (the manifest's `date` type, e.g. a batch's expiry date): text `yyyy-MM-dd` naming a real
     * day (shared/calendar.ts), kept as that text (no time, no zone: never shifted); '' or null empties it.
     */
    calendarDate(label: Label, o: Presence = {}) {
      const bad = msg('calendarDate', label);
      const s = typed(yup.string(), source).typeError(bad).transform(trimText)
        .transform((v, orig) => (isEmpty(orig) || v === '' ? empty(o) : v))
        .test('calendarDate', bad, (v) => v === undefined || v === null || isCalendarDate(v));
      const day: PlainCheck = (v) => (typeof v === 'string' && isCalendarDate(v.trim()) ? v.trim() : NOT_PLAIN);
      return plain(need(s.nullable(), label, o.required), day);
    },
    /**
     * A list filter's day or instant, kept as text for the filter to read in the caller's time zone
     * (crud/filters.ts): `YYYY-MM-DD` or an ISO 8601 instant, real ones only ({@link parseInstant}); '' or null = no filter.
     */
    day(label: Label) {
      const s = typed(yup.string(), source).typeError(msg('date', label)).transform(trimText).transform(emptyToUndefined)
        .test('date', msg('date', label), (v) => v === undefined || parseInstant(v) !== undefined).optional();
      const day: PlainCheck = (v) => {
        const t = typeof v === 'string' ? v.trim() : '';
        return t && parseInstant(t) ? t : NOT_PLAIN;
      };
      return plain(s, day);
    },
    /** Query paging: current (>= 1), size (1..500), sortProp from the whitelist, sortOrder. */
    paging(sortable: string[]) {
      const R = requestLabels;
      return {
        current: b.number(R.current, { integer: true, min: 1 }),
        size: b.number(R.size, { integer: true, min: 1, max: 500 }),
        sortProp: plain(typed(yup.string(), source).typeError(msg('invalid', R.sortProp)).transform(emptyToUndefined).oneOf([...sortable, undefined] as string[], msg('oneOf', R.sortProp, { values: sortable.join(', ') })).optional(), plainListed(sortable)),
        sortOrder: plain(typed(yup.string(), source).typeError(msg('invalid', R.sortOrder)).transform(emptyToUndefined).oneOf([...SORT_ORDERS, undefined] as string[], msg('oneOf', R.sortOrder, { values: 'asc, desc' })).optional(), plainListed(SORT_ORDERS)),
        ids: b.refs(R.ids),
      };
    },
  };
  return b;
}

/**
 * The msg of a yup ValidationError (what /sapi answers with code 400) and where it points: the first error's
 * text, which names the field by its label (the rule builders put it there); an error inside `lines[i]` is
 * prefixed with its line ("Line 2: Quantity cannot be less than 1"). "First" follows `fieldOrder` (the
 * schema's declared fields) when given. A yup default text (it starts with the API path, e.g. "x must be a
 * `object` type") is replaced by "<label> is not valid", the label from `labelOf(key)` (else {@link requestLabels}).
 */
export function formatValidationError(e: yup.ValidationError, lang: Lang, fieldOrder: string[] = [], labelOf: (key: string) => Label | undefined = () => undefined): FieldProblem {
  const all = e.inner?.length ? e.inner : [e];
  const rank = (err: yup.ValidationError) => {
    const i = fieldOrder.indexOf((err.path ?? '').split(/[.[]/)[0]);
    return i < 0 ? fieldOrder.length : i;
  };
  const first = [...all].sort((a, b) => rank(a) - rank(b))[0];
  const path = first.path ?? '';
  const lineNo = path.match(/^lines\[(\d+)\]/)?.[1];
  const line = lineNo === undefined ? undefined : Number(lineNo);
  const field = path.replace(/\[\d+\]/g, '').split('.').pop() || undefined;
  let text = first.message;
  // yup's own texts start with the path ("lines[0] must be a `object` type"); ours with a label or a line
  if (path && text.startsWith(`${path} `)) {
    if (path === `lines[${line}]`) {
      const n = { n: (line ?? 0) + 1 };
      const label = L(fill(requestLabels.line.en, n), fill(requestLabels.line.zh, n));
      return { ...fieldProblem(lang, { label }, ruleTexts[lang].invalid), field, line };
    }
    text = fieldMessage(lang, { label: labelOf(field ?? '') ?? (requestLabels as Record<string, Label>)[field ?? ''] ?? requestLabels.value }, ruleTexts[lang].invalid);
  }
  return { message: line !== undefined ? fieldMessage(lang, { line }, text) : text, field, line, text };
}
