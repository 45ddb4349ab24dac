/**
 * Redaction from the manifest (issue 26; docs/records.md "How secrets are masked"), on PGlite and PostgreSQL: a
 * walk over every manifest field of type `secret` or `password` sends a distinctive value in each (the resource's
 * add call, and the opt-in 500 of WMS_TEST_HOOKS), and finds none of them in the request records, the exception
 * logs or the application log; nor the session token (X-Token, X-New-Token, `?token=`) or a `sig=` signature.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../generated/server/routes';
import { Carrier } from '../../generated/shared/enums';
import { resourceMeta } from '../../generated/shared/resources';
import { sessionTokenHash } from '../../src/server/http/session';
import { startTestApp, testDatabases, type TestApp } from './harness';

type Row = Record<string, unknown>;

/** Every manifest field of type secret or password: [resource, API name]. */
const SECRET_FIELDS = Object.entries(resourceMeta).flatMap(([r, m]) => m.fields.filter((f) => f.type === 'secret' || f.type === 'password').map((f) => [r, f.name] as const));

describe.each(testDatabases())('secrets masked in records and logs on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const log: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({ write(chunk, _enc, done) { log.push(String(chunk)); done(); } });
    t = await startTestApp(kind, { testHooks: true, requestRecords: { flushMs: 20 } }, { level: 'info', stream });
    admin = await t.login();
  });
  afterAll(async () => { await t?.close(); });

  const rows = async (table: string): Promise<Row[]> => ((await t.database.db.execute(sql.raw(`select * from ${table}`))) as unknown as { rows: Row[] }).rows;
  /** Waits until the recorder wrote everything queued. */
  const settled = async () => {
    for (let i = 0; i < 200; i++) {
      const s = (await t.call('/sapi/sys/request-record/stats', {}, admin)).data as Row;
      if (s.queued === 0 && s.exceptionsQueued === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the recorder never emptied its queue');
  };

  it('finds no secret field value, token or signature in request records, exception logs or the log', async () => {
    expect(SECRET_FIELDS.length).toBeGreaterThanOrEqual(5);
    const warehouseId = (await t.call('/sapi/wms/warehouse/list', {}, admin)).data[0].id as number;
    /** The other fields of an add that succeeds, for the resources the product has today (others are sent as they are). */
    const valid: Record<string, Row> = {
      carrierConfig: { name: `cc-${randomBytes(3).toString('hex')}`, carrier: Carrier.ARAMEX, warehouseId, shipperName: 'Shipper', shipperPhone: '0500000000', userName: 'api-user', accountNumber: '12345', accountEntity: 'RUH', accountCountryCode: 'SA' },
      dbConnection: { name: `db-${randomBytes(3).toString('hex')}`, host: '127.0.0.1', port: 5432, database: 'reports', username: 'reader' },
      user: { name: `u${randomBytes(3).toString('hex')}`, roleIds: [], warehouseIds: [-1], ownerIds: [-1] },
    };
    const values: string[] = [];
    const all: Row = {};
    for (const resource of new Set(SECRET_FIELDS.map(([r]) => r))) {
      const body: Row = { ...valid[resource] };
      for (const [r, field] of SECRET_FIELDS) {
        if (r !== resource) continue;
        const value = `Sx${randomBytes(6).toString('hex')}`; // random, so found only where it leaked; fits every field's length and rules
        values.push(value);
        body[field] = value;
        all[`${resource}.${field}`] = value;
      }
      const add = routeTable.find((x) => x.resource === resource && x.operation === 'add');
      if (!add) continue;
      const res = await t.call(add.path, body, admin);
      if (valid[resource]) expect(res, `${add.path} ${res.msg}`).toMatchObject({ code: 200 });
    }
    // a 500 whose body carries every secret value, flat and as the manifest names them
    const flat = Object.fromEntries(SECRET_FIELDS.map(([r, f]) => [f, all[`${r}.${f}`]]));
    expect((await t.call('/sapi/test/fail500', { ...flat, lines: [flat] }, admin)).code).toBe(500);
    // tokens: a rotated session (X-New-Token), a download address with ?token=, a print address with sig=
    const rotating = await t.login();
    await t.database.db.execute(sql`update sys_session set issued_at = now() - interval '13 hours' where token = ${sessionTokenHash(rotating)}`);
    const rotated = await t.app.inject({ method: 'POST', url: '/sapi/sys/user/current/detail', payload: {}, headers: { 'x-token': rotating } });
    const fresh = rotated.headers['x-new-token'] as string;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    const sig = `SIG${randomBytes(8).toString('hex')}`;
    await t.app.inject({ method: 'GET', url: `/sapi/sys/file/get/none.png?token=${admin}` });
    await t.app.inject({ method: 'GET', url: `/print/pickList/1?lang=en&u=1&exp=1&sig=${sig}` });
    await t.app.inject({ method: 'POST', url: `/sapi/no/such/call?token=${fresh}&sig=${sig}`, payload: {}, headers: { 'x-token': fresh, 'x-upload-token': rotating } });
    await settled();

    const records = await rows('sys_request_record');
    const exceptions = await rows('sys_exception_http_log');
    expect(records.some((r) => r.path === '/sapi/wms/carrier-config/add' && String(r.body).includes('"accountPin":"[redacted]"'))).toBe(true);
    expect(exceptions.some((r) => r.path === '/sapi/test/fail500')).toBe(true);
    const output = log.join('');
    expect(output).toContain('unexpected error');
    expect(output).toContain('sig=***');
    const sinks = { 'request records': JSON.stringify(records), 'exception logs': JSON.stringify(exceptions), 'application log': output };
    for (const [sink, text] of Object.entries(sinks)) {
      for (const v of values) expect(text.includes(v), `${v} in the ${sink}`).toBe(false);
      for (const [name, token] of Object.entries({ admin, rotating, fresh, sig })) expect(text.includes(token), `${name} token in the ${sink}`).toBe(false);
    }
  });
});
