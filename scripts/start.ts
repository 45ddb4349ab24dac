/**
 * `npm start`: builds the console when there is no build yet (or it is older than the client sources),
 * then starts the server on the embedded database (see README "Configuration").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const built = join(ROOT, 'dist/client/index.html');

function newest(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
    const p = join(dir, e.name);
    return Math.max(m, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);
}

const stale = !existsSync(built) || Math.max(newest(join(ROOT, 'src/client')), newest(join(ROOT, 'generated/client'))) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the console (first start or changed sources)...');
  execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}
await import('../src/server/main');
