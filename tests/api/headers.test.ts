/**
 * Security headers (issue 12 "Headers"): on the console's page, a client route's fallback, its static files,
 * the /static templates and /sapi answers (success, 600, 404, malformed body). The console under this policy
 * in Chromium: tests/e2e/csp.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { PRINT_PLUGIN_SOURCES } from '../../src/server/http/security-headers';

/** The policy as directive -> sources. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(header.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...sources] = d.split(/\s+/);
    return [name, sources];
  }));
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const p = csp(res);
  expect(p['default-src']).toEqual(["'self'"]);
  expect(p['script-src']).toEqual(["'self'"]);
  expect(p['script-src-attr']).toEqual(["'none'"]);
  expect(p['object-src']).toEqual(["'none'"]);
  expect(p['frame-ancestors']).toEqual(["'none'"]);
  expect(p['base-uri']).toEqual(["'self'"]);
  expect(p['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(p['upgrade-insecure-requests']).toBeUndefined();
  // no source anywhere that would let a script in from elsewhere or from text
  // (connect-src also names the local print plugin, loopback only: issue 16)
  expect(p['connect-src'].filter((s) => !PRINT_PLUGIN_SOURCES.includes(s))).toEqual(["'self'"]);
  expect(PRINT_PLUGIN_SOURCES.every((s) => /^http:\/\/(127\.0\.0\.1|localhost):\*$/.test(s))).toBe(true);
  for (const d of ['default-src', 'script-src']) expect(p[d].join(' ')).not.toMatch(/unsafe|\*|https?:/);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
}

describe('security headers', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'wms-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>');
    writeFileSync(join(clientDir, 'assets/index.js'), 'console.log(1)');
    t = await startTestApp('pglite', { clientDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('are on the console page and on a client route served by the index.html fallback', async () => {
    for (const url of ['/', '/sku/list/all', '/user/edit/3']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expectSecurityHeaders(res);
    }
  });

  it('are on the console\'s static files and the /static templates', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/index.js' });
    expect(js.statusCode).toBe(200);
    expectSecurityHeaders(js);
    const template = await t.app.inject({ method: 'GET', url: '/static/templates/sku-import.xlsx' });
    expect(template.statusCode).toBe(200);
    expectSecurityHeaders(template);
  });

  it('are on /sapi answers: success, not logged in, no such call, malformed body', async () => {
    const token = await t.login();
    const ok = await t.app.inject({ method: 'POST', url: '/sapi/sys/user/current/detail', payload: {}, headers: { 'x-token': token } });
    expect(ok.json().code).toBe(200);
    expectSecurityHeaders(ok);
    const noLogin = await t.app.inject({ method: 'POST', url: '/sapi/wms/warehouse/page', payload: {} });
    expect(noLogin.json().code).toBe(600);
    expectSecurityHeaders(noLogin);
    const none = await t.app.inject({ method: 'POST', url: '/sapi/no/such/call', payload: {} });
    expect(none.json().code).toBe(404);
    expectSecurityHeaders(none);
    const bad = await t.app.inject({ method: 'POST', url: '/sapi/captcha/get', payload: '{"type":', headers: { 'content-type': 'application/json' } });
    expect(bad.json().code).toBe(400);
    expectSecurityHeaders(bad);
  });

  it('are on the file download answers (a stored upload cannot run as a page of the console)', async () => {
    const token = await t.login();
    const res = await t.app.inject({ method: 'GET', url: `/sapi/sys/file/get/nothing-here.png?token=${token}` });
    expectSecurityHeaders(res);
  });
});
