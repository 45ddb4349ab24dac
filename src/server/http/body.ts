/**
 * Strict input at the edge (issue 12; docs/architecture.md "Strict input at the edge"). Every /sapi body is
 * checked by {@link readBody} before its handler runs, in two steps:
 * 1. its shape ({@link checkShape}): a JSON object or a form (no null, number, text or list), at most
 *    {@link BODY_LIMITS}.depth levels deep, lists of at most `.items` entries, objects of at most `.keys`
 *    keys, texts of at most `.textChars` characters and without NUL, no key named like an Object.prototype
 *    member (`__proto__`, `constructor`, `toString`, ...: they would reach prototype lookups), and in a
 *    form-encoded body no key given twice (`name=a&name=b`);
 * 2. the route's schema ({@link BodyRule}: the manifest rules, `wire` source, so nothing is cast from one
 *    type to another), unknown keys dropped.
 * A failure is a 400 whose msg names the field by its label in the caller's language; the handler gets the
 * validated body and never the raw one. {@link validate} (a yup schema -> that 400) and
 * {@link manifestLabel} are the pieces the domain modules use too (through crud/handlers.ts).
 */
import type { FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { ValidationError, type Schema } from 'yup';
import { bindings } from '../../../generated/server/routes';
import { Code } from '../../shared/envelope';
import type { FieldSpec, Label, ResourceSpec } from '../../shared/resource-meta';
import { fieldMessage, formatValidationError, requestLabels, rules, ruleTexts, type Lang } from '../../shared/validation';
import type { RequestContext } from './context';
import { BizError, fieldError } from './errors';
import { plainValue } from './plain-value';
import { schemaFor } from './schema-pick';

type Row = Record<string, unknown>;

/** The bounds of every request body (documented in docs/architecture.md; a schema may be tighter). */
export const BODY_LIMITS = {
  /** Bytes of a JSON or form body (Fastify's bodyLimit; uploads have their own limit, files/upload.ts). */
  bytes: 10 * 1024 * 1024,
  /** Nesting of objects and lists: `{lines: [{...}]}` is 3 levels. */
  depth: 8,
  /** Entries of one list, a net above the schemas' own limits (500 lines of a document, 1000 labels). */
  items: 10_000,
  /** Keys of one object. */
  keys: 200,
  /** Characters of one text (the longest manifest text holds 10,000). */
  textChars: 20_000,
} as const;

/** What a route reads from its body: a schema, validated at the edge (the handler gets the result). */
export interface BodyRule<B = Row> {
  /** The body's schema in the caller's language (manifest rules, default `wire` source); its value is a `B`. */
  schema(lang: Lang): yup.Schema;
  /** The resource whose manifest labels name fields the schema left a yup default text for. */
  labels?: ResourceSpec;
  /** Runs on the shape-checked body before the schema (e.g. manifest defaults on add). */
  prepare?(body: Row): Row;
}
/** A multipart upload: the handler reads the stream itself (files/upload.ts), no body is parsed here. */
export const MULTIPART = 'multipart' as const;
export type RouteBody<B = Row> = BodyRule<B> | typeof MULTIPART;

/** The rule of a call that takes no fields: any object body (unknown keys dropped), nothing else. */
const noFields = yup.object({});
export const NO_FIELDS: BodyRule<Row> = { schema: () => noFields };
/** The rule of a job query (import or export): `{id}`, the job's uuid as text (a malformed one is a 404 like an unknown one). */
export const JOB_ID_BODY: BodyRule<{ id?: string }> = { schema: (lang) => yup.object({ id: rules(lang, 'query').string(requestLabels.id, { maxLength: 100 }) }) };
/** The rule of a call on one record: `{id}`, 1..INT4_MAX (detail, remove, lock, workflow steps). */
export const ID_BODY: BodyRule<{ id: number }> = { schema: (lang) => yup.object({ id: rules(lang, 'add').recordId() }) };

/** Key names that would reach Object.prototype members (`body.toString`, `fields['constructor']`). */
const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

const texts = {
  notObject: { en: 'The request body must be a JSON object', zh: '请求体必须是 JSON 对象' },
  tooDeep: { en: 'The request body is nested more than {max} levels deep', zh: '请求体嵌套超过{max}层' },
  tooManyKeys: { en: 'The request body has an object with more than {max} fields', zh: '请求体中的对象字段超过{max}个' },
  prototypeKey: { en: 'Field name "{name}" is not allowed', zh: '不允许的字段名“{name}”' },
  nul: { en: '{label} cannot contain the NUL character', zh: '{label}不能包含空字符（NUL）' },
  repeated: { en: '{label} is given more than once', zh: '{label}重复出现' },
  tooLarge: { en: 'The request body is larger than {max} MB', zh: '请求体超过 {max} MB' },
};

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export interface ShapeOptions {
  /** A form-encoded body: a list there is a key given twice. */
  form?: boolean;
  /** The label of a field by its API key (manifest or request labels); else the key itself is shown. */
  labelOf?: (key: string) => Label | undefined;
}

/**
 * Checks the shape of a body (module doc, step 1) without recursing deeper than the limit, so a body nested
 * 10,000 levels costs nothing. Throws the 400 BizError of the first problem found.
 */
export function checkShape(body: unknown, lang: Lang, opts: ShapeOptions = {}): asserts body is Row {
  const bad = (t: { en: string; zh: string }, args: Record<string, string | number> = {}) =>
    new BizError(Code.BAD_REQUEST, fieldMessage(lang, {}, t[lang], args));
  if (!isObject(body)) throw bad(texts.notObject);
  const label = (key: string): Label => opts.labelOf?.(key) ?? (has(requestLabels, key) ? (requestLabels as Record<string, Label>)[key] : { en: key, zh: key });
  const walk = (v: unknown, depth: number, key: string, line: number | undefined): void => {
    if (typeof v === 'string') {
      if (v.length > BODY_LIMITS.textChars) throw fieldError(lang, { label: label(key), line, field: key }, ruleTexts[lang].maxLength, { max: BODY_LIMITS.textChars });
      if (v.includes('\u0000')) throw fieldError(lang, { label: label(key), line, field: key }, texts.nul[lang]);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    if (depth > BODY_LIMITS.depth) throw bad(texts.tooDeep, { max: BODY_LIMITS.depth });
    if (Array.isArray(v)) {
      if (opts.form && depth === 2) throw fieldError(lang, { label: label(key), field: key }, texts.repeated[lang]);
      if (v.length > BODY_LIMITS.items) throw fieldError(lang, { label: label(key), line, field: key }, ruleTexts[lang].maxItems, { max: BODY_LIMITS.items });
      // entries of a document's `lines` are named "Line n" in messages
      v.forEach((item, i) => walk(item, depth + 1, key, key === 'lines' && depth === 2 ? i : line));
      return;
    }
    const keys = Object.keys(v);
    if (keys.length > BODY_LIMITS.keys) throw bad(texts.tooManyKeys, { max: BODY_LIMITS.keys });
    for (const k of keys) {
      if (PROTOTYPE_KEYS.has(k)) throw bad(texts.prototypeKey, { name: k });
      if (k.includes('\u0000')) throw bad(texts.prototypeKey, { name: k.replace(/\u0000/g, '\\0') });
      walk((v as Row)[k], depth + 1, k, line);
    }
  };
  walk(body, 1, '', undefined);
}

/** Schemas with an asynchronous test (yup refuses them in validateSync with this message). */
const asyncSchemas = new WeakSet<Schema>();
const ASYNC_TEST = /returned a Promise during a synchronous validate/;

/**
 * Validates with a yup schema; a failure is a 400 whose msg names the field by its label in `lang` and the
 * rule (spec 5, see formatValidationError). `spec`: the resource whose manifest labels name fields the
 * schema left a yup default text for (else any manifest field of that name).
 */
export async function validate<T = Row>(schema: Schema, body: unknown, lang: Lang, spec?: ResourceSpec): Promise<T> {
  const opts = { stripUnknown: true, abortEarly: false };
  // the common certainly valid body without yup (http/plain-value.ts); yup decides everything else
  const plain = plainValue(schema, body ?? {});
  if (plain) return plain as T;
  try {
    // synchronously when the schema allows it (every manifest rule does): yup's async run costs a promise chain
    // per field and test on every call (issue 13, the page call's own time); a schema with an async test says so
    // by throwing, and is validated the async way once known
    // only the fields the body holds and those that must always be checked (http/schema-pick.ts)
    const needed = schemaFor(schema, body ?? {});
    if (!asyncSchemas.has(schema)) {
      try {
        return needed.validateSync(body ?? {}, opts) as T;
      } catch (e) {
        if (e instanceof ValidationError || !(e instanceof Error) || !ASYNC_TEST.test(e.message)) throw e;
        asyncSchemas.add(schema);
      }
    }
    return (await needed.validate(body ?? {}, opts)) as T;
  } catch (e) {
    const order = 'fields' in schema ? Object.keys((schema as { fields: object }).fields) : [];
    if (e instanceof ValidationError) {
      const p = formatValidationError(e, lang, order, (k) => manifestLabel(k, spec));
      throw new BizError(Code.BAD_REQUEST, p.message, p);
    }
    throw e;
  }
}

/** The manifest label of field `name`: of `spec` when given and declared there, else of the first resource declaring it. */
export function manifestLabel(name: string, spec?: ResourceSpec): FieldSpec | undefined {
  const own = (r: ResourceSpec) => r.fields.find((f) => f.name === name) ?? r.queryParams.find((f) => f.name === name);
  return (spec && own(spec)) || Object.values(bindings).map((b) => own(b.meta as ResourceSpec)).find(Boolean);
}

const isForm = (req: FastifyRequest) => String(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/**
 * The body of a call, checked (module doc): no body at all reads as `{}`. Returns the schema's value (unknown
 * keys dropped, text trimmed, '' and null read as the rules say); throws the 400 BizError otherwise.
 */
export async function readBody<B>(req: FastifyRequest, ctx: RequestContext, rule: RouteBody<B>): Promise<B> {
  if (rule === MULTIPART) return {} as B;
  // a multipart body is left unparsed (req.body undefined) on every route: here it is no object
  if (String(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')) throw new BizError(Code.BAD_REQUEST, texts.notObject[ctx.lang]);
  return checkBody(rule, req.body === undefined ? {} : req.body, ctx.lang, isForm(req));
}

/**
 * `body` checked against `rule` as at the edge (shape, then schema): for callers inside the server that build
 * a body themselves (the order import adds orders through the generic add). Throws the 400 BizError.
 */
export async function checkBody<B>(rule: BodyRule<B>, body: unknown, lang: Lang, form = false): Promise<B> {
  checkShape(body, lang, { form, labelOf: (k) => manifestLabel(k, rule.labels) });
  return validate<B>(compiledSchema(rule, lang), rule.prepare ? rule.prepare(body) : body, lang, rule.labels);
}

const compiled = new WeakMap<BodyRule<unknown>, Partial<Record<Lang, yup.Schema>>>();
/**
 * `rule.schema(lang)`, built once per rule and language (issue 13: building the inventory query schema on every
 * request cost 9% of a page call's CPU). Sound because a rule's schema is a pure function of the language (the
 * manifest's rules and labels) and yup schemas are immutable: validating never changes them.
 */
export function compiledSchema(rule: BodyRule<unknown>, lang: Lang): yup.Schema {
  let byLang = compiled.get(rule);
  if (!byLang) compiled.set(rule, (byLang = {}));
  return (byLang[lang] ??= rule.schema(lang));
}

/** At most this much of a refused body is read (and dropped) before the answer; past it the connection is cut. */
const DRAIN_BYTES = 100 * 1024 * 1024;
const DRAIN_MS = 30_000;

/**
 * The answer to a body over {@link BODY_LIMITS}.bytes, the same on every route: the rest of the body is
 * read and dropped first (up to 100 MB or 30 s), because Fastify refuses it before reading it and closes
 * the connection, and a client that sends its whole body before reading the answer (most HTTP clients) then
 * met a reset connection instead of the 400 (issue 12). Returns the message.
 */
export async function refuseLargeBody(req: FastifyRequest, lang: Lang): Promise<string> {
  const raw = req.raw;
  if (!raw.complete && !raw.destroyed) {
    await new Promise<void>((done) => {
      let seen = 0;
      const finish = () => {
        clearTimeout(timer);
        raw.off('data', onData).off('end', finish).off('error', finish).off('close', finish);
        done();
      };
      const onData = (chunk: Buffer) => { seen += chunk.length; if (seen > DRAIN_BYTES) finish(); };
      const timer = setTimeout(finish, DRAIN_MS);
      raw.on('data', onData).on('end', finish).on('error', finish).on('close', finish);
      raw.resume();
    });
  }
  return fieldMessage(lang, {}, texts.tooLarge[lang], { max: BODY_LIMITS.bytes / 1024 / 1024 });
}

/** Whether `err` is Fastify's refusal of a body over the limit. */
export const isBodyTooLarge = (err: { code?: string }) => err.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
