/**
 * RFC 9457 problem details of the owner API (issue 31; docs/owner-api.md "Errors"): every error of /api/v1 is
 * `application/problem+json` `{type, title, status, detail, instance, errors?}`. `type` is `urn:wms:problem:<kind>`;
 * `detail` is the same text the console gets (the manifest label names the field, in the caller's language);
 * `errors: [{field, pointer, message}]` places each field at fault, `field` in the API's own names
 * (`lines[1].qty`, `category`), `pointer` the same as a JSON Pointer.
 *
 * A BizError of the shared domain code maps by its envelope code: 400 with a field -> 422 validation, other 400
 * -> 400, 403 -> 403, 404 -> 404, 409 -> 409, 600 -> 401; a database error caused by a value -> 400/409 as on
 * /sapi (http/errors.ts clientDbError); anything else is a 500 (logged, generic detail).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../shared/envelope';
import type { FieldProblem, Lang } from '../../shared/validation';
import { BizError, clientDbError, text } from '../http/errors';

export type ProblemKind = 'bad-request' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'validation' | 'idempotency-mismatch' | 'rate-limited' | 'server-error';

const TITLES: Record<ProblemKind, { status: number; en: string; zh: string }> = {
  'bad-request': { status: 400, en: 'Bad request', zh: '请求有误' },
  unauthorized: { status: 401, en: 'Not authenticated', zh: '未认证' },
  forbidden: { status: 403, en: 'Forbidden', zh: '无权操作' },
  'not-found': { status: 404, en: 'Not found', zh: '不存在' },
  conflict: { status: 409, en: 'Conflict', zh: '冲突' },
  validation: { status: 422, en: 'Validation failed', zh: '校验未通过' },
  'idempotency-mismatch': { status: 422, en: 'Idempotency-Key reused with another request', zh: 'Idempotency-Key 已用于另一个请求' },
  'rate-limited': { status: 429, en: 'Too many requests', zh: '请求过多' },
  'server-error': { status: 500, en: 'Server error', zh: '服务器错误' },
};

/** One field at fault: its API name (`lines[1].qty`), the same as a JSON Pointer, and the message. */
export interface ProblemField { field: string; pointer: string; message: string }

/** An error answered as problem details (thrown by the API's own checks). */
export class ApiProblem extends Error {
  constructor(readonly kind: ProblemKind, readonly detail: string, readonly errors?: ProblemField[], readonly headers: Record<string, string> = {}) {
    super(detail);
  }
}

/** `field` of a FieldProblem in the API's names: `lines[1].sku` for line 1's skuId when the API names it sku. */
export function problemField(p: Pick<FieldProblem, 'field' | 'line' | 'message'>, rename: (field: string, inLine: boolean) => string = (f) => f): ProblemField | undefined {
  if (!p.field) return undefined;
  const inLine = p.line !== undefined;
  const name = rename(p.field, inLine);
  const field = inLine ? (p.field === 'lines' ? `lines[${p.line}]` : `lines[${p.line}].${name}`) : name;
  const pointer = `/${field.replace(/\[(\d+)\]/g, '/$1').replace(/\./g, '/')}`;
  return { field, pointer, message: p.message };
}

/** The problem an error thrown while serving a call is answered with; `rename` maps field names (problemField). */
export function toProblem(err: unknown, lang: Lang, rename?: (field: string, inLine: boolean) => string): ApiProblem {
  if (err instanceof ApiProblem) return err;
  if (err instanceof BizError) {
    const at = err.place ? problemField({ ...err.place, message: err.message }, rename) : undefined;
    switch (err.code) {
      case Code.BAD_REQUEST: return at ? new ApiProblem('validation', err.message, [at]) : new ApiProblem('bad-request', err.message);
      case Code.FORBIDDEN: return new ApiProblem('forbidden', err.message, at ? [at] : undefined);
      case Code.NOT_FOUND: return new ApiProblem('not-found', err.message);
      case Code.CONFLICT: return new ApiProblem('conflict', err.message, at ? [at] : undefined);
      case Code.NOT_LOGGED_IN: return new ApiProblem('unauthorized', err.message);
      default: return new ApiProblem('server-error', text(lang, 'unexpected'));
    }
  }
  const fromDb = clientDbError(err, lang);
  if (fromDb) return toProblem(fromDb, lang, rename);
  const status = (err as { statusCode?: number })?.statusCode;
  // malformed JSON, a wrong content type, a body over the limit: Fastify's 4xx, said in its words
  if (status && status >= 400 && status < 500) return new ApiProblem('bad-request', (err as Error).message);
  return new ApiProblem('server-error', text(lang, 'unexpected'));
}

/** The problem details body of `p` for request `req`. */
export function problemBody(p: ApiProblem, lang: Lang, instance: string): Record<string, unknown> {
  const t = TITLES[p.kind];
  return { type: `urn:wms:problem:${p.kind}`, title: t[lang], status: t.status, detail: p.detail, instance, ...(p.errors?.length ? { errors: p.errors } : {}) };
}

/** Sends `p` as `application/problem+json` with its status and headers. */
export function sendProblem(req: FastifyRequest, reply: FastifyReply, p: ApiProblem, lang: Lang): FastifyReply {
  for (const [k, v] of Object.entries(p.headers)) reply.header(k, v);
  const path = req.url.split('?')[0];
  return reply.status(TITLES[p.kind].status).type('application/problem+json; charset=utf-8').send(JSON.stringify(problemBody(p, lang, path)));
}

/** The caller's language: Accept-Language (or X-Lang) starting with zh -> zh, else en. */
export function apiLang(req: FastifyRequest): Lang {
  const v = String(req.headers['accept-language'] ?? req.headers['x-lang'] ?? '').trim().toLowerCase();
  return v.startsWith('zh') ? 'zh' : 'en';
}
