/**
 * A local S3-compatible server for the file store tests (issue 28): @20minutes/s3rver (a maintained fork of
 * s3rver) in a child process, so its memory is not counted in the app's and a test can stop it. Objects live in
 * a temp folder removed at close. Credentials: s3rver's built-in account; its SigV4 check is off
 * (allowMismatchedSignatures): it computes some of the current SDK's canonical requests differently, and the
 * signing is the SDK's business, not what these tests prove.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Settings } from '../../src/server/domain/files/s3-storage';

export interface S3Fake { settings: S3Settings; stop(): Promise<void> }

const SERVER = `
const S3rver = require('@20minutes/s3rver');
new S3rver({ address: '127.0.0.1', port: 0, silent: true, allowMismatchedSignatures: true, directory: process.argv[1], configureBuckets: [{ name: 'wms' }] })
  .run().then((a) => process.stdout.write(JSON.stringify(a) + '\\n'), (e) => { console.error(e); process.exit(1); });
`;

/** Starts the server with bucket `wms`; `settings` are the S3 store's (path style, s3rver's keys). */
export async function startS3Fake(): Promise<S3Fake> {
  const dir = mkdtempSync(join(tmpdir(), 'wms-s3-'));
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER, dir], { stdio: ['ignore', 'pipe', 'inherit'], cwd: join(import.meta.dirname, '../..') });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => { out += d; const line = out.split('\n')[0]; if (out.includes('\n')) resolve(JSON.parse(line).port); });
    child.on('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return {
    settings: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'wms', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((ok) => child.once('exit', ok));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
