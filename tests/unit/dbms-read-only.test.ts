/**
 * The read-only run of the query tool (src/server/domain/dbms/read-only.ts) against a scripted session: the order
 * of its statements, the cursor fallback for statements a cursor cannot hold, the cap, the ROLLBACK after a
 * failure, and the cells as JSON. Issue 26: the embedded database's refusals by first words (embedded-guard.ts),
 * the query role's name, password and hidden columns (query-role.ts). The databases themselves are in
 * tests/api/dbms.test.ts.
 */
import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { embeddedRefusal, leadingWords } from '../../src/server/domain/dbms/embedded-guard';
import { queryRoleName, queryRolePassword, scramVerifier, secretColumns } from '../../src/server/domain/dbms/query-role';
import { cell, runReadOnly, type SqlSession } from '../../src/server/domain/dbms/read-only';

type Answer = { fields: Array<{ name: string; dataTypeID: number }>; rows: unknown[][] };
const dbError = (message: string, code: string) => Object.assign(new Error(message), { code });

/** A session that logs every text and answers by the first rule whose pattern matches. */
function session(rules: Array<[RegExp, Answer | Error]>): SqlSession & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    query: async (text) => {
      log.push(text);
      const rule = rules.find(([re]) => re.test(text));
      if (rule?.[1] instanceof Error) throw rule[1];
      return (rule?.[1] as Answer | undefined) ?? { fields: [], rows: [] };
    },
  };
}

describe('runReadOnly', () => {
  it('opens a read-only transaction with the timeout and a snapshot, fetches cap + 1 through a cursor and rolls back', async () => {
    const s = session([[/^FETCH/, { fields: [{ name: 'g', dataTypeID: 23 }], rows: [[1], [2], [3], [4]] }]]);
    const r = await runReadOnly(s, 'select g from t', { timeoutMs: 1500, maxRows: 3 });
    expect(s.log).toEqual([
      'BEGIN READ ONLY', 'SET LOCAL statement_timeout = 1500', 'SELECT 1', 'SAVEPOINT wms_dbms',
      'DECLARE wms_dbms NO SCROLL CURSOR FOR select g from t', 'FETCH 4 FROM wms_dbms', 'ROLLBACK',
    ]);
    expect(r).toEqual({ columns: [{ name: 'g', type: 23 }], rows: [[1], [2], [3]], rowCount: 3, truncated: true });
  });

  it('runs a statement no cursor can hold as it is, after rolling back to the savepoint, and cuts it to the cap', async () => {
    const s = session([[/^DECLARE/, dbError('syntax error at or near "all"', '42601')], [/^show all$/, { fields: [{ name: 'name', dataTypeID: 25 }], rows: [['a'], ['b'], ['c']] }]]);
    const r = await runReadOnly(s, 'show all', { timeoutMs: 1000, maxRows: 2 });
    expect(s.log.slice(4)).toEqual(['DECLARE wms_dbms NO SCROLL CURSOR FOR show all', 'ROLLBACK TO SAVEPOINT wms_dbms', 'show all', 'ROLLBACK']);
    expect(r).toMatchObject({ rows: [['a'], ['b']], truncated: true });
  });

  it('passes the database\'s error on and still rolls back', async () => {
    const s = session([[/^FETCH/, dbError('cannot execute INSERT in a read-only transaction', '25006')]]);
    await expect(runReadOnly(s, 'insert into t values (1) returning 1', { timeoutMs: 1000, maxRows: 10 })).rejects.toMatchObject({ code: '25006' });
    expect(s.log.at(-1)).toBe('ROLLBACK');
    expect(s.log).not.toContain('insert into t values (1) returning 1'); // never run outside the cursor for another error
  });
});

