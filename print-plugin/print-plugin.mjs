#!/usr/bin/env node
/**
 * WMS local print plugin (spec 2.4, 7.2 "Local print", 8; issue 16). A small HTTP server a warehouse workstation
 * runs next to the browser: the console sends it the address of a PDF, the plugin downloads that PDF from the
 * console and hands it to the operating system's printing. Plain Node.js (>= 18, global fetch), no dependencies.
 *
 * Calls (all GET, all answered with JSON `{ok, ...}`):
 * - `/print?url=<console path or URL>&printer=<name>` downloads the PDF and prints it: `{ok: true, printer, bytes}`.
 * - `/printers` lists the printers: `{ok: true, printers: [{name, isDefault}]}`.
 * - `/` says who it is: `{ok: true, name, version, consoleOrigin, testMode}`.
 *
 * What it refuses (each a 4xx with `{ok: false, error}`; nothing is downloaded or printed):
 * - a client that is not on this machine (remote address not loopback: 403) and a Host header other than
 *   127.0.0.1 / localhost / [::1] on its port (403: a web page cannot reach it through DNS rebinding);
 * - a request whose Origin is not the console's (403; preflights too). Browsers always send Origin on the
 *   console's fetch; a tool (curl) must send `Origin: <console origin>` itself;
 * - a URL outside the console's origin (400), a redirect that leaves it (502), an answer that is not
 *   `application/pdf` or does not start with `%PDF-` (502), a PDF over the size cap (413);
 * - a printer name that is not a plain name (400): names never reach a shell (commands are spawned with
 *   argument lists) and never start with '-'.
 *
 * Printing: Linux and macOS `lp [-d printer] <file>` (CUPS), listing `lpstat -e` and `lpstat -d`; Windows
 * PowerShell `Start-Process -Verb PrintTo` (the PDF reader's print verb), listing `Get-Printer`.
 * Test mode (`WMS_PRINT_TEST_DIR` set): the PDF is written to that folder instead of being printed.
 *
 * Configuration (environment): WMS_CONSOLE_ORIGIN (required, e.g. https://wms.example.com), WMS_PRINT_PORT
 * (17521), WMS_PRINT_MAX_MB (20), WMS_PRINT_DEFAULT_PRINTER, WMS_PRINT_TEST_DIR. See README.md.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const VERSION = '1.0.0';
export const DEFAULT_PORT = 17521;
const MAX_REDIRECTS = 3;
const DOWNLOAD_TIMEOUT_MS = 30_000;
const PRINTER_NAME = /^[A-Za-z0-9_][A-Za-z0-9_ .:@()#+\-]{0,126}$/;

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopback(address) {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** The console origin in canonical form (`https://host[:port]`), or throws for anything that is not http(s). */
export function normalizeOrigin(origin) {
  const u = new URL(origin);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`console origin must be http or https: ${origin}`);
  return u.origin;
}

/** The configuration from the environment (see the module comment). */
export function configFromEnv(env = process.env) {
  if (!env.WMS_CONSOLE_ORIGIN) throw new Error('WMS_CONSOLE_ORIGIN is not set (the address of the WMS console, e.g. https://wms.example.com)');
  return {
    consoleOrigin: normalizeOrigin(env.WMS_CONSOLE_ORIGIN),
    port: env.WMS_PRINT_PORT ? Number(env.WMS_PRINT_PORT) : DEFAULT_PORT,
    maxBytes: Math.round((env.WMS_PRINT_MAX_MB ? Number(env.WMS_PRINT_MAX_MB) : 20) * 1024 * 1024),
    defaultPrinter: env.WMS_PRINT_DEFAULT_PRINTER || undefined,
    testDir: env.WMS_PRINT_TEST_DIR || undefined,
  };
}

class Refusal extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

/** Runs a command with an argument list (no shell); resolves its stdout, rejects with its stderr. */
function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(err.trim() || `${cmd} exited with ${code}`))));
  });
}

