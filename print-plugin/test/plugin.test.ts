/**
 * The local print plugin (print-plugin/print-plugin.mjs; issue 16 "Plugin tests"): a fake console serves PDFs,
 * the plugin runs in test mode (PDFs written to a folder) or with a recording printer, and each refusal is
 * checked to download and print nothing.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPlugin, isLoopback, type Printing } from '../print-plugin.mjs';

const PDF = Buffer.from('%PDF-1.4\n% test document OUT-PLUGIN-1\n%%EOF\n');

let consoleServer: Server;
let consoleOrigin: string;
let otherServer: Server;
let otherOrigin: string;
const consoleHits: string[] = [];
const otherHits: string[] = [];

const listen = (s: Server, host = '127.0.0.1') => new Promise<string>((resolve) => s.listen(0, host, () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));

beforeAll(async () => {
  otherServer = createServer((req, res) => {
    otherHits.push(req.url!);
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end(PDF);
  });
  otherOrigin = await listen(otherServer);
  consoleServer = createServer((req, res) => {
    consoleHits.push(req.url!);
    const path = req.url!.split('?')[0];
    if (path === '/doc.pdf') { res.writeHead(200, { 'content-type': 'application/pdf' }); res.end(PDF); return; }
    if (path === '/moved') { res.writeHead(302, { location: '/doc.pdf' }); res.end(); return; }
    if (path === '/away') { res.writeHead(302, { location: `${otherOrigin}/doc.pdf` }); res.end(); return; }
    if (path === '/html') { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html>%PDF-</html>'); return; }
    if (path === '/fake') { res.writeHead(200, { 'content-type': 'application/pdf' }); res.end('<html>not a pdf</html>'); return; }
    if (path === '/big') { res.writeHead(200, { 'content-type': 'application/pdf' }); res.end(Buffer.concat([PDF, Buffer.alloc(4096)])); return; }
    res.writeHead(404); res.end();
  });
  consoleOrigin = await listen(consoleServer);
});
afterAll(async () => {
  await new Promise((r) => consoleServer.close(r));
  await new Promise((r) => otherServer.close(r));
});

interface Started { server: Server; base: string; port: number; dir: string; printed: Array<{ file: string; printer?: string; bytes: Buffer }> }
const started: Started[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) {
    await new Promise((r) => s.server.close(r));
    rmSync(s.dir, { recursive: true, force: true });
  }
  consoleHits.length = 0;
  otherHits.length = 0;
});

/** A plugin for the fake console: test mode (folder) unless `recording`, then a printer that records calls. */
async function startPlugin(opts: { recording?: boolean; host?: string; maxBytes?: number } = {}): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'wms-print-test-'));
  const printed: Started['printed'] = [];
  const printing: Printing = {
    async print(file, printer) { printed.push({ file, printer, bytes: readFileSync(file) }); },
    async list() { return [{ name: 'Zebra_1', isDefault: true }]; },
  };
  const server = createPlugin({ consoleOrigin, maxBytes: opts.maxBytes ?? 1024, testDir: opts.recording ? undefined : dir, printing, log: () => {} });
  await new Promise<void>((r) => server.listen(0, opts.host ?? '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  const s = { server, base: `http://127.0.0.1:${port}`, port, dir, printed };
  started.push(s);
  return s;
}

/** A raw GET/OPTIONS with exact headers (fetch would not let us set Origin or Host). */
function call(url: string, method = 'GET', headers: Record<string, string> = {}, localAddress?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, localAddress }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}
const printUrl = (s: Started, url: string, extra = '') => `${s.base}/print?url=${encodeURIComponent(url)}${extra}`;
const files = (s: Started) => readdirSync(s.dir);

