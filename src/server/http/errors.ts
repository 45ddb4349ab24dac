/**
 * Business errors carry an envelope code (400, 403, 404, 409, 600) and a message for the user; the error
 * handler in app.ts turns them into `{code, msg, data: null}`. Anything else is a 500 with a generic msg.
 * Messages are keyed so they follow the caller's language (X-Lang).
 */
import { Code } from '../../shared/envelope';
import type { Lang } from '../../shared/validation';

export class BizError extends Error {
  constructor(readonly code: number, message: string) { super(message); }
}

const texts = {
  notLoggedIn: { en: 'Not logged in or session expired', zh: '未登录或登录已失效' },
  forbidden: { en: 'Insufficient permission', zh: '权限不足' },
  notFound: { en: '{what} does not exist', zh: '{what}不存在' },
  duplicate: { en: 'A duplicate exists: {fields}', zh: '已存在重复数据：{fields}' },
  inUse: { en: 'It is still used by {what}', zh: '仍被{what}引用，不能删除' },
  captchaWrong: { en: 'The verification code is wrong or expired', zh: '验证码错误或已过期' },
  loginFailed: { en: 'Wrong user name or password', zh: '用户名或密码错误' },
  userLocked: { en: 'This account is locked', zh: '该账号已被锁定' },
  scopeDenied: { en: '{field}: outside your data scope', zh: '{field}：超出您的数据权限范围' },
  unexpected: { en: 'Unexpected server error; it has been logged', zh: '服务器异常，已记录' },
  lastAdmin: { en: 'The last active administrator cannot be locked, removed or lose the admin role', zh: '不能锁定、删除最后一个启用的管理员，或取消其管理员角色' },
  ownStatus: { en: 'status: you cannot change your own status', zh: 'status：不能修改自己的状态' },
  selfRemove: { en: 'You cannot delete your own account', zh: '不能删除自己的账号' },
  adminRole: { en: 'The admin role cannot be deleted', zh: '不能删除管理员角色' },
  oldPasswordRequired: { en: 'Old password cannot be empty', zh: '旧密码不能为空' },
  oldPasswordWrong: { en: 'The old password is wrong', zh: '旧密码错误' },
  insufficientInventory: { en: 'Insufficient inventory for selected product: SKU {sku}, batch {batch}: available {available} (locked {locked}), requested {requested}', zh: '所选商品库存不足：SKU {sku}，批次 {batch}：可用 {available}（冻结 {locked}），需要 {requested}' },
  insufficientAvailable: { en: 'Insufficient inventory for selected product: SKU {sku}, batch {batch}: available {available}, requested {requested}', zh: '所选商品库存不足：SKU {sku}，批次 {batch}：可用 {available}，需要 {requested}' },
  passwordsDiffer: { en: 'The two passwords do not match', zh: '两次输入的密码不一致' },
} as const;
export type TextKey = keyof typeof texts;

export function text(lang: Lang, key: TextKey, args: Record<string, string> = {}): string {
  return texts[key][lang].replace(/\{(\w+)\}/g, (_, k) => args[k] ?? '');
}

export const notLoggedIn = (lang: Lang) => new BizError(Code.NOT_LOGGED_IN, text(lang, 'notLoggedIn'));
export const forbidden = (lang: Lang) => new BizError(Code.FORBIDDEN, text(lang, 'forbidden'));
export const notFound = (lang: Lang, what: string) => new BizError(Code.NOT_FOUND, text(lang, 'notFound', { what }));
