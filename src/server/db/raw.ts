/**
 * One statement sent as it is, without Drizzle's query builder (issue 13: building queries cost 24% of a page
 * call's CPU). Works on both databases behind a Drizzle `Db`, also inside a transaction (`db` = the `tx`):
 * - PostgreSQL (node-postgres): `{name, text, values}`, a NAMED prepared statement, so each connection parses and
 *   plans a text once and reuses the plan afterwards;
 * - PGlite: `query(text, values)` (it has no named statements; it is one in-process connection).
 * Values come back parsed as Drizzle's own drivers parse them (timestamps, dates, intervals and their arrays stay
 * text), so a Drizzle column's `mapFromDriverValue` turns them into the same values a Drizzle select gives.
 * Errors are the driver's (pgError in http/errors.ts reads both).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db } from './connect';

type Row = Record<string, unknown>;
interface PgLike { query(config: object): Promise<{ rows: Row[] }> }
interface PgliteLike { exec(text: string): Promise<unknown>; query(text: string, values: unknown[], opts: object): Promise<{ rows: Row[] }> }

/** Type ids Drizzle's drivers leave as text: timestamp, timestamptz, date, interval, and their arrays (numeric[] too). */
const RAW_TYPES = [1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182];
const pgTypes = { getTypeParser: (id: number, format?: 'text' | 'binary') => (RAW_TYPES.includes(id) ? (v: string) => v : pg.types.getTypeParser(id, format as 'text')) };
const pgliteParsers = Object.fromEntries(RAW_TYPES.map((id) => [id, (v: string) => v]));

/** Statement names by text. Bounded: past it a text is sent unnamed (parsed every time) rather than growing every connection's cache. */
const names = new Map<string, string>();
const MAX_NAMES = 2000;

/** The name of a statement text: `q_` + the first 20 hex of its SHA-1 (same text, same name, in every instance). */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/** The driver client under a Drizzle db or transaction (the pool, a pool client, PGlite or its transaction). */
const clientOf = (db: Db): PgLike | PgliteLike => (db as unknown as { session: { client: PgLike | PgliteLike } }).session.client;

/** Runs `text` with `$1..$n` = `values` as a named prepared statement (PostgreSQL) and returns its rows. */
export async function rawQuery(db: Db, text: string, values: unknown[]): Promise<Row[]> {
  const client = clientOf(db);
  if ('exec' in client && typeof client.exec === 'function') return (await client.query(text, values, { rowMode: 'object', parsers: pgliteParsers })).rows;
  return (await (client as PgLike).query({ name: statementName(text), text, values, types: pgTypes })).rows;
}
