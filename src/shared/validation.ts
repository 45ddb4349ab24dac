/**
 * Validation rules shared by the server and the console (spec 5). The generated schemas
 * (generated/shared/schemas.ts) call these builders with a field's label and limits; the texts of every
 * rule live here once, in English and Chinese.
 *
 * Modes: `add` (required fields must be present), `edit` (absent fields stay as they are, present ones must
 * satisfy the rules; read-only-on-edit fields are dropped by the caller), `query` (list filters: optional,
 * text trimmed). A server message is `<apiField>: <text>` (see formatValidationError).
 */
import * as yup from 'yup';
import type { Label } from './resource-meta';

export type Lang = 'en' | 'zh';
export type FormMode = 'add' | 'edit';

type Args = Record<string, string | number>;
const fill = (t: string, a: Args) => t.replace(/\{(\w+)\}/g, (_, k) => String(a[k] ?? ''));

/** Rule texts; `{label}` is the field's label in the request's language. */
export const ruleTexts: Record<Lang, Record<string, string>> = {
  en: {
    required: '{label} cannot be empty',
    length: '{label} length must be between {min} and {max} characters',
    maxLength: '{label} can be at most {max} characters',
    minLength: '{label} must be at least {min} characters',
    number: '{label} must be a number',
    integer: '{label} must be an integer',
    min: '{label} cannot be less than {min}',
    max: '{label} cannot be greater than {max}',
    decimals: '{label} can have at most {decimals} decimals',
    oneOf: '{label} must be one of: {values}',
    boolean: '{label} must be true or false',
    date: '{label} must be a date',
    list: '{label} must be a list',
    maxItems: '{label} can hold at most {max} entries',
    email: '{label} must be an email address',
    phone: '{label} may hold digits, spaces and + - ( ) only',
    code: '{label} may hold letters, digits, - and _ only',
    allOrSome: '{label}: -1 (all) cannot be mixed with other ids',
  },
  zh: {
    required: '{label}不能为空',
    length: '{label}长度必须在{min}到{max}个字符之间',
    maxLength: '{label}最多{max}个字符',
    minLength: '{label}至少{min}个字符',
    number: '{label}只能是数字',
    integer: '{label}只能是整数',
    min: '{label}不能小于{min}',
    max: '{label}不能大于{max}',
    decimals: '{label}小数点后最多{decimals}位',
    oneOf: '{label}必须是以下之一：{values}',
    boolean: '{label}只能是是或否',
    date: '{label}必须是日期',
    list: '{label}必须是列表',
    maxItems: '{label}最多{max}条',
    email: '{label}必须是邮箱地址',
    phone: '{label}只能包含数字、空格和 + - ( )',
    code: '{label}只能包含字母、数字、- 和 _',
    allOrSome: '{label}：-1（全部）不能与其他编号同时出现',
  },
};

const PATTERNS: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  phone: /^[0-9+\-() ]+$/,
  code: /^[A-Za-z0-9_-]+$/,
};

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

