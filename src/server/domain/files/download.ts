/**
 * Reading stored files (spec 7.2; issue 3; issue 26 items 7 and 8). See docs/files.md.
 *
 * - `GET /sapi/sys/file/get/<key>` streams a stored file (or its thumbnail) with its content type, to
 *   - a request with the session token in the `X-Token` header, when that user may read the file
 *     (./access.ts `readableKeys`), or
 *   - a signed address `?u&exp&sig` (./signed-url.ts) that has not expired, whose user is still enabled.
 *   A session token in the query string (`?token=`) is never read: it would land in history and logs.
 *   Unknown key, or one the user may not read: HTTP 404 (the same answer, so keys cannot be probed); no
 *   session and no signature: HTTP 401; a bad or expired signature: HTTP 403 (each with an envelope body).
 * - `POST /sapi/sys/file/sign {urls: string[]}` (any logged-in user): signed addresses for the files among
 *   `urls` (file addresses `/sapi/sys/file/get/<key>` or bare keys) that the caller may read:
 *   `{urls: {<given>: <signed address>}, expiresAt}`; the others are left out. One call signs a whole list
 *   page of images (the console's SafeImage batches them), so an `<img>` needs no token and no extra round
 *   trip per row.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { Code, Headers } from '../../../shared/envelope';
import { requestLabels, rules, type Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import type { BodyRule } from '../../http/body';
import { readContext, type UserContext } from '../../http/context';
import { text as serverText, textsOf } from '../../http/errors';
import { resolveSession } from '../../http/session';
import { fileUrlOf, keyOfFileUrl, readableKeys } from './access';
import { hasSignature, isEnabledUser, signedExpiry, type PathSigner } from './signed-url';
import type { FileStorage } from './storage';
import { findFileRow } from './upload';

export interface DownloadDeps { db: Db; storage: FileStorage; signer: () => PathSigner }

/** Types a browser may show inline; everything else is served as an attachment (no HTML from users on our origin). */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf']);

const texts = {
  fileNotFound: { en: 'File {what} does not exist', zh: '文件 {what} 不存在' },
  badLink: { en: 'This file link is invalid or has expired; open it again from the console', zh: '文件链接无效或已过期，请在控制台重新打开' },
} as const;
const t = textsOf(texts);

/** Most file addresses one sign call takes (the console sends at most 50 at a time). */
export const MAX_SIGN_URLS = 100;

/** Body of /sapi/sys/file/sign: `urls`, at most {@link MAX_SIGN_URLS} texts of at most 500 characters (10 000 in all). */
export const signBody: BodyRule<{ urls: string[] }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({ urls: r.strings(requestLabels.file, { required: true, maxLength: 500 }).max(MAX_SIGN_URLS, r.text('maxItems', requestLabels.file, { max: MAX_SIGN_URLS })) });
  },
};

/** The sign call (see module doc). */
export async function signFiles(deps: DownloadDeps, user: UserContext, body: { urls: string[] }): Promise<{ urls: Record<string, string>; expiresAt: number }> {
  const keyOf = new Map(body.urls.map((u) => [u, keyOfFileUrl(u)] as const));
  const readable = await readableKeys(deps.db, user, [...keyOf.values()].filter((k): k is string => !!k));
  const now = Date.now();
  const urls: Record<string, string> = {};
  for (const [given, key] of keyOf) if (key && readable.has(key)) urls[given] = deps.signer().url(fileUrlOf(key), user.id, now).url;
  return { urls, expiresAt: signedExpiry(now) };
}

/** The download route (see module doc). */
export async function serveFile(deps: DownloadDeps, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const ctx = readContext(req);
  const key = String((req.params as Record<string, string>)['*'] ?? '');
  const missing = () => reply.status(404).send({ code: Code.NOT_FOUND, msg: t(ctx.lang, 'fileNotFound', { what: key }), data: null });
  // how long the browser may keep the bytes: a signed address stays the same until it expires (signed-url.ts)
  let maxAge = 0;
  if (hasSignature(req.query)) {
    const signed = deps.signer().check(fileUrlOf(key), req.query);
    if (!signed || !(await isEnabledUser(deps.db, signed.userId))) {
      return reply.status(403).header('cache-control', 'no-store').send({ code: Code.FORBIDDEN, msg: t(ctx.lang, 'badLink'), data: null });
    }
    maxAge = Math.floor((signed.expiresAt - Date.now()) / 1000);
  } else {
    const token = String(req.headers[Headers.token] ?? req.headers[Headers.uploadToken] ?? '').trim();
    const session = token ? await resolveSession(deps.db, token) : null;
    if (!session) return reply.status(401).send({ code: Code.NOT_LOGGED_IN, msg: serverText(ctx.lang, 'notLoggedIn'), data: null });
    if (session.newToken) reply.header(Headers.newToken, session.newToken);
    if (!(await readableKeys(deps.db, session.user, [key])).has(key)) return missing();
  }
  const row = await findFileRow(deps.db, key);
  if (!row || !(await deps.storage.exists(key))) return missing();
  const isOriginal = row.path === key;
  reply.header('content-type', row.mime);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', maxAge > 0 ? `private, max-age=${maxAge}` : 'private, no-cache');
  if (isOriginal) reply.header('content-length', String(row.size));
  const disposition = INLINE_TYPES.has(row.mime) ? 'inline' : 'attachment';
  const name = isOriginal ? row.originalName : `thumbnail-${row.originalName}`;
  reply.header('content-disposition', `${disposition}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  return reply.send(deps.storage.get(key));
}
