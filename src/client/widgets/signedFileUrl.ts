/**
 * Signed addresses of stored files for the console (issue 26 item 7: no session token in any address; server:
 * src/server/domain/files/download.ts, docs/files.md).
 *
 * A stored file's address (`/sapi/sys/file/get/<key>`, what records hold, e.g. a SKU's `goodsImageUrl`)
 * needs the session header, which an `<img src>` or a link cannot send. The console trades it for a signed
 * address through `POST /sapi/sys/file/sign {urls}`: every address asked for in the same moment (the rows of a
 * list page) goes in one call of at most {@link SIGN_BATCH}, so a page of 50 images costs one round trip, not
 * 50. Answers are kept until a minute before they expire (the server keeps an address the same for a few
 * minutes, so the browser's image cache holds); a file the user may not read is kept as `null`.
 * Other addresses (external images, `blob:`, `data:`) are used as they are.
 */
import { useCallback, useEffect, useState } from 'react';
import { sapi } from '../providers/http';

export const FILE_URL_PREFIX = '/sapi/sys/file/get/';
export const SIGN_PATH = '/sapi/sys/file/sign';
/** Most addresses per sign call (the server takes 100 of at most 500 characters, 10 000 in all). */
export const SIGN_BATCH = 50;
/** An answer is asked again this long (ms) before its address expires. */
const RENEW_BEFORE_MS = 60_000;
/** After a failed sign call, its addresses are asked for again this long (ms) later. */
const RETRY_AFTER_MS = 30_000;

interface Entry { url: string | null; expiresAt: number }
const cache = new Map<string, Entry>();
const waiting = new Map<string, { promise: Promise<string | null>; resolve: (url: string | null) => void }>();
/** Paths asked for since the last flush (not sent yet). */
const queued = new Set<string>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** The file address `/sapi/sys/file/get/<key>` of `src` (relative, or absolute on this origin); undefined for any other address. */
export function storedFilePath(src: string | null | undefined): string | undefined {
  if (!src) return undefined;
  if (src.startsWith(FILE_URL_PREFIX)) return src;
  if (typeof window !== 'undefined' && src.startsWith(`${window.location.origin}${FILE_URL_PREFIX}`)) return src.slice(window.location.origin.length);
  return undefined;
}

const fresh = (e: Entry | undefined) => (e && e.expiresAt - RENEW_BEFORE_MS > Date.now() ? e : undefined);

async function signBatch(paths: string[]): Promise<void> {
  let answer: { urls: Record<string, string>; expiresAt: number } | undefined;
  try {
    answer = await sapi<{ urls: Record<string, string>; expiresAt: number }>(SIGN_PATH, { urls: paths }, { skipLoading: true });
  } catch {
    answer = undefined;
  }
  // a failed call is kept as "no address" for half a minute: asked again then, not in a loop
  const expiresAt = answer?.expiresAt ?? Date.now() + RENEW_BEFORE_MS + RETRY_AFTER_MS;
  for (const p of paths) {
    cache.set(p, { url: answer?.urls?.[p] ?? null, expiresAt });
    const w = waiting.get(p);
    waiting.delete(p);
    w?.resolve(answer ? answer.urls?.[p] ?? null : null);
  }
}

function flush(): void {
  flushTimer = undefined;
  const paths = [...queued];
  queued.clear();
  for (let i = 0; i < paths.length; i += SIGN_BATCH) void signBatch(paths.slice(i, i + SIGN_BATCH));
}

/**
 * The signed address of the stored file `path` (`/sapi/sys/file/get/<key>`), null when the user may not read it
 * or the call failed. Asks the server at most once per moment for all paths asked together.
 */
export function signFileUrl(path: string): Promise<string | null> {
  const hit = fresh(cache.get(path));
  if (hit) return Promise.resolve(hit.url);
  const pending = waiting.get(path);
  if (pending) return pending.promise;
  let resolve!: (url: string | null) => void;
  const promise = new Promise<string | null>((ok) => { resolve = ok; });
  waiting.set(path, { promise, resolve });
  queued.add(path);
  flushTimer ??= setTimeout(flush, 0);
  return promise;
}

/** Drops what is known of `path` (the next ask goes to the server). */
export function forgetSignedUrl(path: string): void {
  cache.delete(path);
}

/** Test hook: forget every answer. */
export function resetSignedUrlsForTests(): void {
  cache.clear();
  waiting.clear();
  queued.clear();
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = undefined;
}

/**
 * The address to show for `src`: the signed address of a stored file (renewed before it expires), `src` itself
 * for any other address, `undefined` while the signature is being fetched, null for no src or a file the user
 * may not read. `renew()` asks the server again (an image that failed to load).
 */
export function useFileUrl(src: string | null | undefined): { url: string | null | undefined; renew: () => void } {
  const path = storedFilePath(src);
  const [, setTick] = useState(0);
  const entry = path ? fresh(cache.get(path)) : undefined;
  useEffect(() => {
    if (!path) return undefined;
    let alive = true;
    const bump = () => { if (alive) setTick((n) => n + 1); };
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (!entry) void signFileUrl(path).then(bump);
    else timer = setTimeout(bump, Math.max(1000, entry.expiresAt - RENEW_BEFORE_MS - Date.now()));
    return () => { alive = false; if (timer) clearTimeout(timer); };
  }, [path, entry]);
  const renew = useCallback(() => {
    if (!path) return;
    forgetSignedUrl(path);
    setTick((n) => n + 1);
  }, [path]);
  if (!src) return { url: null, renew };
  if (!path) return { url: src, renew };
  return { url: entry ? entry.url : undefined, renew };
}
