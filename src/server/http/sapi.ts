/**
 * `sapiRoute`: the one way a /sapi call is registered, generic or hand-written (DESIGN "A request travels
 * one way"): context headers -> session (600) -> permission code (403) -> body checked at the edge against
 * the route's declared rule (400, http/body.ts) -> handler -> envelope. A renewed token goes back in
 * X-New-Token (spec 7.1). `publicRoute` is the same without session and code (captcha, login).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, Headers, type Envelope } from '../../shared/envelope';
import type { Db } from '../db/connect';
import { readBody, type RouteBody } from './body';
import { readContext, type RequestContext, type UserContext } from './context';
import { notLoggedIn } from './errors';
import { JsonText } from './json-text';
import { noteUser } from './requestRecords';
import { requireCode } from './guard';
import { resolveSession, SessionCache, sessionStillHolds } from './session';

type Row = Record<string, unknown>;
/** `body`: the body as the route's rule validated it (never the raw one). */
export interface SapiHandlerArgs<B = Row> { req: FastifyRequest; reply: FastifyReply; ctx: RequestContext; user: UserContext; body: B }
export interface PublicHandlerArgs<B = Row> { req: FastifyRequest; reply: FastifyReply; ctx: RequestContext; body: B }
/**
 * What a route declares besides its path and code: the rule its body must pass (http/body.ts), and
 * `foldsSession` for a read whose handler verifies a cached session in its own statement (the generic page,
 * list and detail: crud/records-sql.ts); it must have no side effect, as a stale session serves it again.
 */
export interface RouteSpec<B> { body: RouteBody<B>; foldsSession?: boolean }

export const ok = <T>(data: T): Envelope<T> => ({ code: Code.OK, msg: 'success', data });
/** `{"code":200,"msg":"success","data":` : the envelope of {@link ok} up to its data. */
const OK_HEAD = JSON.stringify(ok(null)).slice(0, -'null}'.length);

/**
 * The answer of a handler's result: the success envelope; a {@link JsonText} result (records written by
 * PostgreSQL) is put into it as text, with the JSON content type Fastify would have set.
 */
function answer(reply: FastifyReply, data: unknown): unknown {
  if (!(data instanceof JsonText)) return ok(data);
  reply.type('application/json; charset=utf-8');
  return `${OK_HEAD}${data.text}}`;
}

const tokenOf = (req: FastifyRequest) => String(req.headers[Headers.token] ?? req.headers[Headers.uploadToken] ?? '').trim();

/** The session's user or a 600; reads X-Token (X-Upload-Token for uploads). A resolved session refreshes `cache`. */
export async function authenticate(db: Db, req: FastifyRequest, reply: FastifyReply, ctx: RequestContext, cache?: SessionCache): Promise<UserContext> {
  const token = tokenOf(req);
  if (!token) throw notLoggedIn(ctx.lang);
  const s = await resolveSession(db, token);
  if (!s) {
    cache?.delete(token);
    throw notLoggedIn(ctx.lang);
  }
  if (s.newToken) reply.header(Headers.newToken, s.newToken);
  else cache?.set(token, s.user, s.fingerprint);
  noteUser(req, s.user); // the request record names the caller (http/requestRecords.ts)
  return s.user;
}

const caches = new WeakMap<FastifyInstance, SessionCache>();
const cacheOf = (app: FastifyInstance) => {
  let c = caches.get(app);
  if (!c) caches.set(app, (c = new SessionCache()));
  return c;
};

/**
 * A registered /sapi call: its path, code ('public' for a call open without login) and body rule. The
 * permission-matrix and fuzz tests walk this list.
 */
export interface RegisteredRoute { path: string; permission: string; public: boolean; body: RouteBody<unknown> }
const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();
/** Every /sapi call registered on `app`, logged-in and public, in registration order. */
export const sapiRoutesOf = (app: FastifyInstance): RegisteredRoute[] => registered.get(app) ?? [];
const register = (app: FastifyInstance, route: RegisteredRoute) => registered.set(app, [...sapiRoutesOf(app), route]);

/** A logged-in call that needs `permission` ('any' = every logged-in user) and takes a body passing `spec.body`. */
export function sapiRoute<B, T>(app: FastifyInstance, db: Db, path: string, permission: string, spec: RouteSpec<B>, handler: (a: SapiHandlerArgs<B>) => Promise<T>): void {
  register(app, { path, permission, public: false, body: spec.body as RouteBody<unknown> });
  const cache = cacheOf(app);
  const serve = async (req: FastifyRequest, reply: FastifyReply, ctx: RequestContext, user: UserContext) => {
    ctx.user = user;
    requireCode(ctx, user, permission);
    const body = await readBody(req, ctx, spec.body);
    return answer(reply, await handler({ req, reply, ctx, user, body }));
  };
  app.post(path, async (req, reply) => {
    const token = tokenOf(req);
    const hit = token ? cache.get(token) : undefined;
    if (hit) {
      noteUser(req, hit.user); // the request record names the caller on this way too
      if (spec.foldsSession) {
        // one round trip: the cached context, verified by the handler's statement (issue 13). Whatever goes wrong
        // on this way (a stale session, but also a 403 or 400 the current session might answer otherwise) is
        // decided again the full way, so the answer is always the one a freshly resolved session gives.
        try {
          return await serve(req, reply, { ...readContext(req), session: { token, fingerprint: hit.fingerprint } }, hit.user);
        } catch {
          cache.delete(token);
        }
      } else if (await sessionStillHolds(db, token, hit.fingerprint)) {
        // any other call verifies the cached context with one small statement BEFORE it runs (it may write)
        return serve(req, reply, readContext(req), hit.user);
      } else cache.delete(token);
    }
    const ctx = readContext(req);
    return serve(req, reply, ctx, await authenticate(db, req, reply, ctx, cache));
  });
}

/** A call open without login (captcha, login: spec 2.1, 7.2), with its body rule. */
export function publicRoute<B, T>(app: FastifyInstance, path: string, spec: RouteSpec<B>, handler: (a: PublicHandlerArgs<B>) => Promise<T>): void {
  register(app, { path, permission: 'public', public: true, body: spec.body as RouteBody<unknown> });
  app.post(path, async (req, reply) => {
    const ctx = readContext(req);
    const body = await readBody(req, ctx, spec.body);
    return answer(reply, await handler({ req, reply, ctx, body }));
  });
}
