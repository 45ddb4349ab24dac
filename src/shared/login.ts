/**
 * The login form (spec 5 "Login messages"): username cannot be empty; password cannot be empty and its
 * length cannot be less than 6; verification code cannot be empty. One schema for the login page and the
 * server; `message` turns a rule key into the text shown (the page passes translation keys, the server
 * the texts of the caller's language).
 */
import * as yup from 'yup';
import { textField, type Lang, type Source } from './validation';

export const PASSWORD_MIN_LENGTH = 6;
export type LoginRule = 'username_required' | 'password_required' | 'password_min' | 'captcha_required';

/** The texts of the login rules; the console's messages (app.login.*) use these too. */
export const loginTexts: Record<Lang, Record<LoginRule, string>> = {
  en: { username_required: 'Username cannot be empty', password_required: 'Password cannot be empty', password_min: 'Password length cannot be less than 6', captcha_required: 'Verification code cannot be empty' },
  zh: { username_required: '用户名不能为空', password_required: '密码不能为空', password_min: '密码长度不能少于6位', captcha_required: '验证码不能为空' },
};

/** `source`: see rules() in validation.ts (the server takes the body as typed; the page's inputs are text anyway). */
export function loginSchema(message: (rule: LoginRule) => string, source: Source = 'wire') {
  const text = (rule: LoginRule) => textField(source, message(rule)).required(message(rule));
  return yup.object({
    username: text('username_required'),
    password: textField(source, message('password_required'), false).required(message('password_required')).min(PASSWORD_MIN_LENGTH, message('password_min')),
    captcha: text('captcha_required'),
  });
}
