/**
 * The read-only run of the query tool (src/server/domain/dbms/read-only.ts) against a scripted session: the order
 * of its statements, the cursor fallback for statements a cursor cannot hold, the cap, the ROLLBACK after a
 * failure, and the cells as JSON. The databases themselves are in tests/api/dbms.test.ts.
 */
import { describe, expect, it } from 'vitest';
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
