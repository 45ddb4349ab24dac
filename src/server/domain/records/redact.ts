/**
 * The request body as a request record keeps it (issue 15; docs/records.md "What a record keeps"): JSON text
 * of at most `limit` characters (default 4,096), with secrets and file contents replaced by markers:
 *
 * - a key that names a secret (`password`, `oldPassword`, `token`, `secret`, `apiKey`, `authorization`, ...)
 *   or a captcha answer (`captcha`, `captchaCode`; `captchaId` is no answer and stays) -> `"[redacted]"`;
 * - a key that names file contents (`file`, `fileContent`, `content`, `base64`, ...), a `data:` URL, a long
 *   base64-looking text (256+ characters of base64 with upper and lower case and digits) or a Buffer -> `"[file: N chars]"` / `"[file: N bytes]"`;
 * - a multipart body (uploads: the handler streams the file, nothing was parsed) -> `"[multipart: N bytes]"`.
 *
 * The walk is bounded whatever the body (a 10 MB list, 10,000 levels of nesting: the edge refuses those
 * later, but the record is written for every call): it stops at the character budget and at depth 10, so
 * the cost per call is at most a few thousand characters of work. A cut text ends with `…[cut: N more]`
 * markers and is then no longer valid JSON; it is for people to read.
 */

/** Characters a record keeps of a body by default. */
export const BODY_LIMIT = 4096;
const MAX_DEPTH = 10;
const SECRET_KEY = /pass(word)?|pwd|secret|token|authorization|credential|api_?key|private_?key|^captcha(code|answer|text)?$/i;
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
      if (SECRET_KEY.test(key)) put('"[redacted]"');
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
