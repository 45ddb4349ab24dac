/**
 * `/auth-redirect` (spec 2.1, open without a token): another page signs the user in by handing over a
 * session token, then the console goes on to the `redirect` query (an in-app path, else `/`).
 *
 * The token comes from the `token` query (`/auth-redirect?token=...&redirect=/sku/list/all`) or, without
 * one, from the page that opened this one: this page posts `{ type: 'wms:auth-redirect:ready' }` to
 * `window.opener` and takes the first `{ type: 'wms:auth-redirect:token', token }` posted back by that same
 * window from this origin (same origin only), within OPENER_TOKEN_TIMEOUT_MS. Without a token the user goes to
 * `/login?redirect=<redirect>`.
 */
import { safeRedirect } from '../screens/loginSchema';

export const OPENER_TOKEN_TIMEOUT_MS = 5000;
export const AUTH_READY_TYPE = 'wms:auth-redirect:ready';
export const AUTH_TOKEN_TYPE = 'wms:auth-redirect:token';
export const AUTH_REDIRECT_PATH = '/auth-redirect';

/** The token and the target of an /auth-redirect query string. */
export function readAuthRedirect(search: string): { token: string | null; target: string } {
  const params = new URLSearchParams(search);
  const token = params.get('token')?.trim() || null;
  const wanted = safeRedirect(params.get('redirect'));
  // never back to itself: that would loop
  const target = wanted === AUTH_REDIRECT_PATH || wanted.startsWith(`${AUTH_REDIRECT_PATH}?`) || wanted.startsWith(`${AUTH_REDIRECT_PATH}/`) ? '/' : wanted;
  return { token, target };
}

/**
 * Asks the opener for a token and resolves with it, or with null when there is no opener, or it sends
 * nothing usable in `timeoutMs`. Only messages from the opener window and from this origin count.
 */
export function tokenFromOpener(win: Window = window, timeoutMs = OPENER_TOKEN_TIMEOUT_MS): Promise<string | null> {
  const opener = win.opener as Window | null;
  if (!opener || opener.closed) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (token: string | null) => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      resolve(token);
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== win.location.origin || e.source !== opener) return;
      const data = e.data as { type?: unknown; token?: unknown } | null;
      if (data?.type === AUTH_TOKEN_TYPE && typeof data.token === 'string' && data.token.trim()) done(data.token.trim());
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    win.addEventListener('message', onMessage);
    try {
      opener.postMessage({ type: AUTH_READY_TYPE }, win.location.origin);
    } catch {
      done(null);
    }
  });
}
