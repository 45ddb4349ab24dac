/**
 * Runs the app in a process of its own, for tests that measure the server (import-limits.test.ts reads its
 * RSS from /proc): `node --import tsx tests/api/server-process.ts <pglite|postgres>` starts it as
 * startTestApp does, listens on a free port of 127.0.0.1 and prints `{"port":N}` as its first line of
 * stdout; SIGTERM closes it (and drops its PostgreSQL database). An optional second argument is JSON of config
 * overrides, e.g. `{"databaseUrl": "...", "dataDir": "..."}` with kind `pglite` for one more instance on a
 * PostgreSQL database another process made (the harness then leaves that database alone).
 */
import type { AddressInfo } from 'node:net';
import { startTestApp, type DbKind } from './harness';

const t = await startTestApp(process.argv[2] as DbKind, process.argv[3] ? JSON.parse(process.argv[3]) : {});
await t.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (t.app.server.address() as AddressInfo).port })}\n`);
process.on('SIGTERM', () => { void t.close().finally(() => process.exit(0)); });
