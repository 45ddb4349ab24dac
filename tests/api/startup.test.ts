/** A database that cannot be opened stops the start with a one-line reason (issue 2 "Bad input"). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DatabaseOpenError, openDatabase } from '../../src/server/db/connect';

describe('opening the database', () => {
  it('refuses a data directory that is a file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wms-')), 'not-a-dir');
    writeFileSync(file, 'x');
    await expect(openDatabase({ dataDir: file })).rejects.toThrow(DatabaseOpenError);
    await expect(openDatabase({ dataDir: file })).rejects.toThrow(/cannot use data directory .*not-a-dir: it is not a directory/);
  });

  it('refuses a PostgreSQL that does not answer', async () => {
    await expect(openDatabase({ dataDir: 'unused', databaseUrl: 'postgres://nobody@127.0.0.1:1/wms' })).rejects.toThrow(/^cannot connect to PostgreSQL at 127\.0\.0\.1:1\/wms: /);
  });

  it('makes the server exit 1 with one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wms-'));
    writeFileSync(join(dir, 'file'), 'x');
    let out = '';
    let status = 0;
    try {
      execFileSync(join(import.meta.dirname, '../../node_modules/.bin/tsx'), [join(import.meta.dirname, '../../src/server/main.ts')], { env: { ...process.env, DATABASE_URL: '', WMS_DATA_DIR: join(dir, 'file'), PORT: '0' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      const err = e as { status: number; stderr: string };
      status = err.status;
      out = err.stderr;
    }
    expect(status).toBe(1);
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(out).toMatch(/^WMS cannot start: cannot use data directory/);
  });
});
