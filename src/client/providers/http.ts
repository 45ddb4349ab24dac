/**
 * `sapi(path, body, options)`: the one function that talks to the /sapi server (spec 7, 7.1, 8;
 * docs/architecture.md "Wire contract additions").
 *
 * Request: POST, JSON body (or application/x-www-form-urlencoded with `form: true`, used by login),
 * `credentials: 'include'`, 90 000 ms time-out, headers
 *   X-Token      stored session token (localStorage `wms.token`), when logged in
 *   X-Time-Zone  signed whole hours of the browser offset: '+8', '-5', '' for UTC
 *   X-Lang       current console locale ('en' | 'zh')
 * Response: `X-New-Token` replaces the stored token. HTTP 401/403 -> /401, HTTP 404 -> /404, other HTTP
 * errors and network failures reject with the error message. Envelope `{code, msg, data}`:
 *   200 -> resolves with `data`
 *   600 -> notifies "not logged in or session expired", clears the token, reloads the page, rejects
 *   403 -> rejects with "insufficient permission"
 *   any other code -> rejects with the server msg
 * Rejections are react-admin `HttpError(message, status, body)`; status is the envelope code (or the HTTP
 * status / 0 for transport failures), so react-admin notifies the message and authProvider.checkError can
 * recognise 600. Non-JSON responses (file downloads) resolve with a Blob.
 * Every call holds the full-screen loading mask (providers/loading.ts, layout/LoadingMask.tsx) until it
 * settles, unless `skipLoading` (spec 7.1). Every failure except a caller's cancel goes to the error log
 * (providers/errorLog.ts) with the path and what failed.
 */
import { HttpError } from 'react-admin';
import { getToken, setToken, clearToken, noteSessionEnd } from './session';
import { getCurrentLocale, appText } from './locale';
import { navigateTo, notify } from './bridge';
import { beginCall } from './loading';
import { logCallFailure } from './errorLog';

export const REQUEST_TIMEOUT_MS = 90_000;
export const CODE_OK = 200;
export const CODE_FORBIDDEN = 403;
export const CODE_NOT_LOGGED_IN = 600;
/** Delay before the page reload after code 600, so the message can be read. */
export const RELOAD_DELAY_MS = 1500;

export interface SapiOptions {
  /** Send the body form-encoded (login, spec 7). */
  form?: boolean;
  /** Spec 7.1: no full-screen loading mask for this call (captcha, polling, autocompletes, background refreshes). */
  skipLoading?: boolean;
  /** Time-out in ms (default 90 000). */
  timeout?: number;
  /** Caller's abort signal (react-admin query cancellation). */
  signal?: AbortSignal;
  /** Do not run the code-600 side effects (used by logout, whose token may already be dead). */
  quietSessionExpiry?: boolean;
}

/** Envelope of every /sapi response. */
export interface Envelope<T = unknown> {
  code: number;
  msg?: string;
  data: T;
}

/**
 * X-Time-Zone value from `Date#getTimezoneOffset()` minutes (UTC+8 is -480): signed whole hours,
 * '' for 0. Fractional offsets are truncated towards zero (+5:30 -> '+5').
 */
export function formatTimeZone(offsetMinutes: number = new Date().getTimezoneOffset()): string {
  const hours = Math.trunc(-offsetMinutes / 60);
  if (hours === 0) return '';
  return hours > 0 ? `+${hours}` : String(hours);
}

function encodeForm(body: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  return params.toString();
}

let reloadScheduled = false;
let lastExpiryNotice = 0;

/**
 * The session is over: tell the user `message` (once for a burst of parallel calls: the first one's words) and
 * forget the token. The user check's failure (spec 8 "Verification failed, please login again") and code 600
 * of any call both come here, so a stale token shows one message.
 */
