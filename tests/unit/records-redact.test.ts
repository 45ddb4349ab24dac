/**
 * The recorded request body (src/server/domain/records/redact.ts; issue 15): secrets and file contents
 * replaced, the text capped, the walk bounded whatever the body.
 */
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT, redactBody } from '../../src/server/domain/records/redact';

describe('redactBody', () => {
  it('keeps ordinary fields as JSON', () => {
    expect(JSON.parse(redactBody({ a: 1, b: 'x', c: [true, null], d: { e: 2.5 } })!)).toEqual({ a: 1, b: 'x', c: [true, null], d: { e: 2.5 } });
    expect(redactBody(undefined)).toBeNull();
    expect(redactBody(null)).toBeNull();
  });

  it('redacts secrets and captcha answers at any depth, keeps captchaId', () => {
    const out = JSON.parse(redactBody({
      username: 'u', password: 'p1', oldPassword: 'p2', confirm_password: 'p3', newPwd: 'p4', token: 't1', accessToken: 't2',
      apiKey: 'k', client_secret: 's', captcha: 'c1', captchaCode: 'c2', captchaId: 'id-1',
      nested: [{ password: { deep: 'p5' } }],
    })!);
    expect(out).toEqual({
      username: 'u', password: '[redacted]', oldPassword: '[redacted]', confirm_password: '[redacted]', newPwd: '[redacted]', token: '[redacted]', accessToken: '[redacted]',
      apiKey: '[redacted]', client_secret: '[redacted]', captcha: '[redacted]', captchaCode: '[redacted]', captchaId: 'id-1',
      nested: [{ password: '[redacted]' }],
    });
  });

  it('replaces file contents: file keys, data URLs, base64 texts, buffers, multipart bodies', () => {
    const b64 = Buffer.from('x'.repeat(600).split('').map((_, i) => String.fromCharCode(i % 256)).join(''), 'latin1').toString('base64');
    const out = JSON.parse(redactBody({ file: 'abc', content: { a: 1 }, image: 'data:image/png;base64,AAAA', blob64: b64, raw: Buffer.from('hello'), fileUrl: '/sapi/sys/file/get/a.png', text: 'word '.repeat(100) })!);
    expect(out).toEqual({ file: '[file: 3 chars]', content: '[file: object]', image: '[file: 26 chars]', blob64: `[file: ${b64.length} chars]`, raw: '[file: 5 bytes]', fileUrl: '/sapi/sys/file/get/a.png', text: 'word '.repeat(100) });
    expect(redactBody(undefined, 'multipart/form-data; boundary=x', '1234')).toBe('"[multipart: 1234 bytes]"');
  });

  it('caps the text and stops walking at the budget, whatever the size or nesting', () => {
    const huge = { list: Array.from({ length: 100_000 }, (_, i) => ({ i, name: `item ${i}` })) };
    const out = redactBody(huge)!;
    expect(out.length).toBeLessThanOrEqual(BODY_LIMIT + 10);
    expect(out.endsWith('…[cut]')).toBe(true);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = { d: deep };
    const d = redactBody(deep)!;
    expect(d).toContain('"[…]"');
    expect(d).not.toContain('bottom');
    expect(redactBody({ s: 'long text '.repeat(1000) }, undefined, undefined, 100)!.length).toBeLessThanOrEqual(110);
  });
});