describe('cell', () => {
  it('keeps JSON scalars and writes the rest as text', () => {
    expect([cell(null), cell(undefined), cell('x'), cell(2.5), cell(true), cell(Number.NaN)]).toEqual([null, null, 'x', 2.5, true, 'NaN']);
    expect(cell(9007199254740993n)).toBe('9007199254740993');
    expect(cell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(cell(Buffer.from([0xde, 0xad]))).toBe('\\xdead');
    expect(cell({ k: [1, 'a'] })).toBe('{"k":[1,"a"]}');
  });
});

describe('embeddedRefusal', () => {
  it('refuses SET, RESET, DISCARD and COPY by their first words, whatever comes before them', () => {
    for (const statement of [
      'set session authorization postgres', 'SET SESSION AUTHORIZATION DEFAULT', 'reset session authorization', 'set role postgres',
      'set "session_authorization" = postgres', 'set U&"session\\005fauthorization" to postgres', 'set local role postgres', 'reset all',
      '  -- a comment\n  set session authorization postgres', '/* a /* nested */ comment */ set role postgres', ';;  set role postgres',
      'discard all', "copy (select 1) to program 'touch proof'", 'COPY wms_sku TO STDOUT', '\tcopy (select 1) to \'/tmp/x\'',
    ]) expect(embeddedRefusal(statement), statement).toBeDefined();
  });

  it('lets queries and the transaction-only SET statements through', () => {
    for (const statement of [
      'select 1', "select 'set role postgres'", 'show all', 'explain select 1', 'with x as (select 1) select * from x', '(select 1)',
      'set transaction read write', 'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE', 'select * from settings', '/* set role x */ select 1',
    ]) expect(embeddedRefusal(statement), statement).toBeUndefined();
  });

  it('reads words after blanks, comments, semicolons and parentheses; a non-plain word ends them', () => {
    expect(leadingWords(' /* a */ -- b\n ; SET  Session authorization', 3)).toEqual(['set', 'session', 'authorization']);
    expect(leadingWords('set "role" = x', 2)).toEqual(['set', '']);
    expect(leadingWords('/* unterminated', 1)).toEqual([]);
  });
});

describe('the query role', () => {
  it('is named per database, never the same for two databases', () => {
    expect(queryRoleName('wms')).toBe('wms_query_wms');
    expect(queryRoleName('WMS-Prod')).toMatch(/^wms_query_wms_prod_[0-9a-f]{8}$/);
    expect(queryRoleName('wms_prod')).not.toBe(queryRoleName('wms-prod'));
    expect(queryRoleName('x'.repeat(63)).length).toBeLessThanOrEqual(63);
  });

  it('has a password derived from the installation key and stored as a SCRAM verifier', () => {
    const key = Buffer.alloc(32, 7);
    expect(queryRolePassword(key, 'wms_query_a')).toBe(queryRolePassword(Buffer.alloc(32, 7), 'wms_query_a'));
    expect(queryRolePassword(key, 'wms_query_a')).not.toBe(queryRolePassword(key, 'wms_query_b'));
    expect(queryRolePassword(key, 'wms_query_a')).not.toBe(queryRolePassword(Buffer.alloc(32, 8), 'wms_query_a'));
    const v = scramVerifier('pw-1', 4096);
    const m = /^SCRAM-SHA-256\$4096:([^$]+)\$([^:]+):(.+)$/.exec(v)!;
    expect(m).not.toBeNull();
    // the stored key is SHA-256(HMAC(PBKDF2(password), "Client Key")) (RFC 5802): a server checks the password with it
    const salted = pbkdf2Sync('pw-1', Buffer.from(m[1], 'base64'), 4096, 32, 'sha256');
    expect(m[2]).toBe(createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest('base64'));
    expect(v).not.toContain('pw-1');
  });

  it('hides every manifest field of type secret or password', () => {
    const s = secretColumns();
    expect(s.get('sys_user')).toEqual(new Set(['password']));
    expect(s.get('sys_db_connection')).toEqual(new Set(['password']));
    expect(s.get('wms_carrier_config')).toEqual(new Set(['password', 'account_pin', 'api_key']));
  });
});