export function endSessionWith(message: string): void {
  const now = Date.now();
  const first = now - lastExpiryNotice > RELOAD_DELAY_MS * 2;
  lastExpiryNotice = now;
  if (!first) return clearToken();
  notify(message, 'error');
  clearToken();
  // the login page says it again: the reload that follows a 600 ends the toast
  noteSessionEnd(message);
}

/** Code 600: tell the user, forget the token, reload (spec 4, 8). */
function handleSessionExpired(): void {
  endSessionWith(appText('app.http.session_expired'));
  if (reloadScheduled || typeof window === 'undefined' || !window.location) return;
  reloadScheduled = true;
  setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
}

/** Maps an envelope to its data or an HttpError (exported for tests and for callers holding an envelope). */
export function unwrapEnvelope<T>(envelope: Envelope<T>, options: SapiOptions = {}): T {
  if (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'number') {
    throw new HttpError(appText('app.http.server_error'), 500, envelope);
  }
  if (envelope.code === CODE_OK) return envelope.data;
  if (envelope.code === CODE_NOT_LOGGED_IN) {
    if (!options.quietSessionExpiry) handleSessionExpired();
    throw new HttpError(appText('app.http.session_expired'), CODE_NOT_LOGGED_IN, envelope);
  }
  if (envelope.code === CODE_FORBIDDEN) {
    throw new HttpError(appText('app.http.forbidden'), CODE_FORBIDDEN, envelope);
  }
  throw new HttpError(envelope.msg || appText('app.http.server_error'), envelope.code, envelope);
}

/** POSTs to a /sapi path and resolves with the envelope's data (see module doc). */
export async function sapi<T = any>(path: string, body: unknown = {}, options: SapiOptions = {}): Promise<T> {
  const endCall = beginCall(options.skipLoading);
  try {
    return await send<T>(path, body, options);
  } catch (error) {
    if (!options.signal?.aborted) logCallFailure(path, error, failureOf(error));
    throw error;
  } finally {
    endCall();
  }
}

/** What failed, for the error log: the envelope code, the HTTP status, a time-out or no answer. */
function failureOf(error: unknown): string {
  const e = error as { status?: number; body?: unknown } | undefined;
  if (e?.body && typeof e.body === 'object' && typeof (e.body as Envelope).code === 'number') return `code ${(e.body as Envelope).code}`;
  if (e?.status) return `HTTP ${e.status}`;
  return 'no answer';
}

async function send<T>(path: string, body: unknown, options: SapiOptions): Promise<T> {
  const timeout = options.timeout ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const onCallerAbort = () => controller.abort();
  if (options.signal) {
    if (options.signal.aborted) controller.abort();
    else options.signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': options.form ? 'application/x-www-form-urlencoded;charset=UTF-8' : 'application/json',
    'X-Time-Zone': formatTimeZone(),
    'X-Lang': getCurrentLocale(),
  };
  const token = getToken();
  if (token) headers['X-Token'] = token;

  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: options.form ? encodeForm(body) : JSON.stringify(body ?? {}),
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new HttpError(appText('app.http.timeout', { ms: timeout }), 0, null);
    if (options.signal?.aborted) throw error; // caller cancelled: let react-query see the AbortError
    const message = error instanceof Error && error.message ? error.message : appText('app.http.network_error');
    throw new HttpError(message, 0, null);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  const newToken = response.headers.get('X-New-Token');
  if (newToken) setToken(newToken);

  if (!response.ok) {
    if (response.status === 401 || response.status === 403) navigateTo('/401');
    else if (response.status === 404) navigateTo('/404');
    throw new HttpError(appText('app.http.http_error', { status: response.status }), response.status, null);
  }

  const contentType = response.headers.get('Content-Type') || '';
  if (!contentType.includes('json')) return (await response.blob()) as T;

  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new HttpError(appText('app.http.server_error'), 500, null);
  }
  return unwrapEnvelope(envelope, options);
}

/** Test hook: forget that a reload was scheduled. */
export function resetHttpStateForTests(): void {
  reloadScheduled = false;
  lastExpiryNotice = 0;
}
