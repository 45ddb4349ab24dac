/**
 * Login form rules (spec 5 "Login messages"): username cannot be empty; password cannot be empty and its
 * length cannot be less than 6; verification code cannot be empty. Messages are translation keys
 * (app.login.*), translated where shown. Username and code are trimmed.
 */
import * as yup from 'yup';

export const PASSWORD_MIN_LENGTH = 6;

export const loginSchema = yup.object({
  username: yup.string().trim().required('app.login.username_required'),
  password: yup.string().required('app.login.password_required').min(PASSWORD_MIN_LENGTH, 'app.login.password_min'),
  captcha: yup.string().trim().required('app.login.captcha_required'),
});

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
