/**
 * What secrets look like, and how every sink masks them (issue 15, issue 26 "Redaction from the manifest";
 * docs/records.md "How secrets are masked"). One rule, {@link isSecretKey}, decides which keys hold secrets:
 *
 * - every field of type `secret` or `password` of every manifest resource (its API name and its column, e.g.
 *   carrier configuration `accountPin` / `account_pin`), read once from the generated metadata
 *   ({@link MANIFEST_SECRET_KEYS});
 * - plus the generic names: passwords (`password`, `oldPassword`, `pwd` ...), tokens (`token`, `X-Token`,
 *   `X-New-Token`, `X-Upload-Token` ...), secrets, API / private / access keys, authorization, credentials,
 *   cookies, signatures (`sig`), and captcha answers (`captcha`, `captchaCode`; `captchaId` is no answer and stays).
 *
 * The three sinks use it through this module: request records and exception logs keep {@link redactBody};
 * exception logs and the application log pass errors through {@link redactError} (the values of the request's
 * secret keys and secret URL parameters are masked in message, stack and properties); the application log's
 * every line goes through {@link redactLogObject} and its texts through {@link redactUrl} (http/requestLog.ts).
 *
 * A recorded body is JSON text of at most `limit` characters (default 4,096), with secrets and file contents
 * replaced by markers:
 *
 * - a secret key (above) -> `"[redacted]"`;
 * - a key that names file contents (`file`, `fileContent`, `content`, `base64`, ...), a `data:` URL, a long
 *   base64-looking text (256+ characters of base64 with upper and lower case and digits) or a Buffer -> `"[file: N chars]"` / `"[file: N bytes]"`;
 * - a multipart body (uploads: the handler streams the file, nothing was parsed) -> `"[multipart: N bytes]"`.
 *
 * The walk is bounded whatever the body (a 10 MB list, 10,000 levels of nesting: the edge refuses those
 * later, but the record is written for every call): it stops at the character budget and at depth 10, so
 * the cost per call is at most a few thousand characters of work. A cut text ends with `…[cut: N more]`
 * markers and is then no longer valid JSON; it is for people to read.
 */
import { resourceMeta } from '../../../../generated/shared/resources';

/** Deepest level of a body walked (records, secret values). */
const MAX_DEPTH = 10;

/** The marker that replaces a secret value. */
export const REDACTED = '[redacted]';

/** Field types of the manifest whose values are secrets. */
const SECRET_TYPES: ReadonlySet<string> = new Set(['secret', 'password']);

/** A key as compared with {@link MANIFEST_SECRET_KEYS}: lower case, without `_` and `-` (`account_pin` = `accountPin`). */
const normalKey = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

/**
 * The API names and columns of every manifest field of type `secret` or `password` (normalized: lower case,
 * no `_` / `-`), built once from the generated metadata: a secret field added to resources.yaml is masked
 * everywhere without a change here.
 */
export const MANIFEST_SECRET_KEYS: ReadonlySet<string> = new Set(
  Object.values(resourceMeta).flatMap((r) => r.fields.filter((f) => SECRET_TYPES.has(f.type)).flatMap((f) => [normalKey(f.name), normalKey(f.column)])),
);

/** The generic secret names (any resource, hand-written calls, headers, query parameters). */
const SECRET_KEY = /pass(word)?|pwd|secret|token|authorization|credential|cookie|signature|^sig$|(api|private|access|signing|encryption)_?key|^captcha(code|answer|text)?$/i;

/** True when a value under key `key` (body, log object, header, URL parameter) is a secret (module doc). */
export function isSecretKey(key: string): boolean {
  return MANIFEST_SECRET_KEYS.has(normalKey(key)) || SECRET_KEY.test(key);
}

