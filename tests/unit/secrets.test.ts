import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installationKey, secretBox } from '../../src/server/domain/secrets';

describe('secrets at rest', () => {
  it('round-trips, uses a fresh iv and refuses another key or a changed value', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wms-secret-'));
    const box = secretBox(installationKey(dir, {}));
    const a = box.seal('p@ss 密码');
    expect(a).not.toContain('p@ss');
    expect(box.seal('p@ss 密码')).not.toBe(a);
    expect(box.open(a)).toBe('p@ss 密码');
    const other = secretBox(installationKey(mkdtempSync(join(tmpdir(), 'wms-secret-')), {}));
    expect(() => other.open(a)).toThrow('secret cannot be decrypted');
    const parts = a.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow('secret cannot be decrypted');
  });

  it('keeps the generated key in the data folder (0600) and prefers WMS_SECRET_KEY', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wms-secret-'));
    const first = installationKey(dir, {});
    expect(installationKey(dir, {}).equals(first)).toBe(true);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    const fromEnv = installationKey(dir, { WMS_SECRET_KEY: 'a long shared passphrase' });
    expect(fromEnv.equals(first)).toBe(false);
    expect(() => installationKey(dir, { WMS_SECRET_KEY: 'short' })).toThrow('at least 16');
  });

  it('gives an in-memory installation one key for the life of the process, written nowhere', () => {
    const a = installationKey('memory://one', {});
    expect(installationKey('memory://two', {}).equals(a)).toBe(true);
    expect(a.length).toBe(32);
  });
});
