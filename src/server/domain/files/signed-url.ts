/**
 * Signed addresses (issue 16 print, issue 26 item 7 "no session token in URLs"): a GET address that carries
 * its own short-lived credential instead of the login token, for what a browser or the print plugin fetches
 * without headers (`<img src>`, a download link, a PDF tab).
 *
 * - {@link hmacSigner}: HMAC-SHA256 over `/`-joined parts, keyed by a key derived from the installation key
 *   (../secrets.ts `installationKey`: `WMS_SECRET_KEY`, else `<WMS_DATA_DIR>/secret.key`) and a purpose text,
 *   so a print signature never opens a file and the other way round. Instances that share `WMS_SECRET_KEY`
 *   verify each other's addresses. Print (../print/routes.ts) signs its own fields with it.
 * - {@link pathSigner}: `<path>?u=<user id>&exp=<ms>&sig=<base64url>` over path, user and expiry, for stored
 *   files (`/sapi/sys/file/get/<key>`) and export downloads (`/sapi/sys/fileExport/download/<id>`).
 *   Who may have such an address is decided when it is minted (files/access.ts, exports/jobs.ts); at download
 *   the signature, the expiry and the user's being enabled are checked. Expiry is rounded up to the next
 *   {@link SIGNED_PATH_STEP_MS} past {@link SIGNED_PATH_TTL_MS}, so the same file minted for the same user
 *   within one step gets the same address and the browser's cache serves it again: an address lives
 *   10 to 15 minutes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as schema from '../../../../generated/db/schema';
import { Status } from '../../../../generated/shared/enums';
import type { Db } from '../../db/connect';
import { installationKey } from '../secrets';

/** Shortest life of a signed file or download address (ms). */
export const SIGNED_PATH_TTL_MS = 10 * 60_000;
/** Expiries are rounded up to a multiple of this (ms), so re-minting within it gives the same address. */
export const SIGNED_PATH_STEP_MS = 5 * 60_000;

/** Signs and checks `/`-joined parts with a key derived from `key` for one `purpose`. */
export function hmacSigner(key: Buffer, purpose: string) {
  const derived = createHmac('sha256', key).update(purpose).digest();
  const mac = (parts: ReadonlyArray<string | number>) => createHmac('sha256', derived).update(parts.join('/')).digest('base64url');
  return {
    /** The base64url signature of `parts`. */
    sign: mac,
    /** True when `sig` is the signature of `parts` (constant-time compare). */
    verify(parts: ReadonlyArray<string | number>, sig: string): boolean {
      const want = Buffer.from(mac(parts));
      const got = Buffer.from(sig);
      return got.length === want.length && timingSafeEqual(got, want);
    },
  };
}

/** When an address minted at `now` stops working (ms): now + TTL rounded up to the next step. */
export const signedExpiry = (now: number) => Math.ceil((now + SIGNED_PATH_TTL_MS) / SIGNED_PATH_STEP_MS) * SIGNED_PATH_STEP_MS;

export interface SignedPathCheck { userId: number; expiresAt: number }

/** Signed `<path>?u&exp&sig` addresses (see module doc). */
export function pathSigner(key: Buffer) {
  const s = hmacSigner(key, 'wms signed path v1');
  return {
    /** The signed address of `path` (no query of its own) for `userId`, and when it stops working (ms). */
    url(path: string, userId: number, now = Date.now()): { url: string; expiresAt: number } {
      const exp = signedExpiry(now);
      return { url: `${path}?u=${userId}&exp=${exp}&sig=${s.sign([path, userId, exp])}`, expiresAt: exp };
    },
    /**
     * The user a request's `u`, `exp`, `sig` were minted for when they sign `path` and have not expired;
     * null otherwise (malformed, another path, another user, a changed expiry, expired).
     */
    check(path: string, query: unknown, now = Date.now()): SignedPathCheck | null {
      const q = (query ?? {}) as Record<string, unknown>;
      const u = q.u, exp = q.exp, sig = q.sig;
      if (typeof u !== 'string' || typeof exp !== 'string' || typeof sig !== 'string') return null;
      if (!/^\d{1,10}$/.test(u) || !/^\d{1,15}$/.test(exp) || sig.length > 100) return null;
      if (!s.verify([path, u, exp], sig) || Number(exp) < now) return null;
      return { userId: Number(u), expiresAt: Number(exp) };
    },
  };
}
export type PathSigner = ReturnType<typeof pathSigner>;

/** A path signer keyed by the installation key of `dataDir`, made at first use. */
export function lazyPathSigner(dataDir: string): () => PathSigner {
  let signer: PathSigner | undefined;
  return () => (signer ??= pathSigner(installationKey(dataDir)));
}

/** True when user `id` exists and is enabled (a signed address dies with its user's access). */
export async function isEnabledUser(db: Db, id: number): Promise<boolean> {
  const [u] = await db.select({ status: schema.user.status }).from(schema.user).where(eq(schema.user.id, id));
  return !!u && u.status === Status.ENABLE;
}

/** True when a request carries any of the signed-address parameters (then the session header is not asked for). */
export const hasSignature = (query: unknown) => {
  const q = (query ?? {}) as Record<string, unknown>;
  return q.sig !== undefined || q.exp !== undefined || q.u !== undefined;
};
