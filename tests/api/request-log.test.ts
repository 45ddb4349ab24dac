/**
 * The server's request log (issue 14): one info line per request, with method, url, status and ms; Fastify's
 * "incoming request" / "request completed" pair is gone; a secret query parameter (`token`, `sig`) is masked.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/server/domain/records/redact';
import { startTestApp, type TestApp } from './harness';

describe('request log', () => {
  const lines: Array<Record<string, unknown>> = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestApp('pglite', {}, { level: 'info', stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes one line per request with method, url, status and ms', async () => {
    lines.length = 0;
    await t.call('/sapi/captcha/get', { type: 1, time: 1 });
    await t.app.inject({ method: 'GET', url: '/sapi/no/such/call?token=secret-token&x=1' });
    const requests = lines.filter((l) => l.level === 30);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/sapi/captcha/get', status: 200, msg: expect.stringMatching(/^POST \/sapi\/captcha\/get 200 \d+ms$/) });
    expect(typeof requests[0].ms).toBe('number');
    expect(requests[1]).toMatchObject({ method: 'GET', url: '/sapi/no/such/call?token=***&x=1' });
    expect(JSON.stringify(lines)).not.toContain('secret-token');
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('masks every secret query parameter (token, signature), and nothing else', () => {
    expect(redactUrl('/a?token=x')).toBe('/a?token=***');
    expect(redactUrl('/a?b=1&TOKEN=x&c=2')).toBe('/a?b=1&TOKEN=***&c=2');
    expect(redactUrl('/a?mytoken=x&sig=abc&exp=5')).toBe('/a?mytoken=***&sig=***&exp=5');
  });
});
