/**
 * The built console as sent (issue 14 "First load"; src/server/http/staticAssets.ts): the precompressed
 * `.br` / `.gz` next to a file goes to a browser that accepts it (br first), the file itself to one that
 * accepts neither; hashed files under /assets are cached for a year (immutable), index.html and a client
 * route's fallback are revalidated (no-cache). The fixture is a client dir laid out as `vite build` writes
 * it (vite-plugin-compression2 in vite.config.ts); the real build's figures: bench/bundle.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, sku: `SKU-${i}` })))};`;

/** Writes `text` and its .br / .gz twins (what the build does for every text asset). */
function writeCompressed(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${path}.gz`, gzipSync(Buffer.from(text)));
}

/** The body as the browser reads it after undoing the content encoding. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  const enc = res.headers['content-encoding'];
  return (enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

describe('static assets: compression and cache headers', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'wms-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeCompressed(join(clientDir, 'index.html'), INDEX);
    writeCompressed(join(clientDir, 'assets/index-Ab12Cd34.js'), SCRIPT);
    writeFileSync(join(clientDir, 'assets/tiny-Zz99Yy88.js'), 'export{}'); // below the build's threshold: no twins
    t = await startTestApp('pglite', { clientDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a hashed script brotli- or gzip-compressed as asked, cached for a year', async () => {
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['br', 'br'], ['gzip, deflate', 'gzip'], ['gzip', 'gzip']] as const) {
      const res = await get('/assets/index-Ab12Cd34.js', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, accept).toBeLessThan(SCRIPT.length / 3);
      expect(decoded(res), accept).toBe(SCRIPT);
    }
  });

  it('sends the file itself to a client that accepts no compression, with the same cache header', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-Ab12Cd34.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const tiny = await get('/assets/tiny-Zz99Yy88.js', 'br, gzip');
    expect([tiny.statusCode, tiny.headers['content-encoding'], tiny.body]).toEqual([200, undefined, 'export{}']);
  });

  it('sends index.html compressed and no-cache, at / and as a client route fallback', async () => {
    for (const url of ['/', '/index.html', '/sku/list/all', '/login']) {
      for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], [undefined, undefined]] as const) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.headers['cache-control'], `${url} ${accept}`).toBe('no-cache');
        expect(decoded(res), url).toBe(INDEX);
        expect(res.headers['content-security-policy'], url).toBeTruthy(); // security headers still on
      }
    }
  });

  it('does not serve the compressed twins of a missing file, nor answer a /sapi miss with index.html', async () => {
    for (const url of ['/assets/missing-00000000.js', '/static/missing.xlsx']) {
      const miss = await get(url, 'br');
      expect(miss.statusCode, url).toBe(404); // a stale chunk fails as a script load, not as index.html
      expect(miss.headers['content-encoding'], url).toBeUndefined();
      expect(miss.body, url).toBe('not found');
    }
    const sapi = await get('/sapi/nope', 'br');
    expect(sapi.statusCode).toBe(404);
    expect(sapi.json()).toMatchObject({ code: expect.any(Number), data: null });
  });
});