/** A query parameter `name=value` inside any text (a URL, a path with its query, an error message). */
const QUERY_PARAM = /([?&])([A-Za-z0-9_.-]+)=([^&#\s"'<>]*)/g;

/**
 * `text` with the value of every URL query parameter whose name is a secret key (`token`, `sig`, `apiKey` ...)
 * replaced by `***`: download and image addresses carry the session token, print addresses a signature.
 */
export function redactUrl(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(QUERY_PARAM, (all, sep: string, name: string) => (isSecretKey(name) ? `${sep}${name}=***` : all));
}

/** Shortest secret value masked inside texts: shorter ones would mangle everything they occur in. */
const MIN_SECRET_TEXT = 4;
const MAX_SECRET_VALUES = 50;

/**
 * The values held under secret keys of a request body (as Fastify parsed it), at any depth up to 10: what
 * {@link redactError} masks in texts made from the request (a database error may quote a value). Bounded.
 */
export function secretValuesOf(body: unknown): string[] {
  const found: string[] = [];
  const take = (v: unknown, depth: number): void => {
    if (found.length >= MAX_SECRET_VALUES || depth > MAX_DEPTH) return;
    if (typeof v === 'string' || typeof v === 'number') {
      const s = String(v);
      if (s.length >= MIN_SECRET_TEXT) found.push(s);
    } else if (Array.isArray(v)) for (const x of v.slice(0, MAX_SECRET_VALUES)) take(x, depth + 1);
    else if (v && typeof v === 'object') for (const x of Object.values(v as object).slice(0, MAX_SECRET_VALUES)) take(x, depth + 1);
  };
  const walk = (v: unknown, depth: number): void => {
    if (found.length >= MAX_SECRET_VALUES || depth > MAX_DEPTH || !v || typeof v !== 'object' || Buffer.isBuffer(v)) return;
    const entries = Array.isArray(v) ? v.map((x) => ['', x] as const) : Object.entries(v as object);
    for (const [k, x] of entries.slice(0, 1000)) {
      if (k && isSecretKey(k)) take(x, depth + 1);
      else walk(x, depth + 1);
    }
  };
  walk(body, 0);
  return found.sort((a, b) => b.length - a.length); // longest first: a value inside another is masked with it
}

/** `text` with every value of `secrets` and every secret URL parameter masked. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return redactUrl(out);
}

const MAX_LOG_DEPTH = 8;

/**
 * A copy of `value` for the application log: values under secret keys replaced by `"[redacted]"`, texts through
 * {@link redactText} (secret URL parameters, the `secrets` values), errors as by {@link redactError}, Buffers
 * as `[N bytes]`; plain objects, arrays and errors are walked (depth 8 at most, cycles cut), other class instances
 * (a request, a socket) are left to the logger's serializers. pino's `formatters.log` (http/requestLog.ts) passes
 * every line here.
 */
export function redactLogObject<T>(value: T, secrets: readonly string[] = []): T {
  const seen = new WeakSet<object>();
  const copy = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return redactText(v, secrets);
    if (!v || typeof v !== 'object') return v;
    if (Buffer.isBuffer(v) || v instanceof Uint8Array) return `[${v.byteLength} bytes]`;
    if (v instanceof Date) return v;
    if (seen.has(v)) return '[Circular]';
    if (depth >= MAX_LOG_DEPTH) return '[…]';
    seen.add(v);
    if (v instanceof Error) return errorCopy(v, secrets, (x) => copy(x, depth + 1));
    if (Array.isArray(v)) return v.map((x) => copy(x, depth + 1));
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) return v; // a request, a socket ...: left to the logger's serializers
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = isSecretKey(k) && x !== null && x !== undefined ? REDACTED : copy(x, depth + 1);
    return out;
  };
  return copy(value, 0) as T;
}

/** An Error of the same prototype (so loggers name its type) with message, stack and own properties masked. */
function errorCopy(err: Error, secrets: readonly string[], copy: (v: unknown) => unknown): Error {
  const out = Object.create(Object.getPrototypeOf(err) as object) as Error & Record<string, unknown>;
  for (const [k, x] of Object.entries(err)) out[k] = isSecretKey(k) && x !== null && x !== undefined ? REDACTED : copy(x);
  Object.defineProperty(out, 'name', { value: err.name, enumerable: false, writable: true, configurable: true });
  Object.defineProperty(out, 'message', { value: redactText(String(err.message ?? ''), secrets), enumerable: false, writable: true, configurable: true });
  if (err.stack !== undefined) Object.defineProperty(out, 'stack', { value: redactText(err.stack, secrets), enumerable: false, writable: true, configurable: true });
  if ('cause' in err && err.cause !== undefined) Object.defineProperty(out, 'cause', { value: copy(err.cause), enumerable: false, writable: true, configurable: true });
  return out;
}

