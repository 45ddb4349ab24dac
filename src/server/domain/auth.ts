/**
 * Login, captcha, current user and logout (spec 4, 5, 7.2, 8; docs/architecture.md "Auth calls").
 *
 * Captchas: 4 characters as an SVG data URL, stored in sys_captcha, single use, 5 minutes. Checking one uses
 * it up whatever the outcome, atomically (one UPDATE ... RETURNING), so a guess can never be retried.
 * `testAnswer` (WMS_CAPTCHA_TEST_ANSWER, tests only) is accepted as the answer of any live captcha.
 * Login throttling and its log: login-throttle.ts.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { and, eq, gt, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { loginSchema, loginTexts } from '../../shared/login';
import { user } from '../../../generated/db/schema';
import { bindings } from '../../../generated/server/routes';
import { Status } from '../../../generated/shared/enums';
import { Code } from '../../shared/envelope';
import { requestLabels, rules, textField } from '../../shared/validation';
import { findInScope, type CrudCall } from '../crud/handlers';
import type { Db } from '../db/connect';
import { sysCaptcha } from '../db/internal-schema';
import type { BodyRule } from '../http/body';
import type { RequestContext, UserContext } from '../http/context';
import { BizError, fieldTextError, text } from '../http/errors';
import { createSession, sweepExpired } from '../http/session';
import { requireUserInReach } from './grants';
import { DEFAULT_LOGIN_THROTTLE, lockError, lockIfDue, loginDelayMs, recordAttempt, settleAttempt, throttleState, type LoginLock, type LoginThrottleSettings } from './login-throttle';
import { dummyPasswordHash, verifyPassword } from './passwords';

export const CAPTCHA_TTL_MS = 5 * 60_000;

/** POST /sapi/captcha/get {type?: 1.., time?}: `type` a whole number (default 1); `time` (cache buster) ignored. */
export const captchaBody: BodyRule<{ type?: number }> = {
  schema: (lang) => yup.object({ type: rules(lang, 'query').number(requestLabels.captchaType, { integer: true, min: 1, max: 100 }) }),
};

export async function newCaptcha(db: Db, type: number): Promise<{ captchaId: string; image: string }> {
  // loaded at the first captcha, not with the server (its fonts are ~4 MB of memory)
  const { default: svgCaptcha } = await import('svg-captcha');
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

/** Where a login comes from and the rules it meets (app.ts fills it from the request and the config). */
export interface LoginOptions {
  /** The client address (Fastify's req.ip, see config.trustProxy). */
  ip: string;
  /** WMS_CAPTCHA_TEST_ANSWER (tests only). */
  testAnswer?: string;
  throttle?: Partial<LoginThrottleSettings>;
}

/**
 * POST /sapi/sys/user/login (spec 7.2; issue 12 "Login"): checks the form, uses the captcha up, refuses while
 * the user name or the IP is locked, records the attempt (as a failure until proven right, so parallel guesses
 * count each other), waits the throttle's delay (a timer: no event loop or transaction is held), then checks
 * the password: against the user's hash, or a dummy hash of the same cost for an unknown name, so both take
 * the same time. A failure that reaches a threshold locks and says until when. Returns a new session token.
 * `form` passed loginBody at the edge. Errors (400): wrong captcha, locked (user name or IP), wrong name or password, account locked.
 */
export async function login(db: Db, ctx: RequestContext, form: LoginForm, opts: LoginOptions): Promise<{ token: string }> {
  const { lang } = ctx;
  const limits = { ...DEFAULT_LOGIN_THROTTLE, ...opts.throttle };
  if (!(await checkCaptcha(db, form.captchaId, form.captcha, opts.testAnswer))) throw fieldTextError(lang, { label: requestLabels.captcha, field: 'captcha' }, 'captchaWrong');
  const name = form.username;
  const refuse = async (lock: LoginLock, attemptId?: number) => {
    if (attemptId === undefined) await recordAttempt(db, name, opts.ip, 'locked');
    else await settleAttempt(db, attemptId, 'locked');
    return lockError(lang, ctx.tzHours, lock);
  };
  const before = await throttleState(db, name, opts.ip, limits);
  if (before.lock) throw await refuse(before.lock);
  const attemptId = await recordAttempt(db, name, opts.ip, 'fail');
  const wait = loginDelayMs(before.userFailures, before.ipFailures, limits);
  if (wait > 0) {
    await setTimeout(wait);
    // a lock begun while this attempt waited (guesses sent in parallel) ends it unchecked
    const during = await throttleState(db, name, opts.ip, limits);
    if (during.lock) throw await refuse(during.lock, attemptId);
  }
  // a name with NUL names no user (and PostgreSQL text refuses it)
  const [u] = name.includes('\0') ? [] : await db.select({ id: user.id, password: user.password, status: user.status }).from(user).where(eq(user.name, name));
  const right = await verifyPassword(form.password, u?.password ?? await dummyPasswordHash());
  if (!u || !right) {
    const lock = await lockIfDue(db, name, opts.ip, limits);
    throw lock ? lockError(lang, ctx.tzHours, lock) : new BizError(Code.BAD_REQUEST, text(lang, 'loginFailed'));
  }
  if (u.status !== Status.ENABLE) {
    await settleAttempt(db, attemptId, 'disabled');
    throw new BizError(Code.BAD_REQUEST, text(lang, 'userLocked'));
  }
  await settleAttempt(db, attemptId, 'success');
  return { token: await createSession(db, u.id) };
}

/**
 * POST /sapi/sys/user/unlockLogin {id} (code: the user resource's edit code; issue 12): lifts a login lock of
 * that user's name and clears its failure count (the IP locks stay until they end). Recorded as `unlock` with
 * the admin's id and address. Returns whether a lock was in force. 404 for a user outside the caller's reach.
 */
export async function unlockLogin(call: CrudCall, ip: string, throttle?: Partial<LoginThrottleSettings>): Promise<{ wasLocked: boolean }> {
  const target = await findInScope(call, bindings.user, call.body.id);
  await requireUserInReach(call, target);
  const state = await throttleState(call.db, String(target.name), '', { ...DEFAULT_LOGIN_THROTTLE, ...throttle });
  await recordAttempt(call.db, String(target.name), ip, 'unlock', { byUserId: call.user.id });
  return { wasLocked: state.lock?.scope === 'user' };
}

/** current/detail (spec 3 "User", 4): the user with `roles` (role and permission codes) and scope ids. */
export async function currentDetail(db: Db, ctx: UserContext) {
  const [u] = await db.select({ id: user.id, name: user.name, status: user.status, avatar: user.avatar, introduction: user.introduction, warehouseIds: user.warehouseIds, ownerIds: user.ownerIds }).from(user).where(eq(user.id, ctx.id));
  return { ...u, roles: ctx.roles };
}
