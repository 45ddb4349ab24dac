/**
 * Session token storage (spec 4: "a token is stored in browser local storage").
 *
 * The token lives under localStorage key `wms.token`. All access goes through these helpers so that
 * http.ts (X-Token, X-New-Token renewal) and authProvider (login, logout) agree, and so that code
 * running without `localStorage` (unit tests in node) does not crash.
 */
export const TOKEN_KEY = 'wms.token';
/** sessionStorage key of the tabs bar's tabs (layout/tabs/tabStore.ts): they belong to the session. */
export const TABS_KEY = 'wms.tabs';
/**
 * sessionStorage key of why the last session ended on its own (code 600, a stale token: spec 8), shown by the
 * login page until the next login or logout, so that the reload that follows a 600 does not swallow it.
 */
export const SESSION_END_KEY = 'wms.sessionEnd';

function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The stored session token, or null when logged out. */
export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) || null;
}

/** Stores (or, with an empty value, removes) the session token. */
export function setToken(token: string | null | undefined): void {
  const s = storage();
  if (!s) return;
  if (token) {
    s.setItem(TOKEN_KEY, token);
    sessionStore()?.removeItem(SESSION_END_KEY);
  } else s.removeItem(TOKEN_KEY);
}

/** Removes the session token (logout, code 600, failed user-detail check) and the session's tabs. */
export function clearToken(): void {
  setToken(null);
  sessionStore()?.removeItem(TABS_KEY);
}

/** Forgets why the last session ended (a deliberate logout: nothing to explain). */
export function forgetSessionEnd(): void {
  sessionStore()?.removeItem(SESSION_END_KEY);
}

/** Notes why the session ended on its own (see SESSION_END_KEY). */
export function noteSessionEnd(message: string): void {
  sessionStore()?.setItem(SESSION_END_KEY, message);
}

/** Why the last session ended on its own, if it did (and nobody logged in or out since). */
export function sessionEndNote(): string | null {
  return sessionStore()?.getItem(SESSION_END_KEY) ?? null;
}
