/**
 * The recorded request body (src/server/domain/records/redact.ts; issue 15): secrets and file contents
 * replaced, the text capped, the walk bounded whatever the body.
 */
import { describe, expect, it } from 'vitest';
import { resourceMeta } from '../../generated/shared/resources';
import { BODY_LIMIT, isSecretKey, MANIFEST_SECRET_KEYS, redactBody, redactError, redactLogObject, secretValuesOf } from '../../src/server/domain/records/redact';

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

describe('secret keys from the manifest (issue 26)', () => {
  /** Every field of type secret or password of every manifest resource: [resource, API name, column]. */
  const secretFields = Object.entries(resourceMeta).flatMap(([r, m]) => m.fields.filter((f) => f.type === 'secret' || f.type === 'password').map((f) => [r, f.name, f.column] as const));

  it('holds every secret and password field of the manifest, by API name and column', () => {
    expect(secretFields.map(([r, n]) => `${r}.${n}`)).toEqual(expect.arrayContaining(['carrierConfig.accountPin', 'carrierConfig.apiKey', 'dbConnection.password', 'user.password']));
    for (const [, name, column] of secretFields) {
      expect(isSecretKey(name)).toBe(true);
      expect(isSecretKey(column)).toBe(true);
      expect(MANIFEST_SECRET_KEYS.has(name.toLowerCase().replace(/_/g, ''))).toBe(true);
    }
    // a field a generic name pattern would miss: only the manifest makes it a secret
    expect(isSecretKey('accountPin')).toBe(true);
    expect(isSecretKey('account_pin')).toBe(true);
    expect(isSecretKey('accountNumber')).toBe(false);
    expect(isSecretKey('captchaId')).toBe(false);
  });

  it('masks each of them in a recorded body, at any depth', () => {
    const body = Object.fromEntries(secretFields.map(([r, n]) => [n, `V-${r}-${n}`]));
    const text = redactBody({ ...body, lines: [body], accountNumber: 'A-1' })!;
    for (const [r, n] of secretFields) expect(text).not.toContain(`V-${r}-${n}`);
    expect(JSON.parse(text)).toMatchObject({ accountPin: '[redacted]', accountNumber: 'A-1' });
  });

  it('masks them in log objects and errors: keys, values quoted in texts, URL parameters', () => {
    const body = { accountPin: 'PIN-7788', name: 'DHL main' };
    const err = Object.assign(new Error('Failed query: insert ... params: DHL main,PIN-7788'), { params: ['DHL main', 'PIN-7788'], apiKey: 'k-1' });
    const safe = redactError(err, body);
    expect(safe).toBeInstanceOf(Error);
    expect(safe.message).toBe('Failed query: insert ... params: DHL main,[redacted]');
    expect(safe.stack).not.toContain('PIN-7788');
    expect((safe as unknown as Record<string, unknown>).params).toEqual(['DHL main', '[redacted]']);
    expect((safe as unknown as Record<string, unknown>).apiKey).toBe('[redacted]');
    expect(err.message).toContain('PIN-7788'); // the original is untouched
    const line = redactLogObject({ url: '/sapi/x?token=abc&sig=s1&id=3', headers: { 'x-token': 't', 'x-new-token': 'n', 'x-upload-token': 'u', 'user-agent': 'ua' }, nested: { account_pin: 1234 } });
    expect(line).toEqual({ url: '/sapi/x?token=***&sig=***&id=3', headers: { 'x-token': '[redacted]', 'x-new-token': '[redacted]', 'x-upload-token': '[redacted]', 'user-agent': 'ua' }, nested: { account_pin: '[redacted]' } });
    expect(secretValuesOf({ a: { password: 'pw-123456', captcha: 'ab' }, accountPin: 98765 })).toEqual(['pw-123456', '98765']);
  });
});
