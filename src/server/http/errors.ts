/**
 * Business errors carry an envelope code (400, 403, 404, 409, 600) and a message for the user; the error
 * handler in app.ts turns them into `{code, msg, data: null}`. Anything else is a 500 with a generic msg.
 * Messages are keyed so they follow the caller's language (X-Lang). A message about a request field names it
 * by its label, through {@link fieldError} / fieldMessage (`{label}` in a text is where the label goes).
 */
import { Code } from '../../shared/envelope';
import { fieldProblem, type FieldProblem, type FieldRef, type Lang } from '../../shared/validation';

/** `place`: for an error about one request field, where it points (see FieldProblem); only the message is sent. */
export class BizError extends Error {
  constructor(readonly code: number, message: string, readonly place?: FieldProblem) { super(message); }
}

const texts = {
  notLoggedIn: { en: 'Not logged in or session expired', zh: '未登录或登录已失效' },
  forbidden: { en: 'Insufficient permission', zh: '权限不足' },
  notFound: { en: '{what} does not exist', zh: '{what}不存在' },
  duplicate: { en: 'A duplicate exists: {fields}', zh: '已存在重复数据：{fields}' },
  inUse: { en: 'It is still used by {what}', zh: '仍被{what}引用，不能删除' },
  captchaWrong: { en: '{label} is wrong or expired', zh: '{label}错误或已过期' },
  loginFailed: { en: 'Wrong user name or password', zh: '用户名或密码错误' },
  userLocked: { en: 'This account is locked', zh: '该账号已被锁定' },
  loginLockedUser: { en: 'Too many failed logins for this user name: logins are locked until {until} (another {minutes} min). Try again then, or ask an administrator to unlock it', zh: '该用户名登录失败次数过多，登录已锁定至 {until}（还需 {minutes} 分钟），请届时再试或请管理员解锁' },
  loginLockedIp: { en: 'Too many failed logins from your network address: logins from it are locked until {until} (another {minutes} min)', zh: '您的网络地址登录失败次数过多，来自该地址的登录已锁定至 {until}（还需 {minutes} 分钟）' },
  scopeDenied: { en: 'outside your data scope', zh: '超出您的数据权限范围' },
  unexpected: { en: 'Unexpected server error; it has been logged', zh: '服务器异常，已记录' },
  sealedPasswordLost: { en: "The connection's stored password cannot be decrypted with this installation's key (WMS_SECRET_KEY or secret.key changed): enter the password again", zh: '无法用本安装的密钥解密此连接保存的密码（WMS_SECRET_KEY 或 secret.key 已更改）：请重新输入密码' },
  builtInConnection: { en: "The product's own database connection cannot be changed or deleted", zh: '系统自带的数据库连接不能修改或删除' },
  dbUnreachable: { en: 'Cannot connect to the database at {host}:{port}: the server cannot be reached, is not PostgreSQL, or refused this database, user or password', zh: '无法连接 {host}:{port} 的数据库：服务器不可达、不是 PostgreSQL，或拒绝了该数据库、用户或密码' },
  dbUnsafeLogin: { en: 'The database user {user} holds {rights}: the query tool runs only as a user without superuser, server file, program or signal rights', zh: '数据库用户 {user} 拥有 {rights}：查询工具只能以没有超级用户、服务器文件、程序或信号权限的用户运行' },
  dbQueryRoleMissing: { en: "The query tool has no login of its own on the product's database, and the product's database user may not create one: set WMS_QUERY_DATABASE_URL to a user that may only read (docs/dbms.md)", zh: '查询工具在系统数据库上没有自己的登录用户，系统的数据库用户也无权创建：请将 WMS_QUERY_DATABASE_URL 设为只读用户（见 docs/dbms.md）' },
  dbEmbeddedRefused: { en: '{keyword} statements are not run on the embedded database: they could change the session\'s user or reach files', zh: '内嵌数据库不执行 {keyword} 语句：它们可能更改会话用户或访问文件' },
  lastAdmin: { en: 'The last active administrator cannot be locked, removed or lose the admin role', zh: '不能锁定、删除最后一个启用的管理员，或取消其管理员角色' },
  ownStatus: { en: 'you cannot change your own status', zh: '不能修改自己的状态' },
  selfRemove: { en: 'You cannot delete your own account', zh: '不能删除自己的账号' },
  adminRole: { en: 'The admin role cannot be deleted', zh: '不能删除管理员角色' },
  oldPasswordWrong: { en: '{label} is wrong', zh: '{label}错误' },
  insufficientInventory: { en: 'Insufficient inventory for selected product: {item}: available {available} (locked {locked}), requested {requested}', zh: '所选商品库存不足：{item}：可用 {available}（冻结 {locked}），需要 {requested}' },
  insufficientAvailable: { en: 'Insufficient inventory for selected product: {item}: available {available}, requested {requested}', zh: '所选商品库存不足：{item}：可用 {available}，需要 {requested}' },
  passwordsDiffer: { en: 'the two passwords do not match', zh: '两次输入的密码不一致' },
  badValue: { en: 'A value of the request is not valid or out of range', zh: '请求中的值无效或超出范围' },
  duplicateAny: { en: 'A duplicate exists', zh: '已存在重复数据' },
  badReference: { en: 'The request refers to a record that does not exist or is still in use', zh: '请求引用的记录不存在或仍被使用' },
} as const;
export type TextKey = keyof typeof texts;

