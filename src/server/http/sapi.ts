/**
 * `sapiRoute`: the one way a /sapi call is registered, generic or hand-written (DESIGN "A request travels
 * one way"): context headers -> session (600) -> permission code (403) -> handler -> envelope. A renewed
 * token goes back in X-New-Token (spec 7.1).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, Headers, type Envelope } from '../../shared/envelope';
import type { Db } from '../db/connect';
import { readContext, type RequestContext, type UserContext } from './context';
import { notLoggedIn } from './errors';
import { requireCode } from './guard';
import { resolveSession } from './session';

export interface SapiHandlerArgs { req: FastifyRequest; reply: FastifyReply; ctx: RequestContext; user: UserContext; body: Record<string, unknown> }
export interface PublicHandlerArgs { req: FastifyRequest; reply: FastifyReply; ctx: RequestContext; body: Record<string, unknown> }

export const ok = <T>(data: T): Envelope<T> => ({ code: Code.OK, msg: 'success', data });

/** The session's user or a 600; reads X-Token (X-Upload-Token for uploads). */
export async function authenticate(db: Db, req: FastifyRequest, reply: FastifyReply, ctx: RequestContext): Promise<UserContext> {
  const token = String(req.headers[Headers.token] ?? req.headers[Headers.uploadToken] ?? '').trim();
  if (!token) throw notLoggedIn(ctx.lang);
  const s = await resolveSession(db, token);
  if (!s) throw notLoggedIn(ctx.lang);
  if (s.newToken) reply.header(Headers.newToken, s.newToken);
  return s.user;
}

/** Every logged-in call registered on an app, with its code: the permission-matrix test walks this list. */
const registered = new WeakMap<FastifyInstance, Array<{ path: string; permission: string }>>();
export const sapiRoutesOf = (app: FastifyInstance) => registered.get(app) ?? [];

/** A logged-in call that needs `permission` ('any' = every logged-in user). */
export function sapiRoute<T>(app: FastifyInstance, db: Db, path: string, permission: string, handler: (a: SapiHandlerArgs) => Promise<T>): void {
  registered.set(app, [...sapiRoutesOf(app), { path, permission }]);
  app.post(path, async (req, reply) => {
    const ctx = readContext(req);
    const user = await authenticate(db, req, reply, ctx);
    ctx.user = user;
    requireCode(ctx, user, permission);
    return ok(await handler({ req, reply, ctx, user, body: (req.body ?? {}) as Record<string, unknown> }));
  });
}

/** A call open without login (captcha, login: spec 2.1, 7.2). */
export function publicRoute<T>(app: FastifyInstance, path: string, handler: (a: PublicHandlerArgs) => Promise<T>): void {
  app.post(path, async (req, reply) => ok(await handler({ req, reply, ctx: readContext(req), body: (req.body ?? {}) as Record<string, unknown> })));
}
