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
  if (token) s.setItem(TOKEN_KEY, token);
  else s.removeItem(TOKEN_KEY);
}

/** Removes the session token (logout, code 600, failed user-detail check) and the session's tabs. */
export function clearToken(): void {
  setToken(null);
  try {
    if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(TABS_KEY);
  } catch {
    // no session storage: nothing kept
  }
}