/**
 * A stock item as messages name it: "SKU ROSE-30 (batch B1)", or "SKU ROSE-30" when it has no batch (issue 27:
 * "batch -" read like an internal placeholder). zh: "SKU ROSE-30（批次 B1）".
 */
export function stockItem(lang: Lang, sku: string, batchNo: string | null | undefined): string {
  if (!batchNo) return `SKU ${sku}`;
  return lang === 'zh' ? `SKU ${sku}（批次 ${batchNo}）` : `SKU ${sku} (batch ${batchNo})`;
}

/** `template` with each `{name}` replaced by `args[name]` (missing: ''): the one filler of every message table. */
export function fillText(template: string, args: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ''));
}

/** The text function of a module's own `{key: {en, zh}}` message table. */
export const textsOf = <K extends string>(table: Record<K, { en: string; zh: string }>) =>
  (lang: Lang, key: K, args: Record<string, string | number> = {}): string => fillText(table[key][lang], args);

export function text(lang: Lang, key: TextKey, args: Record<string, string> = {}): string {
  return fillText(texts[key][lang], args);
}

/**
 * A business error about one request field (default 400): `text` (a template, `{label}` = the field's label,
 * other `{name}`s from args) in the form of fieldMessage, e.g. "Old password is wrong", "Line 2: ...".
 */
export function fieldError(lang: Lang, at: FieldRef, template: string, args: Record<string, string | number> = {}, code: number = Code.BAD_REQUEST): BizError {
  const p = fieldProblem(lang, at, template, args);
  return new BizError(code, p.message, p);
}

/** One of the texts above about a field (fieldMessage form), e.g. fieldText('en', {label}, 'oldPasswordWrong'). */
export const fieldText = (lang: Lang, at: FieldRef, key: TextKey, args: Record<string, string> = {}) => fieldProblem(lang, at, texts[key][lang], args).message;
export const fieldTextError = (lang: Lang, at: FieldRef, key: TextKey, args: Record<string, string> = {}, code: number = Code.BAD_REQUEST) => fieldError(lang, at, texts[key][lang], args, code);

export const notLoggedIn = (lang: Lang) => new BizError(Code.NOT_LOGGED_IN, text(lang, 'notLoggedIn'));
export const forbidden = (lang: Lang) => new BizError(Code.FORBIDDEN, text(lang, 'forbidden'));
export const notFound = (lang: Lang, what: string) => new BizError(Code.NOT_FOUND, text(lang, 'notFound', { what }));

/** The PostgreSQL error under Drizzle's wrapper (PGlite and node-postgres both carry the SQLSTATE in `code`), if any. */
export function pgError(e: unknown): { code: string; constraint?: string; detail?: string; message?: string } | undefined {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined, i = 0; x && i < 5; x = x.cause as typeof x, i++) {
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) return x as never;
  }
  return undefined;
}

/**
 * The business error for a database error that the request's values caused, else undefined (issue 12: a
 * client's mistake is never a 500): SQLSTATE class 22 (data exception: invalid text representation 22P02,
 * numeric out of range 22003, bad encoding 22021, string too long 22001, bad date 22007/22008, ...) -> 400;
 * class 23 (integrity: a write the generic handlers did not map, crud/handlers.ts mapDbErrors) -> unique 409,
 * the others 400. The edge (http/body.ts) should refuse such values first; this is the net under it.
 */
export function clientDbError(e: unknown, lang: Lang): BizError | undefined {
  const code = pgError(e)?.code;
  if (!code) return undefined;
  if (code.startsWith('22')) return new BizError(Code.BAD_REQUEST, text(lang, 'badValue'));
  if (code === '23505') return new BizError(Code.CONFLICT, text(lang, 'duplicateAny'));
  if (code === '23503') return new BizError(Code.BAD_REQUEST, text(lang, 'badReference'));
  if (code.startsWith('23')) return new BizError(Code.BAD_REQUEST, text(lang, 'badValue'));
  return undefined;
}
