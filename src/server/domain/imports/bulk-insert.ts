/**
 * Fast batch INSERT for the imports (issue 3). Drizzle's `insert(table).values(rows)` spends about 350 ms
 * building the SQL of 1000 twelve-column rows (12,000 parameters), several times what PostgreSQL needs to
 * store them. This sends one parameter per column instead, an array of that column's values:
 *
 *   insert into wms_sku (owner_id, sku, ...) select * from unnest($1::integer[], $2::varchar[], ...)
 *
 * Same table, same constraints and defaults (columns not listed take their defaults), on PostgreSQL and
 * PGlite alike. Array casts use the base type (varchar, numeric) so that an over-long value is an error,
 * never silently cut (an explicit varchar(n) cast would truncate).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';

/**
 * Inserts `rows` (objects keyed by the table's JS column names) into `table` in one statement. Every row
 * must have the same keys as the first (undefined counts as NULL). No-op for an empty list.
 */
export async function insertRows<T extends PgTable>(db: Db, table: T, rows: Array<T['$inferInsert']>): Promise<void> {
  if (!rows.length) return;
  await db.execute(insertRowsSql(table, rows));
}

/**
 * The statement {@link insertRows} sends, for a caller that runs it inside a larger statement (e.g. as a
 * data-modifying CTE of the ledger's statement, inventory/ledger.ts). `rows` must not be empty.
 */
export function insertRowsSql<T extends PgTable>(table: T, rows: Array<T['$inferInsert']>): SQL {
  if (!rows.length) throw new Error('insertRowsSql: no rows');
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0] as object).filter((k) => columns[k]);
  const names: SQL[] = [];
  const arrays: SQL[] = [];
  for (const k of keys) {
    const col = columns[k];
    const baseType = col.getSQLType().replace(/\s*\(.*\)$/, '');
    const values = rows.map((r) => {
      const v = (r as Record<string, unknown>)[k];
      return v === undefined ? null : col.mapToDriverValue(v);
    });
    names.push(sql`${sql.identifier(col.name)}`);
    arrays.push(sql`${sql.param(values)}::${sql.raw(baseType)}[]`);
  }
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}