/** Builders for one language and mode; every builder takes the field's label first. */
export function rules(lang: Lang, mode: FormMode | 'query') {
  const texts = ruleTexts[lang];
  const msg = (key: string, label: Label, a: Args = {}) => fill(texts[key], { ...a, label: label[lang] });
  /** What an empty input ('' or null) becomes: null to clear, undefined to keep/default, null to refuse (required). */
  const empty = (o: Presence) => (mode === 'query' || (o.notNull && !o.required) ? undefined : null);
  const need = <S extends yup.Schema>(s: S, label: Label, required: boolean | undefined): S => {
    if (!required || mode === 'query') return s.optional() as S;
    if (mode === 'add') return s.required(msg('required', label)) as S;
    // edit: may be absent (unchanged) but not emptied
    return s.test('required', msg('required', label), (v: unknown) => v !== null && v !== '') as S;
  };
  const b = {
    /** The text of one rule for a label, for hand-written schemas. */
    text: msg,
    string(label: Label, o: StringOpts = {}) {
      let s = yup.string().typeError(msg('required', label)).trim();
      s = s.transform((v, orig) => (isEmpty(orig) || v === '' ? empty(o) : v));
      if (o.minLength !== undefined && o.maxLength !== undefined) {
        const t = msg('length', label, { min: o.minLength, max: o.maxLength });
        s = s.min(o.minLength, t).max(o.maxLength, t);
      } else if (o.maxLength !== undefined) s = s.max(o.maxLength, msg('maxLength', label, { max: o.maxLength }));
      if (o.pattern && mode !== 'query') s = s.matches(PATTERNS[o.pattern], { message: msg(o.pattern, label), excludeEmptyString: true });
      return need(s.nullable(), label, o.required);
    },
    /** A password: on edit an empty value means "keep the old one". */
    password(label: Label, o: StringOpts = {}) {
      const t = msg('length', label, { min: o.minLength ?? 0, max: o.maxLength ?? 100 });
      const s = yup.string().typeError(msg('required', label)).transform(emptyToUndefined).min(o.minLength ?? 0, t).max(o.maxLength ?? 100, t);
      return mode === 'add' && o.required ? s.required(msg('required', label)) : s.optional();
    },
    number(label: Label, o: NumberOpts = {}) {
      let s = yup.number().typeError(msg(o.integer ? 'integer' : 'number', label)).transform((v, orig) => (isEmpty(orig) ? empty(o) : v));
      if (o.integer) s = s.integer(msg('integer', label));
      if (o.min !== undefined) s = s.min(o.min, msg('min', label, { min: o.min }));
      if (o.max !== undefined) s = s.max(o.max, msg('max', label, { max: o.max }));
      if (o.decimals !== undefined) {
        const d = o.decimals;
        s = s.test('decimals', msg('decimals', label, { decimals: d }), (v) => v === undefined || Math.abs(Math.round(v * 10 ** d) - v * 10 ** d) < 1e-6);
      }
      return need(s.nullable(), label, o.required);
    },
    boolean(label: Label, o: Presence = {}) {
      return need(yup.boolean().typeError(msg('boolean', label)).transform((v, orig) => (isEmpty(orig) ? empty(o) : v)).nullable(), label, o.required);
    },
    oneOf(label: Label, values: number[], o: Presence = {}) {
      const s = yup.number().typeError(msg('oneOf', label, { values: values.join(', ') })).transform((v, orig) => (isEmpty(orig) ? empty(o) : v));
      return need(s.oneOf([...values, undefined, null] as number[], msg('oneOf', label, { values: values.join(', ') })).nullable(), label, o.required);
    },
    ref(label: Label, o: Presence = {}) {
      return b.number(label, { ...o, integer: true, min: 1 });
    },
    /** Ids of another resource; with allowAll, [-1] means all (spec 3, 9). */
    refs(label: Label, o: { required?: boolean; allowAll?: boolean } = {}) {
      const item = yup.number().typeError(msg('integer', label)).integer(msg('integer', label)).min(o.allowAll ? -1 : 1, msg('min', label, { min: o.allowAll ? -1 : 1 })).notOneOf([0], msg('min', label, { min: 1 })).required();
      let s = yup.array(item).typeError(msg('list', label));
      if (o.allowAll) s = s.test('allOrSome', msg('allOrSome', label), (v) => !v || !v.includes(-1) || v.length === 1);
      return need(s, label, o.required);
    },
    strings(label: Label, o: { required?: boolean; maxLength?: number } = {}) {
      const item = yup.string().trim().max(o.maxLength ?? 100, msg('maxLength', label, { max: o.maxLength ?? 100 })).required();
      // the multi-line multi-input holds at most 10000 characters in all (spec 5, 9)
      const list = yup.array(item).typeError(msg('list', label)).test('total', msg('maxLength', label, { max: 10000 }), (v) => !v || v.join('\n').length <= 10000);
      return need(list, label, o.required);
    },
    date(label: Label, o: Presence = {}) {
      return need(yup.date().typeError(msg('date', label)).transform((v, orig) => (isEmpty(orig) ? empty(o) : v)).nullable(), label, o.required);
    },
    /** Query paging: current (>= 1), size (1..500), sortProp from the whitelist, sortOrder. */
    paging(sortable: string[]) {
      const L = (en: string, zh: string): Label => ({ en, zh });
      return {
        current: b.number(L('current', '当前页'), { integer: true, min: 1 }),
        size: b.number(L('size', '每页条数'), { integer: true, min: 1, max: 500 }),
        sortProp: yup.string().transform(emptyToUndefined).oneOf([...sortable, undefined] as string[], msg('oneOf', L('sortProp', '排序字段'), { values: sortable.join(', ') })).optional(),
        sortOrder: yup.string().transform(emptyToUndefined).oneOf(['asc', 'desc', 'ascending', 'descending', undefined] as string[], msg('oneOf', L('sortOrder', '排序方式'), { values: 'asc, desc' })).optional(),
        ids: b.refs(L('ids', '编号')),
      };
    },
  };
  return b;
}

/**
 * `<apiField>: <text>` for the first error of a yup ValidationError (what /sapi puts in msg, code 400).
 * "First" follows the order of `fieldOrder` (the schema's declared fields) when given.
 */
export function formatValidationError(e: yup.ValidationError, fieldOrder: string[] = []): string {
  const all = e.inner?.length ? e.inner : [e];
  const rank = (err: yup.ValidationError) => {
    const i = fieldOrder.indexOf((err.path ?? '').split(/[.[]/)[0]);
    return i < 0 ? fieldOrder.length : i;
  };
  const first = [...all].sort((a, b) => rank(a) - rank(b))[0];
  const field = (first.path ?? '').replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
  return field ? `${field}: ${first.message}` : first.message;
}
