/** Password hashing with bcrypt (cost 10, ~60 ms a hash on this machine's class of CPU). */
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** bcrypt cost of every stored hash and of the dummy hash below (they must match for equal timing). */
export const BCRYPT_COST = 10;

export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, BCRYPT_COST);
export const verifyPassword = (plain: string, hash: string): Promise<boolean> => bcrypt.compare(plain, hash);

let dummy: Promise<string> | undefined;

/**
 * A hash of a random secret at the same cost as stored ones: a login for an unknown user name is checked
 * against it, so it takes as long as one for a real user and the time does not tell which names exist
 * (issue 12). Made once per process, at the first call (the app warms it at start).
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