/** The operating system's printing: send a file, list printers. */
export const systemPrinting = {
  async print(file, printer) {
    if (process.platform === 'win32') {
      const ps = printer
        ? ['-NoProfile', '-Command', 'Start-Process -FilePath $args[0] -Verb PrintTo -ArgumentList $args[1] -Wait', file, `"${printer}"`]
        : ['-NoProfile', '-Command', 'Start-Process -FilePath $args[0] -Verb Print -Wait', file];
      await run('powershell.exe', ps);
      return;
    }
    await run('lp', printer ? ['-d', printer, file] : [file]);
  },
  async list() {
    if (process.platform === 'win32') {
      const names = (await run('powershell.exe', ['-NoProfile', '-Command', 'Get-Printer | ForEach-Object { $_.Name }'])).split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
      let def = '';
      try { def = (await run('powershell.exe', ['-NoProfile', '-Command', '(Get-CimInstance Win32_Printer -Filter "Default=True").Name'])).trim(); } catch { /* no default */ }
      return names.map((name) => ({ name, isDefault: name === def }));
    }
    const names = (await run('lpstat', ['-e'])).split('\n').map((s) => s.trim()).filter(Boolean);
    let def = '';
    try { def = (await run('lpstat', ['-d'])).split(':').slice(1).join(':').trim(); } catch { /* no default */ }
    return names.map((name) => ({ name, isDefault: name === def }));
  },
};

