/**
 * Secrets at rest (issue 15 database connections, issue 17 carrier credentials): AES-256-GCM with one key per
 * installation. The key comes from `WMS_SECRET_KEY` (any text of 16+ characters; hashed with SHA-256 to 32 bytes)
 * or, when unset, from `<WMS_DATA_DIR>/secret.key`, written on first use with 32 random bytes (mode 0600).
 * Several instances on one PostgreSQL must share `WMS_SECRET_KEY` (their data folders differ). An in-memory
 * data folder (`memory://`, the tests' PGlite) has nowhere to keep a key: it gets one random key per process.
 *
 * Stored form: `v1:<iv base64>:<auth tag base64>:<cipher text base64>` (iv 12 bytes, tag 16 bytes). A stored
 * value is decrypted only on the server, to use it; no call returns it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'v1';
/** The key of an in-memory installation, made on first use and kept for the life of the process. */
let processKey: Buffer | undefined;

/** A key ring of one key: encrypt and decrypt texts. */
export interface SecretBox {
  /** Cipher text of `plain` (a new random iv each time). */
  seal(plain: string): string;
  /**
   * The plain text of a value made by `seal` with the same key.
   * @throws Error('secret cannot be decrypted') for a value of another key, a changed value or another format.
   */
  open(sealed: string): string;
}

/** A box with this 32-byte key. */
export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [PREFIX, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    open(sealed) {
      const [prefix, iv, tag, body] = sealed.split(':');
      if (prefix !== PREFIX || !iv || !tag || body === undefined) throw new Error('secret cannot be decrypted');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('secret cannot be decrypted');
      }
    },
  };
}

/**
 * The installation's key: SHA-256 of `WMS_SECRET_KEY` when set, else the 32 bytes kept in `<dataDir>/secret.key`
 * (created on first call).
 * @throws Error when `WMS_SECRET_KEY` is set but shorter than 16 characters.
 */
export function installationKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const configured = env.WMS_SECRET_KEY;
  if (configured) {
    if (configured.length < 16) throw new Error('WMS_SECRET_KEY must be at least 16 characters');
    return createHash('sha256').update(configured, 'utf8').digest();
  }
  if (dataDir.startsWith('memory://')) return (processKey ??= randomBytes(32));
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process on this data folder wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    throw error;
  }
  chmodSync(file, 0o600);
  return key;
}
