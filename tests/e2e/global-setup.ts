/**
 * Builds the console once for the whole browser-test run (vitest globalSetup of the e2e project), so every test
 * covers the current sources without each test file building it again.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function buildConsole(): void {
  execFileSync(join(import.meta.dirname, '../../node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: join(import.meta.dirname, '../..'), stdio: 'inherit' });
}
