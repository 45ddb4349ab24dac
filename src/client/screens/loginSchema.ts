/** The shared login schema with translation keys (app.login.*) as messages, translated where shown. */
import * as yup from 'yup';
import { loginSchema as sharedLoginSchema } from '../../shared/login';

export { PASSWORD_MIN_LENGTH } from '../../shared/login';
export const loginSchema = sharedLoginSchema((rule) => `app.login.${rule}`);

export type LoginFormValues = yup.InferType<typeof loginSchema>;

/**
 * The `redirect` query of /login as a safe in-app path (spec 2.2), else '/'. Only absolute in-app paths
 * are accepted (no `//host`, no scheme, not the login page itself).
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return '/';
  return value;
}
