/**
 * The login form (spec 5 "Login messages"): username cannot be empty; password cannot be empty and its
 * length cannot be less than 6; verification code cannot be empty. One schema for the login page and the
 * server; `message` turns a rule key into the text shown (the page passes translation keys, the server
 * the texts of the caller's language).
 */
import * as yup from 'yup';
import type { Lang } from './validation';

export const PASSWORD_MIN_LENGTH = 6;
export type LoginRule = 'username_required' | 'password_required' | 'password_min' | 'captcha_required';

/** The texts of the login rules; the console's messages (app.login.*) use these too. */
export const loginTexts: Record<Lang, Record<LoginRule, string>> = {
  en: { username_required: 'Username cannot be empty', password_required: 'Password cannot be empty', password_min: 'Password length cannot be less than 6', captcha_required: 'Verification code cannot be empty' },
  zh: { username_required: '用户名不能为空', password_required: '密码不能为空', password_min: '密码长度不能少于6位', captcha_required: '验证码不能为空' },
};

export function loginSchema(message: (rule: LoginRule) => string) {
  return yup.object({
    username: yup.string().trim().required(message('username_required')),
    password: yup.string().required(message('password_required')).min(PASSWORD_MIN_LENGTH, message('password_min')),
    captcha: yup.string().trim().required(message('captcha_required')),
  });
}
