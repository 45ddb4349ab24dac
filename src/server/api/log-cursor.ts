/**
 * Where a log read since a cursor may go (issue 31: the inventory log; docs/owner-api.md "Inventory log"). Log ids
 * come from a sequence when a row is inserted, but rows become visible when their transaction commits: a
 * transaction holding id 100 may commit after another one's id 105 was read. A cursor that passed 105 would then
 * never see 100. So a log read serves only ids up to a settled horizon:
 *
 * - every read notes a watermark (`api_log_watermark`): the sequence's last value S and the snapshot's xmax X (the
 *   first transaction id not yet started) at that moment. Every row with id <= S was inserted by a transaction
 *   that had started by then, i.e. with a transaction id below X;
 * - once the oldest transaction still running (of this database, below) is at or past X, all those transactions have
 *   ended: no row with id <= S can still appear. The horizon is the largest such S;
 * - watermarks below the horizon are deleted in the same statement; the watermark of this very read counts when
 *   no other transaction is running (its snapshot's xmin is its xmax).
 *
 * Transaction ids are the PostgreSQL server's; only those of this database's sessions count (the snapshot's
 * in-progress ids matched with `pg_stat_activity.backend_xid`, which shows the sessions of the product's own
 * database user), so other databases of the server do not hold the log back. A writing transaction left open in
 * this database holds the horizon back until it ends (the log answers what came before it meanwhile); read-only
 * ones do not count. One statement per read. The horizon trails the newest rows by about one read (a poller sees a row on the poll
 * after it committed, or on the same poll when no other writer was running). With the embedded database (one
 * connection, one transaction at a time) every committed row is settled at once.
 */
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ident } from '../crud/filters';
import type { Db } from '../db/connect';
import { apiLogWatermark } from '../db/internal-schema';
import { rawQuery } from '../db/raw';

const horizonSql = (logTable: string) => {
  const w = ident(getTableName(apiLogWatermark));
  const seq = `pg_get_serial_sequence('${ident(logTable).replace(/'/g, "''")}', 'id')::regclass`;
  // xmin: the oldest transaction of THIS database still running (the snapshot's in-progress ids that a backend of
  // this database holds), else the snapshot's xmax: other databases of the server do not hold the log back
  return `with snap as (
      select pg_current_snapshot() as s
    ), cur as (
      select coalesce(pg_sequence_last_value(${seq}), 0)::bigint as seq_value, pg_snapshot_xmax(s)::text::bigint as xmax,
        coalesce((select min(x::text::bigint) from pg_snapshot_xip(s) x
          where exists (select 1 from pg_stat_activity a where a.datname = current_database() and a.backend_xid = xid(x))),
          pg_snapshot_xmax(s)::text::bigint) as xmin
      from snap
    ), ins as (
      insert into ${w} (seq_value, next_xid) select seq_value, xmax from cur on conflict (seq_value) do nothing
    ), h as (
      select coalesce(max(seq_value), 0)::bigint as horizon from (
        select seq_value from ${w} where next_xid <= (select xmin from cur)
        union all select seq_value from cur where xmax <= xmin
      ) s
    ), del as (
      delete from ${w} where seq_value < (select horizon from h)
    )
    select horizon from h`;
};

/** The largest log id of `table` a cursor may pass now (module doc). */
export async function settledHorizon(db: Db, table: PgTable): Promise<number> {
  const [row] = await rawQuery(db, horizonSql(getTableName(table)), []);
  return Number(row.horizon);
}