/** Test mode: every PDF is written to `dir` as `<time>-<random>.pdf`; one fake printer. */
export function folderPrinting(dir) {
  mkdirSync(dir, { recursive: true });
  return {
    async save(pdf) {
      const file = join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.pdf`);
      writeFileSync(file, pdf);
      return file;
    },
    async list() { return [{ name: 'test-folder', isDefault: true }]; },
  };
}

/**
 * Downloads `url` (resolved against the console origin) and returns the PDF bytes. Only the console's origin is
 * fetched, redirects are followed by hand (at most 3) and only within it, the body is cut at `maxBytes`.
 * @throws Refusal 400 (outside the origin), 413 (too large), 502 (console answered no PDF or failed).
 */
export async function downloadPdf(url, consoleOrigin, maxBytes, fetchImpl = fetch) {
  let target;
  try { target = new URL(url, consoleOrigin); } catch { throw new Refusal(400, 'url is not a valid address'); }
  if (target.origin !== consoleOrigin) throw new Refusal(400, `url is outside the console origin ${consoleOrigin}`);
  if (target.username || target.password) throw new Refusal(400, 'url must not carry credentials');
  for (let hop = 0; ; hop++) {
    const res = await fetchImpl(target, { redirect: 'manual', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), headers: { accept: 'application/pdf' } })
      .catch((e) => { throw new Refusal(502, `console not reachable: ${e.message}`); });
    if (res.status >= 300 && res.status < 400) {
      const location = res.headers.get('location');
      await res.body?.cancel();
      if (!location || hop >= MAX_REDIRECTS) throw new Refusal(502, 'too many redirects');
      const next = new URL(location, target);
      if (next.origin !== consoleOrigin) throw new Refusal(502, 'the console redirected outside its origin');
      target = next;
      continue;
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new Refusal(502, `the console answered HTTP ${res.status}`);
    }
    const type = (res.headers.get('content-type') || '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/pdf') {
      await res.body?.cancel();
      throw new Refusal(502, `the console answered ${type || 'no content type'}, not a PDF`);
    }
    const declared = Number(res.headers.get('content-length') || 0);
    if (declared > maxBytes) {
      await res.body?.cancel();
      throw new Refusal(413, `the PDF is larger than ${maxBytes} bytes`);
    }
    const chunks = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > maxBytes) throw new Refusal(413, `the PDF is larger than ${maxBytes} bytes`);
      chunks.push(chunk);
    }
    const pdf = Buffer.concat(chunks);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Refusal(502, 'the download is not a PDF');
    return pdf;
  }
}

/**
 * The plugin's HTTP server (not listening yet). `options`: the configuration of configFromEnv plus, for tests,
 * `printing` (an object like systemPrinting) and `log` (a function; console.log by default).
 */
export function createPlugin(options) {
  const consoleOrigin = normalizeOrigin(options.consoleOrigin);
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  const folder = options.testDir ? folderPrinting(options.testDir) : undefined;
  const printing = options.printing ?? systemPrinting;
  const log = options.log ?? ((...a) => console.log(new Date().toISOString(), ...a));

  const corsHeaders = {
    'access-control-allow-origin': consoleOrigin,
    'access-control-allow-methods': 'GET, OPTIONS',
    'access-control-allow-headers': 'content-type',
    // Chrome's Private Network Access: a console on a public address may call this loopback server
    'access-control-allow-private-network': 'true',
    'access-control-max-age': '600',
    vary: 'Origin',
  };

  const send = (res, status, body, cors) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...(cors ? corsHeaders : { vary: 'Origin' }) });
    res.end(JSON.stringify(body));
  };

  async function handle(req, res, url) {
    if (url.pathname === '/') return { ok: true, name: 'wms-print-plugin', version: VERSION, consoleOrigin, testMode: Boolean(folder) };
    if (url.pathname === '/printers') return { ok: true, printers: await (folder ?? printing).list() };
    if (url.pathname !== '/print') throw new Refusal(404, 'unknown call');
    const docUrl = url.searchParams.get('url');
    if (!docUrl) throw new Refusal(400, 'url is required');
    const printer = url.searchParams.get('printer') || options.defaultPrinter || undefined;
    if (printer !== undefined && !PRINTER_NAME.test(printer)) throw new Refusal(400, 'printer is not a valid printer name');
    const pdf = await downloadPdf(docUrl, consoleOrigin, maxBytes, options.fetch);
    // the address is logged without its query: a signed download address is a short-lived credential
    const shown = new URL(docUrl, consoleOrigin).pathname;
    if (folder) {
      const file = await folder.save(pdf);
      log(`print ${shown} (${pdf.length} bytes) -> ${file}`);
      return { ok: true, printer: 'test-folder', bytes: pdf.length, file };
    }
    const file = join(tmpdir(), `wms-print-${Date.now()}-${randomBytes(4).toString('hex')}.pdf`);
    writeFileSync(file, pdf, { mode: 0o600 });
    try {
      await printing.print(file, printer);
    } catch (e) {
      throw new Refusal(502, `printing failed: ${e.message}`);
    } finally {
      // Windows print verbs may still read the file after returning; a late delete is harmless there
      setTimeout(() => { try { unlinkSync(file); } catch { /* already gone */ } }, process.platform === 'win32' ? 60_000 : 0).unref();
    }
    log(`print ${shown} (${pdf.length} bytes) -> ${printer ?? 'default printer'}`);
    return { ok: true, printer: printer ?? null, bytes: pdf.length };
  }

  const server = createServer((req, res) => {
    const port = server.address()?.port;
    const origin = req.headers.origin;
    const originOk = origin === consoleOrigin;
    if (!isLoopback(req.socket.remoteAddress)) return send(res, 403, { ok: false, error: 'only this computer may use the print plugin' }, false);
    const host = (req.headers.host || '').toLowerCase();
    if (![`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host)) return send(res, 403, { ok: false, error: 'unexpected Host header' }, false);
    if (!originOk) return send(res, 403, { ok: false, error: `only ${consoleOrigin} may use the print plugin` }, false);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, corsHeaders);
      return res.end();
    }
    if (req.method !== 'GET') return send(res, 405, { ok: false, error: 'only GET' }, true);
    const url = new URL(req.url || '/', `http://${host}`);
    handle(req, res, url).then(
      (body) => send(res, 200, body, true),
      (e) => {
        const status = e instanceof Refusal ? e.status : 500;
        log(`refused ${url.pathname}: ${e.message}`);
        send(res, status, { ok: false, error: e.message }, true);
      },
    );
  });
  return server;
}

/** Starts the plugin on 127.0.0.1 with the environment's configuration (the workstation's entry point). */
export function main(env = process.env) {
  const config = configFromEnv(env);
  const server = createPlugin(config);
  server.listen(config.port, '127.0.0.1', () => {
    console.log(`WMS print plugin ${VERSION} on http://127.0.0.1:${server.address().port} for ${config.consoleOrigin}${config.testDir ? ` (test mode: PDFs go to ${config.testDir})` : ''}`);
  });
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
