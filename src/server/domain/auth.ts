/**
 * Login, captcha, current user and logout (spec 4, 5, 7.2, 8; docs/architecture.md "Auth calls").
 *
 * Captchas: 4 characters as an SVG data URL, stored in sys_captcha, single use, 5 minutes. Checking one uses
 * it up whatever the outcome, atomically (one UPDATE ... RETURNING), so a guess can never be retried.
 * `testAnswer` (WMS_CAPTCHA_TEST_ANSWER, tests only) is accepted as the answer of any live captcha.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import * as yup from 'yup';
import { loginSchema, loginTexts } from '../../shared/login';
import { user } from '../../../generated/db/schema';
import { Status } from '../../../generated/shared/enums';
import { Code } from '../../shared/envelope';
import { requestLabels, rules, textField, type Lang } from '../../shared/validation';
import type { Db } from '../db/connect';
import { sysCaptcha } from '../db/internal-schema';
import type { BodyRule } from '../http/body';
import type { UserContext } from '../http/context';
import { BizError, fieldTextError, text } from '../http/errors';
import { createSession, sweepExpired } from '../http/session';
import { verifyPassword } from './passwords';

export const CAPTCHA_TTL_MS = 5 * 60_000;

/** POST /sapi/captcha/get {type?: 1.., time?}: `type` a whole number (default 1); `time` (cache buster) ignored. */
export const captchaBody: BodyRule<{ type?: number }> = {
  schema: (lang) => yup.object({ type: rules(lang, 'query').number(requestLabels.captchaType, { integer: true, min: 1, max: 100 }) }),
};

export async function newCaptcha(db: Db, type: number): Promise<{ captchaId: string; image: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f4f6f8' });
  const captchaId = randomUUID();
  await sweepExpired(db);
  await db.insert(sysCaptcha).values({ id: captchaId, type, answer: c.text.toLowerCase(), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** Uses the captcha up and tells whether `answer` was right (case-insensitive). */
export async function checkCaptcha(db: Db, captchaId: string, answer: string, testAnswer?: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(captchaId)) return false;
  const [row] = await db.update(sysCaptcha).set({ used: true })
    .where(and(eq(sysCaptcha.id, captchaId), eq(sysCaptcha.used, false), gt(sysCaptcha.expiresAt, sql`now()`)))
    .returning({ answer: sysCaptcha.answer });
  if (!row) return false;
  const given = answer.trim().toLowerCase();
  return given === row.answer || (testAnswer !== undefined && given === testAnswer.toLowerCase());
}

export interface LoginForm { username: string; password: string; captcha: string; captchaId: string }

/** POST /sapi/sys/user/login, form-encoded or JSON: the login form of spec 5 plus the captcha's id. */
export const loginBody: BodyRule<LoginForm> = {
  schema: (lang) => loginSchema((rule) => loginTexts[lang][rule]).shape({ captchaId: textField('wire', loginTexts[lang].captcha_required).required(loginTexts[lang].captcha_required) }),
};

/** Checks the captcha (always used up), then the password; returns a new session token. `form`: see loginBody. */
export async function login(db: Db, lang: Lang, form: LoginForm, testAnswer?: string): Promise<{ token: string }> {
  if (!(await checkCaptcha(db, form.captchaId, form.captcha, testAnswer))) throw fieldTextError(lang, { label: requestLabels.captcha, field: 'captcha' }, 'captchaWrong');
  const [u] = await db.select({ id: user.id, password: user.password, status: user.status }).from(user).where(eq(user.name, form.username));
  if (!u || !(await verifyPassword(form.password, u.password))) throw new BizError(Code.BAD_REQUEST, text(lang, 'loginFailed'));
  if (u.status !== Status.ENABLE) throw new BizError(Code.BAD_REQUEST, text(lang, 'userLocked'));
  return { token: await createSession(db, u.id) };
}

/** current/detail (spec 3 "User", 4): the user with `roles` (role and permission codes) and scope ids. */
export async function currentDetail(db: Db, ctx: UserContext) {
  const [u] = await db.select({ id: user.id, name: user.name, status: user.status, avatar: user.avatar, introduction: user.introduction, warehouseIds: user.warehouseIds, ownerIds: user.ownerIds }).from(user).where(eq(user.id, ctx.id));
  return { ...u, roles: ctx.roles };
}
