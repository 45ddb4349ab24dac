/**
 * `npm start` (`node --import tsx scripts/start.ts`): builds the console when there is no build yet (or it is
 * older than the client sources; WMS_CONSOLE_BUILD=0 never builds), then runs the server in this same process
 * (see README "Configuration").
 *
 * One process, started by node itself with tsx only as its loader: the tsx command would run the server as a child
 * and relay SIGTERM to it; a signal sent to the whole process group (a container runtime, systemd, Ctrl-C) then
 * reached the server twice, and a server too busy to acknowledge within 30 ms was killed by the relay (issue 28).
 * Now the server gets each signal once and stops gracefully (src/server/shutdown.ts).
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

const stale = process.env.WMS_CONSOLE_BUILD !== '0' && (!existsSync(built) || Math.max(newest(join(ROOT, 'src/client')), newest(join(ROOT, 'generated/client'))) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the console (first start or changed sources)...');
  execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}
await import('../src/server/main');
