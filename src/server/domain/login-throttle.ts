/**
 * Login throttling (issue 12; README "Login throttling"): per user name and per client IP, recent password
 * failures add a growing wait before the next check, and enough of them lock logins for a while. Every
 * counter is read from sys_login_attempt (internal-schema.ts), so several instances on one database share
 * the state, and nothing is kept in memory. Times come from the database clock (`now()`).
 *
 * Counting: a user name's failures since the latest of (now - window, its last success, unlock or lock); an
 * IP's failures since the latest of (now - window, its last lock). A success does not reset an IP (one's own
 * account would otherwise reset the counter of a guesser). Attempts refused during a lock are recorded but do
 * not count.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { sysLoginAttempt } from '../db/internal-schema';
import type { Lang } from '../../shared/validation';
import { Code } from '../../shared/envelope';
import { BizError, text } from '../http/errors';

/** The rules; times in ms. Defaults: {@link DEFAULT_LOGIN_THROTTLE}. */
export interface LoginThrottleSettings {
  /** Failures of a user name that cost no wait (the next one waits `delayBaseMs`). */
  userFreeFailures: number;
  /** Failures from one IP that cost no wait. */
  ipFreeFailures: number;
  /** The first wait; each further failure doubles it, up to `delayCapMs`. */
  delayBaseMs: number;
  delayCapMs: number;
  /** Failures of a user name within the window that lock it. */
  userLockAfter: number;
  /** Failures from one IP within the window that lock logins from it. */
  ipLockAfter: number;
  windowMs: number;
  lockMs: number;
}

/** 3rd failure of a name waits 0.5 s, then 1, 2, 4, 8 s (cap); 10 in 15 min lock the name 15 min; per IP: waits from the 11th, 50 lock it. */
export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  userFreeFailures: 2, ipFreeFailures: 10, delayBaseMs: 500, delayCapMs: 8_000,
  userLockAfter: 10, ipLockAfter: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000,
};

export type LoginOutcome = 'fail' | 'success' | 'disabled' | 'locked' | 'lock_user' | 'lock_ip' | 'unlock';

/** A lock in force: who it holds (`user` name or `ip`), until when, and how long that still is (ms). */
export interface LoginLock { scope: 'user' | 'ip'; until: Date; remainingMs: number }

/** The counters and locks for one login attempt. */
export interface ThrottleState { userFailures: number; ipFailures: number; lock?: LoginLock }

/** The wait (ms) before checking a password, given the failures already counted for the name and the IP. */
export function loginDelayMs(userFailures: number, ipFailures: number, s: LoginThrottleSettings): number {
  const one = (n: number, free: number) => (n < free ? 0 : Math.min(s.delayBaseMs * 2 ** (n - free), s.delayCapMs));
  return Math.max(one(userFailures, s.userFreeFailures), one(ipFailures, s.ipFreeFailures));
}

/** A name as recorded: bounded, and without NUL (which text columns refuse). */
export const recordedName = (name: string) => name.replace(/\0/g, '\uFFFD').slice(0, 100);

const interval = (ms: number) => sql`(${Math.round(ms)}::int * interval '1 millisecond')`;

