/**
 * Graceful stop of the real server (issue 28; src/server/shutdown.ts, scripts/start.ts): `npm start`'s command
 * run as its own process group on a fresh database (embedded; PostgreSQL too when DATABASE_URL is set), 50 calls at once over kept-alive connections, then
 * SIGTERM to the whole group while they run (WMS_SHUTDOWN_DELAY_MS=0: the listener closes while they run). Every call gets an HTTP answer (no connection reset), the process
 * exits 0 within 10 s, and it logs one stop (a second delivery of the signal changes nothing); the request records
 * of the 50 calls are written and the scheduler's instance row is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/connect';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, createTestDatabase, testDatabases } from './harness';

const ROOT = join(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as AddressInfo;
  await new Promise((ok) => s.close(ok));
  return port;
}

/** One HTTP call on `agent`: its status and body, or the network error's code (ECONNRESET ...). */
function request(agent: http.Agent, port: number, method: string, path: string, body?: string, headers: Record<string, string> = {}, onSent?: () => void): Promise<{ status?: number; body?: string; error?: string }> {
  return new Promise((done) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: { ...(body ? { 'content-type': headers['content-type'] ?? 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { text += c; });
      res.on('end', () => done({ status: res.statusCode, body: text }));
      res.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
    // sent: on a connection the server has accepted (connected, and the request flushed)
    if (onSent) {
      req.once('socket', (socket) => {
        const flushed = () => req.once('finish', onSent);
        if (socket.connecting) socket.once('connect', flushed);
        else flushed();
      });
    }
    req.end(body);
  });
}

describe.each(testDatabases())('SIGTERM to the process group of npm start on %s', (kind) => {
  let child: ChildProcess;
  let port: number;
  let output = '';
  let databaseUrl = '';
  let dropDb: (() => Promise<void>) | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'wms-stop-'));

  beforeAll(async () => {
    port = await freePort();
    if (kind === 'postgres') ({ url: databaseUrl, drop: dropDb } = await createTestDatabase());
    const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    const [cmd, ...args] = script.split(' ');
    // npm start's own command, as the leader of a new process group (npm itself dies at once on SIGTERM)
    child = spawn(cmd, args, {
      cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env, DATABASE_URL: databaseUrl, WMS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WMS_CONSOLE_BUILD: '0',
        // no grace period of accepting after the signal: the calls are still running when the listener closes
        WMS_SHUTDOWN_DELAY_MS: '0',
        WMS_ADMIN_PASSWORD: ADMIN_PASSWORD, WMS_CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, WMS_SEED_REFERENCE: 'SA', LOG_LEVEL: 'info',
      },
    });
    child.stdout!.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
    const deadline = Date.now() + 90_000;
    while (!output.includes('WMS console:')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
  });

  afterAll(async () => {
    if (child?.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await dropDb?.();
  });

  it('answers every call it took and exits 0 within 10 s', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const captcha = JSON.parse((await request(agent, port, 'POST', '/sapi/captcha/get', JSON.stringify({ type: 1 }))).body!);
    const form = new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA_ANSWER, captchaId: captcha.data.captchaId }).toString();
    const login = JSON.parse((await request(agent, port, 'POST', '/sapi/sys/user/login', form, { 'content-type': 'application/x-www-form-urlencoded' })).body!);
    const token = login.data.token as string;
    expect((await request(agent, port, 'GET', '/readyz')).status).toBe(200);

    // 50 list calls at once on 50 connections; the signal goes out once every request is sent and the first answer
    // is back (the server has accepted the connections and works through them), while most are still being answered
    let sent = 0;
    let answered = 0;
    let allSent!: () => void;
    const whenSent = new Promise<void>((ok) => { allSent = ok; });
    const paths = ['/sapi/sys/user/page', '/sapi/wms/sku/page', '/sapi/sys/role/page', '/sapi/wms/owner/page', '/sapi/wms/warehouse/page'];
    let firstAnswer!: () => void;
    const whenAnswered = new Promise<void>((ok) => { firstAnswer = ok; });
    const calls = Array.from({ length: 50 }, (_, i) => request(agent, port, 'POST', paths[i % paths.length], JSON.stringify({ pageNum: 1, pageSize: 50 }), { 'x-token': token }, () => { if (++sent === 50) allSent(); })
      .then((r) => { answered++; firstAnswer(); return r; }));
    await Promise.all([whenSent, whenAnswered]);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((ok) => child.once('exit', (code, signal) => ok({ code, signal, at: Date.now() })));
    const signalled = Date.now();
    process.kill(-child.pid!, 'SIGTERM');
    const answeredBefore = answered;
    const answers = await Promise.all(calls);
    agent.destroy();

    const failed = answers.filter((a) => a.error || a.status !== 200);
    const stopLines = () => output.split('\n').filter((l) => !/page 200/.test(l)).slice(-10).join('\n');
    expect(failed, `${failed.length} calls without an answer, ${answeredBefore} answered before the signal, e.g. ${JSON.stringify(failed[0])}\n${stopLines()}`).toEqual([]);
    for (const a of answers) expect(JSON.parse(a.body!).code).toBe(200);
    expect(answeredBefore, 'the calls were answered before the signal: the test proves nothing').toBeLessThan(40);

    const end = await Promise.race([exited, new Promise<null>((ok) => setTimeout(() => ok(null), 10_000))]);
    expect(end, `still running 10 s after SIGTERM:\n${output.slice(-2000)}`).not.toBeNull();
    expect(end!.signal, output.slice(-2000)).toBeNull();
    expect(end!.code, output.slice(-2000)).toBe(0);
    expect(end!.at - signalled).toBeLessThan(10_000);
    expect(output).toMatch(/SIGTERM: stopping/);
    expect(output).not.toMatch(/Called end on pool more than once/);

    // the stop wrote the request-record queue and gave up the scheduler's instance row
    const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    try {
      const count = async (q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0].n;
      expect(await count(sql`select count(*)::int as n from sys_request_record where path like '%/page'`)).toBe(50);
      expect(await count(sql`select count(*)::int as n from sys_job_instance`)).toBe(0);
    } finally {
      await database.close();
    }
  });
});
