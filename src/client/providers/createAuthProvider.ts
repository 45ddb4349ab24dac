/**
 * Builds the react-admin v5 auth provider (spec 2.2, 4, 6, 8; docs/architecture.md "Auth calls").
 *
 * - login({username, password, captcha, captchaId}): form-encoded POST /sapi/sys/user/login -> {token},
 *   stored under `wms.token`.
 * - logout(): POST /sapi/sys/user/logout (errors ignored), clears token and cached user; returns the login
 *   URL `/login?redirect=<current path>` (react-admin navigates there).
 * - checkAuth(): rejects `{redirectTo: '/login?redirect=' + encodeURIComponent(path)}` without a token.
 * - checkError(error): rejects only for code 600 (http.ts already notified and cleared the token).
 * - getIdentity() / getPermissions(): from POST /sapi/sys/user/current/detail, cached per token.
 *   `roles` must be an array ('roles must be a non-null array', spec 8). When the check fails the token is
 *   cleared, 'Verification failed, please login again' is shown and the user goes to '/' (spec 4, 8),
 *   which without a token is `/login?redirect=%2F`.
 * - canAccess({resource, action}): access.ts rule (generated `accessCodes`) over the user's roles; without
 *   a live session it answers true and leaves the redirect to login to checkAuth / checkError.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import { endSessionWith, sapi, CODE_NOT_LOGGED_IN } from './http';
import { getToken, setToken, clearToken, forgetSessionEnd } from './session';
import { appText } from './locale';
import { navigateTo, notify } from './bridge';
import { canAccessWith, type AccessCodes } from './access';

export interface LoginParams {
  username: string;
  password: string;
  captcha: string;
  captchaId: string;
}

/** POST /sapi/sys/user/current/detail data. */
export interface CurrentUser {
  id: number;
  name: string;
  status?: number;
  avatar?: string;
  introduction?: string;
  roles: string[];
  warehouseIds?: number[];
  ownerIds?: number[];
}

export const LOGIN_PATH = '/sapi/sys/user/login';
export const LOGOUT_PATH = '/sapi/sys/user/logout';
export const CURRENT_USER_PATH = '/sapi/sys/user/current/detail';

/** Current router path (BrowserRouter: the window location). */
function currentPath(): string {
  if (typeof window === 'undefined' || !window.location) return '/';
  return window.location.pathname + window.location.search;
}

/** Spec 2.2: `/login?redirect=<wanted path>`; plain `/login` when already on the login page. */
export function loginUrlFor(path: string): string {
  if (!path || path === '/login' || path.startsWith('/login?') || path.startsWith('/login/')) return '/login';
  return `/login?redirect=${encodeURIComponent(path)}`;
}

class UserCheckError extends Error {}

export function createAuthProvider(accessCodes: AccessCodes): AuthProvider & { getUser(): Promise<CurrentUser> } {
  let cache: { token: string; promise: Promise<CurrentUser> } | null = null;

  async function fetchUser(): Promise<CurrentUser> {
    // a 600 here is a failed token check, worded by getUser (spec 8), not the plain session-expired notice
    const data = await sapi<CurrentUser | null>(CURRENT_USER_PATH, {}, { quietSessionExpiry: true });
    if (!data) throw new UserCheckError(appText('app.auth.verification_failed'));
    if (!Array.isArray(data.roles)) throw new UserCheckError(appText('app.auth.roles_required'));
    return data;
  }

  /** The current user, fetched once per token. */
  function getUser(): Promise<CurrentUser> {
    const token = getToken();
    if (!token) return Promise.reject(new Error(appText('app.http.session_expired')));
    if (cache && cache.token === token) return cache.promise;
    const promise = fetchUser().catch((error: unknown) => {
      if (cache?.promise === promise) cache = null;
      const status = (error as { status?: number })?.status;
      // a stale or unknown token (spec 8): say so and forget it; the caller's auth check then opens the login
      // page with the wanted path (never /401, which needs no token and would keep the user there)
      if (status === CODE_NOT_LOGGED_IN) endSessionWith(appText('app.auth.verification_failed'));
      // status 0: no answer (network down, or the request cut by leaving the page): not a failed check,
      // so the session stays; clearing it here logged users out when they opened a page mid-request
      if (status !== CODE_NOT_LOGGED_IN && status !== 0) {
        // spec 4/8: token check failure -> clear token, show the message, go home; home needs a
        // token, so go straight to the login page that returns there.
        clearToken();
        notify(
          error instanceof UserCheckError ? error.message : appText('app.auth.verification_failed'),
          'error',
        );
        navigateTo(loginUrlFor('/'));
      }
      throw error;
    });
    cache = { token, promise };
    return promise;
  }

  return {
    async login(params: LoginParams) {
      const { username, password, captcha, captchaId } = params;
      const data = await sapi<{ token: string }>(LOGIN_PATH, { username, password, captcha, captchaId }, { form: true });
      cache = null;
      setToken(data?.token);
    },

    async logout() {
      const token = getToken();
      cache = null;
      if (token) {
        try {
          await sapi(LOGOUT_PATH, {}, { quietSessionExpiry: true });
        } catch {
          // logging out locally is enough
        }
      }
      clearToken();
      if (token) forgetSessionEnd();
      // already on the login page (a stale token sent the user there): keep its redirect
      const here = currentPath();
      return here === '/login' || here.startsWith('/login?') ? here : loginUrlFor(here);
    },

    async checkAuth() {
      if (!getToken()) throw { redirectTo: loginUrlFor(currentPath()), message: false };
    },

    async checkError(error: { status?: number } | undefined) {
      if (error?.status === CODE_NOT_LOGGED_IN) {
        clearToken();
        cache = null;
        throw { message: false };
      }
    },

    async getIdentity(): Promise<UserIdentity> {
      const user = await getUser();
      return { id: user.id, fullName: user.name, avatar: user.avatar || undefined, user };
    },

    async getPermissions() {
      // no token: no codes (the route guard sends such a user to the login page, not to /401)
      if (!getToken()) return [];
      return (await getUser()).roles;
    },

    async canAccess({ resource, action }) {
      // Without a live session the auth check (checkAuth / checkError), not the access check, decides:
      // answering false here would send a logged-out user to /401 instead of /login?redirect=<path>.
      if (!getToken()) return true;
      let roles: string[];
      try {
        roles = (await getUser()).roles;
      } catch (error) {
        if ((error as { status?: number })?.status === CODE_NOT_LOGGED_IN) return true;
        throw error;
      }
      return canAccessWith(roles, resource, action, accessCodes);
    },

    getUser,
  };
}
