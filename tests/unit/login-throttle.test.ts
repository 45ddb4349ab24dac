/** The login throttle's schedule with the default numbers stated in the README, and its time formatting (issue 12). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_THROTTLE, loginDelayMs, recordedName, wallTime } from '../../src/server/domain/login-throttle';
import { BCRYPT_COST, dummyPasswordHash, hashPassword } from '../../src/server/domain/passwords';

describe('login throttle defaults', () => {
  const d = DEFAULT_LOGIN_THROTTLE;

  it('waits 0.5 s at the 3rd failure of a name, doubling to a cap of 8 s', () => {
    // the wait before attempt n+1 given n failures already counted
    expect([0, 1, 2, 3, 4, 5, 6, 7, 9, 40].map((n) => loginDelayMs(n, 0, d))).toEqual([0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  });

  it('lets an address fail 10 times before it waits, and takes the longer of the two waits', () => {
    expect(loginDelayMs(0, 9, d)).toBe(0);
    expect(loginDelayMs(0, 10, d)).toBe(500);
    expect(loginDelayMs(0, 12, d)).toBe(2000);
    expect(loginDelayMs(3, 12, d)).toBe(2000);
    expect(loginDelayMs(6, 12, d)).toBe(8000);
  });

  it('locks a name after 10 failures in 15 minutes for 15 minutes, an address after 50', () => {
    expect(d).toMatchObject({ userLockAfter: 10, ipLockAfter: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 });
  });

  it('checks unknown names against a dummy hash of the stored hashes\' cost', async () => {
    const [dummy, real] = [await dummyPasswordHash(), await hashPassword('secret-1')];
    expect(dummy.slice(0, 7)).toBe(`$2b$${BCRYPT_COST}$`);
    expect(real.slice(0, 7)).toBe(dummy.slice(0, 7));
  });
});

describe('login throttle texts', () => {
  it('writes the end of a lock in the caller\'s zone, with the date when it is not today', () => {
    const now = new Date('2025-03-01T15:50:00Z');
    expect(wallTime(new Date('2025-03-01T16:05:00Z'), 0, now)).toBe('16:05');
    expect(wallTime(new Date('2025-03-01T16:05:00Z'), 8, now)).toBe('2025-03-02 00:05');
    expect(wallTime(new Date('2025-03-01T16:05:00Z'), -5, now)).toBe('11:05');
  });

  it('records a name without NUL and at most 100 characters', () => {
    expect(recordedName('a\0b')).toBe('a\uFFFDb');
    expect(recordedName('x'.repeat(300))).toHaveLength(100);
  });
});
