/**
 * Where request records and HTTP exception logs are taken (issue 15; docs/records.md): the one pair of hooks
 * every /sapi and /api/v1 answer passes, whatever produced it (a handler's envelope, the error handler's, the 404 of an
 * unknown call, a file or PDF sent as it is):
 *
 * - `onSend` reads the envelope code from the start of the serialized answer (`{"code":NNN`; an answer that
 *   is no envelope, e.g. a download, counts with its HTTP status);
 * - `onResponse` has the record queued a turn after the answer, off the caller's wait (time, user, method,
 *   path, code, whole ms, client IP, user agent, the body redacted and capped by records/redact.ts) and, for
 *   code 500, an exception line with the stack the error handler noted (`noteException`), masked as the
 *   application log masks it (records/redact.ts `redactError`). The path is kept without its query.
 *
 * The user is the session's (`noteUser`, called by `authenticate`; for /api/v1 the API key's prefix, with user id
 * 0), or for the login call the name typed.
 * Nothing here awaits the database: the recorder writes in batches (records/recorder.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../shared/envelope';
import { redactBody, redactError } from '../domain/records/redact';
import type { RequestRecorder } from '../domain/records/recorder';
import type { UserContext } from './context';

const users = new WeakMap<FastifyRequest, { id: number; name: string }>();
const errors = new WeakMap<FastifyRequest, Error>();
const codes = new WeakMap<FastifyRequest, number>();
const ENVELOPE = /^\{"code":(-?\d{1,6})[,}]/;
const LOGIN_PATH = '/sapi/sys/user/login';

/** The code of an answer: the envelope's (`{"code":NNN` at the start of a serialized body), else the HTTP status. */
export function answerCode(payload: unknown, statusCode: number): number {
  const m = typeof payload === 'string' ? ENVELOPE.exec(payload) : null;
  return m ? Number(m[1]) : statusCode;
}

/** Notes the session's user of a request (http/sapi.ts `authenticate`). */
export function noteUser(req: FastifyRequest, user: UserContext): void {
  users.set(req, { id: user.id, name: user.name });
}

/** Notes the error behind a 500 answer (app.ts error handler): its stack goes to the exception log. */
export function noteException(req: FastifyRequest, err: Error): void {
  errors.set(req, err);
}

/** The path of a URL without its query (download links carry the session token there). */
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** `s` within `n` characters and without NUL (PostgreSQL text cannot hold it: one would fail the whole batch). */
const cut = (s: string | undefined, n: number) => (s === undefined ? null : (s.length > n ? s.slice(0, n) : s).replace(/\0/g, ''));

/**
 * The calls recorded: /sapi, and the owner API's /api/v1 (issue 31; its reference page and document aside), whose
 * user is the API key's prefix and whose code is the HTTP status.
 */
const recorded = (url: string) => url.startsWith('/sapi') || (url.startsWith('/api/v1/') && !url.startsWith('/api/v1/docs') && !url.startsWith('/api/v1/openapi.json'));

/** Adds the hooks that feed `recorder` (before any route is registered). */
export function registerRequestRecords(app: FastifyInstance, recorder: RequestRecorder): void {
  if (!recorder.enabled) return;
  // callback hooks, not async ones: every call passes them, and an async hook costs a promise and a turn (issue 13)
  app.addHook('onSend', (req, reply, payload, done) => {
    if (recorded(req.url)) codes.set(req, answerCode(payload, reply.statusCode));
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    // the record is built a turn later (recorder.ts `flush` waits for that turn): redacting the body is then not
    // part of the caller's wait (issue 13, the page call's own time)
    if (recorded(req.url)) {
      const durationMs = Math.max(0, Math.round(reply.elapsedTime));
      const answeredAt = Date.now();
      recorder.later(() => record(req, reply, durationMs, answeredAt));
    }
    done();
  });
  /** Queues the record (and the exception line of a 500) of a /sapi call answered at `answeredAt` (ms) after `durationMs`. */
  const record = (req: FastifyRequest, reply: FastifyReply, durationMs: number, answeredAt: number) => {
    const addDate = new Date(answeredAt - durationMs);
    const path = cut(pathOf(req.url), 300)!;
    const session = users.get(req);
    let userName = session?.name ?? null;
    if (!session && path === LOGIN_PATH) {
      const typed = (req.body as Record<string, unknown> | undefined)?.username;
      if (typeof typed === 'string') userName = cut(typed.trim(), 50);
    }
    const code = codes.get(req) ?? reply.statusCode;
    const body = redactBody(req.body, req.headers['content-type'], req.headers['content-length']);
    const common = { userId: session?.id ?? null, userName, method: req.method, path, ip: cut(req.ip, 64), userAgent: cut(req.headers['user-agent'], 500), body, addDate };
    recorder.record({ ...common, code, durationMs });
    if (code === Code.ERROR) {
      // message and stack with the request's secret values and secret URL parameters masked (records/redact.ts)
      const noted = errors.get(req);
      const err = noted && redactError(noted, req.body);
      recorder.exception({
        ...common,
        message: cut(err ? `${err.name}: ${err.message}` : 'an answer with code 500 without an error', 1000),
        stack: cut(err?.stack, 20_000),
      });
    }
  };
}