/**
 * `err` as the exception log and the application log may keep it: the values the request `body` holds under
 * secret keys ({@link secretValuesOf}) and secret URL parameters masked in its message, stack, cause and
 * properties, values under secret keys replaced (a database error's `params` may quote the request's values).
 */
export function redactError(err: Error, body?: unknown): Error {
  return redactLogObject(err, secretValuesOf(body));
}

/** Characters a record keeps of a body by default. */
export const BODY_LIMIT = 4096;
const FILE_KEY = /^(file|files|file_?content|file_?data|content|base64|blob|attachment|image_?data)$/i;
const BASE64 = /^[A-Za-z0-9+/=_\-\r\n]+$/;

/** Base64 of a file: only base64 characters, and upper case, lower case and digits or +/ all present. */
const looksBase64 = (head: string) => BASE64.test(head) && /[A-Z]/.test(head) && /[a-z]/.test(head) && /[0-9+/]/.test(head);

class Budget extends Error {}

/**
 * The body `body` (as Fastify parsed it: object, array, text, Buffer or undefined) as recorded text, or null
 * when there is none. `contentType` and `contentLength` name a multipart upload, which is never read.
 */
export function redactBody(body: unknown, contentType?: string, contentLength?: string | number, limit = BODY_LIMIT): string | null {
  if (contentType?.toLowerCase().startsWith('multipart/')) return `"[multipart: ${Number(contentLength ?? 0) || 0} bytes]"`;
  if (body === undefined || body === null) return null;
  const out: string[] = [];
  let used = 0;
  const put = (s: string) => {
    if (used + s.length > limit) {
      out.push(s.slice(0, Math.max(0, limit - used)));
      used = limit;
      throw new Budget();
    }
    out.push(s);
    used += s.length;
  };
  const fileMarker = (v: unknown): string | undefined => {
    if (Buffer.isBuffer(v) || v instanceof Uint8Array) return `"[file: ${v.byteLength} bytes]"`;
    if (typeof v === 'string' && (v.startsWith('data:') || (v.length >= 256 && looksBase64(v.slice(0, 1024))))) return `"[file: ${v.length} chars]"`;
    return undefined;
  };
  const walk = (v: unknown, depth: number): void => {
    const file = fileMarker(v);
    if (file) return put(file);
    if (typeof v === 'string') return put(JSON.stringify(v.length > limit ? v.slice(0, limit) : v));
    if (typeof v === 'number' || typeof v === 'boolean') return put(JSON.stringify(v));
    if (v === null || typeof v !== 'object') return put('null');
    if (depth >= MAX_DEPTH) return put('"[…]"');
    if (Array.isArray(v)) {
      put('[');
      for (let i = 0; i < v.length; i++) {
        if (i) put(',');
        walk(v[i], depth + 1);
      }
      return put(']');
    }
    put('{');
    let first = true;
    for (const key of Object.keys(v)) {
      if (!first) put(',');
      first = false;
      put(`${JSON.stringify(key)}:`);
      const value = (v as Record<string, unknown>)[key];
      if (isSecretKey(key)) put(`"${REDACTED}"`);
      else if (FILE_KEY.test(key) && value !== null && value !== undefined && value !== '') put(fileMarker(value) ?? `"[file: ${typeof value === 'string' ? `${value.length} chars` : 'object'}]"`);
      else walk(value, depth + 1);
    }
    put('}');
  };
  try {
    walk(body, 0);
  } catch (e) {
    if (!(e instanceof Budget)) throw e;
    out.push('…[cut]');
  }
  return out.join('');
}