/** Reads both counters and the lock in force (the user name's first), in one statement. */
export async function throttleState(db: Db, userName: string, ip: string, s: LoginThrottleSettings): Promise<ThrottleState> {
  const name = recordedName(userName);
  const horizon = interval(Math.max(s.windowMs, s.lockMs));
  const window = interval(s.windowMs);
  const result = await db.execute(sql`
    with u as (
      select * from sys_login_attempt where user_name = ${name} and at > now() - ${horizon}
    ), i as (
      select * from sys_login_attempt where ip = ${ip} and at > now() - ${horizon}
    ), us as (
      select greatest(now() - ${window}, max(at) filter (where outcome in ('success', 'unlock', 'lock_user'))) as since,
             max(at) filter (where outcome = 'unlock') as unlocked_at from u
    ), ips as (
      select greatest(now() - ${window}, max(at) filter (where outcome = 'lock_ip')) as since from i
    )
    select
      (select count(*) from u, us where u.outcome = 'fail' and u.at > us.since)::int as user_failures,
      (select count(*) from i, ips where i.outcome = 'fail' and i.at > ips.since)::int as ip_failures,
      (select max(locked_until) from u, us where u.outcome = 'lock_user' and u.locked_until > now()
         and (us.unlocked_at is null or u.at > us.unlocked_at)) as user_until,
      (select max(locked_until) from i where i.outcome = 'lock_ip' and i.locked_until > now()) as ip_until,
      now() as now`);
  const [r] = (result as unknown as { rows: Array<{ user_failures: number; ip_failures: number; user_until: string | Date | null; ip_until: string | Date | null; now: string | Date }> }).rows;
  const now = new Date(r.now).getTime();
  const lockOf = (scope: LoginLock['scope'], v: string | Date | null): LoginLock | undefined => {
    if (v === null) return undefined;
    const until = new Date(v);
    return { scope, until, remainingMs: until.getTime() - now };
  };
  return { userFailures: Number(r.user_failures), ipFailures: Number(r.ip_failures), lock: lockOf('user', r.user_until) ?? lockOf('ip', r.ip_until) };
}

/** Records one row of the login log; returns its id. */
export async function recordAttempt(db: Db, userName: string, ip: string, outcome: LoginOutcome, extra: { lockedUntil?: Date; byUserId?: number } = {}): Promise<number> {
  const [row] = await db.insert(sysLoginAttempt).values({ userName: recordedName(userName), ip, outcome, ...extra }).returning({ id: sysLoginAttempt.id });
  return row.id;
}

/** Sets the outcome of a recorded attempt (an attempt is recorded as `fail` before its check, see auth.ts). */
export async function settleAttempt(db: Db, id: number, outcome: LoginOutcome): Promise<void> {
  await db.update(sysLoginAttempt).set({ outcome }).where(eq(sysLoginAttempt.id, id));
}

/**
 * After a failure: locks the user name and/or the IP when their counters reached the threshold and no lock is
 * in force yet; returns the lock now in force, if any (user name first). Two instances may both add a lock
 * row at the same moment; that is harmless (the later `lockedUntil` wins).
 */
export async function lockIfDue(db: Db, userName: string, ip: string, s: LoginThrottleSettings): Promise<LoginLock | undefined> {
  const st = await throttleState(db, userName, ip, s);
  if (st.lock) return st.lock;
  const add = async (scope: LoginLock['scope'], outcome: 'lock_user' | 'lock_ip'): Promise<LoginLock> => {
    const result = await db.execute(sql`insert into sys_login_attempt (user_name, ip, outcome, locked_until)
      values (${recordedName(userName)}, ${ip}, ${outcome}, now() + ${interval(s.lockMs)}) returning locked_until, now() as now`);
    const [r] = (result as unknown as { rows: Array<{ locked_until: string | Date; now: string | Date }> }).rows;
    const until = new Date(r.locked_until);
    return { scope, until, remainingMs: until.getTime() - new Date(r.now).getTime() };
  };
  const userLock = st.userFailures >= s.userLockAfter ? await add('user', 'lock_user') : undefined;
  const ipLock = st.ipFailures >= s.ipLockAfter ? await add('ip', 'lock_ip') : undefined;
  return userLock ?? ipLock;
}

/** "14:35", or "2025-03-02 00:10" when that is not today, in the caller's zone (`tzHours` east of UTC). */
export function wallTime(at: Date, tzHours: number, now: Date = new Date()): string {
  const shift = (d: Date) => new Date(d.getTime() + tzHours * 3_600_000).toISOString();
  const [day, time] = [shift(at).slice(0, 10), shift(at).slice(11, 16)];
  return day === shift(now).slice(0, 10) ? time : `${day} ${time}`;
}

/** The 400 for a login refused by `lock`: until when (caller's zone) and for how many more minutes. */
export function lockError(lang: Lang, tzHours: number, lock: LoginLock): BizError {
  const minutes = String(Math.max(1, Math.ceil(lock.remainingMs / 60_000)));
  return new BizError(Code.BAD_REQUEST, text(lang, lock.scope === 'user' ? 'loginLockedUser' : 'loginLockedIp', { until: wallTime(lock.until, tzHours), minutes }));
}