describe('print plugin', () => {
  it('test mode writes the downloaded PDF to the folder and answers CORS for the console', async () => {
    const s = await startPlugin();
    const res = await call(printUrl(s, '/doc.pdf?sig=abc'), 'GET', { origin: consoleOrigin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, bytes: PDF.length });
    expect(res.headers['access-control-allow-origin']).toBe(consoleOrigin);
    expect(files(s)).toHaveLength(1);
    expect(readFileSync(join(s.dir, files(s)[0]))).toEqual(PDF);
    expect(consoleHits).toEqual(['/doc.pdf?sig=abc']);
  });

  it('accepts an absolute URL on the console origin and follows a redirect within it', async () => {
    const s = await startPlugin();
    expect((await call(printUrl(s, `${consoleOrigin}/moved`), 'GET', { origin: consoleOrigin })).status).toBe(200);
    expect(consoleHits).toEqual(['/moved', '/doc.pdf']);
    expect(files(s)).toHaveLength(1);
  });

  it('sends the PDF to the named printer through the printing backend', async () => {
    const s = await startPlugin({ recording: true });
    const res = await call(printUrl(s, '/doc.pdf', '&printer=Zebra_1'), 'GET', { origin: consoleOrigin });
    expect(res.body).toMatchObject({ ok: true, printer: 'Zebra_1' });
    expect(s.printed).toHaveLength(1);
    expect(s.printed[0]).toMatchObject({ printer: 'Zebra_1', bytes: PDF });
  });

  it('refuses a printer name that could be read as an option', async () => {
    const s = await startPlugin({ recording: true });
    const res = await call(printUrl(s, '/doc.pdf', `&printer=${encodeURIComponent('-o evil')}`), 'GET', { origin: consoleOrigin });
    expect(res.status).toBe(400);
    expect(s.printed).toHaveLength(0);
    expect(consoleHits).toHaveLength(0);
  });

  it('lists printers', async () => {
    const s = await startPlugin({ recording: true });
    const res = await call(`${s.base}/printers`, 'GET', { origin: consoleOrigin });
    expect(res.body).toEqual({ ok: true, printers: [{ name: 'Zebra_1', isDefault: true }] });
  });

  it('refuses other origins, a missing origin and their preflights, without CORS headers', async () => {
    const s = await startPlugin();
    for (const headers of [{ origin: 'https://evil.example' }, { origin: otherOrigin }, {}]) {
      const res = await call(printUrl(s, '/doc.pdf'), 'GET', headers);
      expect(res.status).toBe(403);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const pre = await call(printUrl(s, '/doc.pdf'), 'OPTIONS', { ...headers, 'access-control-request-method': 'GET' });
      expect(pre.status).toBe(403);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(consoleHits).toHaveLength(0);
    expect(files(s)).toHaveLength(0);
  });

  it('answers the console origin preflight, Private Network Access included', async () => {
    const s = await startPlugin();
    const pre = await call(printUrl(s, '/doc.pdf'), 'OPTIONS', { origin: consoleOrigin, 'access-control-request-method': 'GET', 'access-control-request-private-network': 'true' });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(consoleOrigin);
    expect(pre.headers['access-control-allow-private-network']).toBe('true');
    expect(consoleHits).toHaveLength(0);
  });

  it('refuses URLs outside the console origin, and redirects that leave it', async () => {
    const s = await startPlugin();
    for (const url of [`${otherOrigin}/doc.pdf`, '//evil.example/doc.pdf', 'file:///etc/passwd', `${consoleOrigin.replace('http:', 'https:')}/doc.pdf`, `http://user:pw@${consoleOrigin.slice(7)}/doc.pdf`]) {
      const res = await call(printUrl(s, url), 'GET', { origin: consoleOrigin });
      expect(res.status, url).toBe(400);
    }
    const away = await call(printUrl(s, '/away'), 'GET', { origin: consoleOrigin });
    expect(away.status).toBe(502);
    expect(otherHits).toHaveLength(0);
    expect(files(s)).toHaveLength(0);
  });

  it('refuses answers that are not PDFs or are over the size cap', async () => {
    const s = await startPlugin({ maxBytes: 1024 });
    expect((await call(printUrl(s, '/html'), 'GET', { origin: consoleOrigin })).status).toBe(502);
    expect((await call(printUrl(s, '/fake'), 'GET', { origin: consoleOrigin })).status).toBe(502);
    expect((await call(printUrl(s, '/big'), 'GET', { origin: consoleOrigin })).status).toBe(413);
    expect((await call(printUrl(s, '/missing'), 'GET', { origin: consoleOrigin })).status).toBe(502);
    expect(files(s)).toHaveLength(0);
  });

  it('refuses a Host header that is not the loopback address (DNS rebinding)', async () => {
    const s = await startPlugin();
    const res = await call(printUrl(s, '/doc.pdf'), 'GET', { origin: consoleOrigin, host: `evil.example:${s.port}` });
    expect(res.status).toBe(403);
    expect(consoleHits).toHaveLength(0);
  });

  it('refuses clients that are not on this computer', async () => {
    expect([isLoopback('127.0.0.1'), isLoopback('::1'), isLoopback('::ffff:127.0.0.1'), isLoopback('127.8.0.3')]).toEqual([true, true, true, true]);
    expect([isLoopback('10.0.0.5'), isLoopback('::ffff:192.168.1.2'), isLoopback('fe80::1'), isLoopback(undefined), isLoopback('1127.0.0.1')]).toEqual([false, false, false, false, false]);
    // A real connection from one of this machine's non-loopback addresses (the plugin bound to all addresses,
    // as a misconfigured workstation might): the plugin sees a non-loopback peer and refuses it.
    const external = Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal);
    if (!external) return; // a machine with loopback only cannot make such a connection; isLoopback is checked above
    const s = await startPlugin({ host: '0.0.0.0' });
    const res = await call(`http://${external.address}:${s.port}/print?url=%2Fdoc.pdf`, 'GET', { origin: consoleOrigin, host: `127.0.0.1:${s.port}` }, external.address);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/only this computer/);
    expect(consoleHits).toHaveLength(0);
  });
});
