/**
 * Inventory and inventory-log page benchmark (issue 4, "Proof and scale"). See bench/README.md for figures.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/inventory-page.ts [--rows N] [--with-indexes] [--runs N] [--warmup N] [--explain] [--keep]
 *
 * Creates its own throwaway database (tests/api/harness.ts startTestApp('postgres'): migrated, seeded, dropped
 * at the end; shared with bench/sku-page.ts through bench/lib.ts) and bulk-loads, with set-based SQL and a fixed
 * random seed:
 *  - 20 goods owners in 5 companies (owner sizes skewed, ~15% of the SKUs down to ~3%), 5 warehouses, 30
 *    categories, N/5 SKUs (200,000 for the default N) named like bench/sku-page.ts, platform and supplier SKUs;
 *  - N inventory rows (--rows, default 1,000,000): per SKU 1-10 batches (85% of the SKUs batch-managed; the others
 *    hold batch '' in 1-5 warehouses); each owner keeps ~60% of its rows in a "home" warehouse, ~10% in each other
 *    one; ~25% of the rows sold out (qty 0), ~30% of the others partly locked; ids in creation-time order;
 *  - 5 N log rows (default 5,000,000): each inventory row has 1 + a skewed number of log lines (most 1-10, the
 *    busiest a few thousand), chained (origin = previous new; qty and lockQty never below 0, lockQty <= qty, never
 *    a 0/0 change) and summing to the row's qty and lockQty, bizType 1/2/3 with bizNo IN/OUT/IJ + yyyymmdd + 6
 *    digits, bizNoExtra (store) on outbound lines, addDate over 2 years (2024-06-01 to 2026-06-01, twice as many
 *    lines in the last month as in the first; sold-out rows stop moving somewhere in the period), ids in addDate
 *    order as the ledger writes them. All of this is checked after loading (ledger closure and chains);
 *  - storage locations (issue 29): per warehouse the RECEIVING zone and location and N/50 storage locations
 *    (20,000 for the default N; bench/lib.ts insertLocations), and ONE location row per inventory row holding its
 *    qty and lockQty on a location of its warehouse (insertLocationRows: ~10 rows a location); every log line names
 *    that location, so both ledger levels close (checked after loading). The inventory page reads the rows'
 *    `locations` in its one statement (domain/inventory/records.ts), so these cases measure it with locations present.
 * The secondary indexes of wms_sku, wms_inventory, wms_location_inventory and wms_inventory_log are dropped before and recreated after
 * the bulk load, exactly from their pg_get_indexdef (compared afterwards); foreign keys are not checked during the
 * load (session_replication_role = replica, in the loader session only); CHECK constraints are. Then VACUUM
 * ANALYZE. Prints how long each step took.
 *
 * For each case, 200 timed runs after 20 warm-up runs, rotating owners x warehouses, search texts, inventory ids
 * or months, all as admin through app.inject with the real session:
 *  - app: the page call (session check, validation, the read, JSON). Since issue 13's read path the read is ONE
 *    statement (crud/records-sql.ts: rows, capped total, names and decorations, and the session check when the
 *    session came from the cache), sent as a named prepared statement;
 *  - SQL: the very statements that call issued (captured from the pg driver with their query config: statement
 *    name, rowMode, parsers) replayed on a pg pool in the app's pattern (concurrencyGroups: what the app sent at
 *    once goes at once); the session resolve (statements before the page's, when the cache had no entry) is not
 *    replayed, the session check folded into the page statement is (it is part of that statement).
 * Prints median / p95 (nearest rank) of both, their ratio, and EXPLAIN (ANALYZE, BUFFERS) of the page statement
 * (of the run where it was slowest) of cases whose app median is over 50 ms (all cases with --explain).
 *
 * --with-indexes creates RECOMMENDED_INDEXES (bench/README.md) in the throwaway database only. The query changes
 * this option used to time as rewritten SQL (deferred join, log sorted by addDate, count capped at 10,000) are
 * what the product does now (records-sql.ts, the manifest's defaultSort, crud/count.ts), so they are no longer
 * variants. The project schema and code are not touched.
 * --keep leaves the database in place (its name is printed) for manual EXPLAIN; drop it yourself.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { ADJECTIVES, BRANDS, closeBenchDb, COLORS, insertLocationRows, insertLocations, insertOwnersAndCategories, insertSkuChildren, locationMismatches, openBenchDb, PRODUCTS, loadLine, printPageResults, runPageCases, serverInfo, SIZES, type PageCase, VARIANTS } from './lib';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, dflt: number) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : dflt; };
const ROWS = option('--rows', 1_000_000);
const LOGS_PER_ROW = 5;
const RUNS = option('--runs', 200);
const WARMUP = option('--warmup', 20);
const WITH_INDEXES = flag('--with-indexes');
const OWNERS = 20;
const WAREHOUSES = 5;
const SKUS = Math.round(ROWS / 5);
/** Storage locations per warehouse (issue 29: 20,000 bins at the default size), ~10 inventory rows a location. */
export const LOCATIONS_PER_WAREHOUSE = Math.max(100, Math.round(ROWS / 50));
const TARGET_MS = 50;
const T0 = '2024-06-01 00:00:00+00';
const T1 = '2026-06-01 00:00:00+00';
const SEARCH_WORDS = ['charger', 'perfume', 'cable', 'abaya', 'kettle', 'coffee', 'oud', 'lamp', 'bag', 'shoes'];

/** The indexes bench/README.md recommends (the schema is generated from resources.yaml; not changed here). */
export const RECOMMENDED_INDEXES = [
  // owner + warehouse pages sorted by qty / lockQty (cases 1, 2a, 2b): both equalities and the order in one index
  'CREATE INDEX IF NOT EXISTS wms_inventory_warehouse_id_owner_id_qty_id_idx ON wms_inventory (warehouse_id, owner_id, qty, id)',
  'CREATE INDEX IF NOT EXISTS wms_inventory_warehouse_id_owner_id_lock_qty_id_idx ON wms_inventory (warehouse_id, owner_id, lock_qty, id)',
  // change-log dialog (cases 4a, 4b) as the app sorts it now: WHERE inventory_id = ? ORDER BY id DESC LIMIT 10 reads the row's newest lines only
  'CREATE INDEX IF NOT EXISTS wms_inventory_log_inventory_id_id_idx ON wms_inventory_log (inventory_id, id)',
  // the log sorted by addDate desc, id desc (proposed defaultSort; measured as a query variant): what addDate
  // `sortable: true` generates, and (filter field, add_date, id) for the bizType list (4c, page and count) and the dialog
  'CREATE INDEX IF NOT EXISTS wms_inventory_log_add_date_id_idx ON wms_inventory_log (add_date, id)',
  'CREATE INDEX IF NOT EXISTS wms_inventory_log_biz_type_add_date_id_idx ON wms_inventory_log (biz_type, add_date, id)',
  'CREATE INDEX IF NOT EXISTS wms_inventory_log_inventory_id_add_date_id_idx ON wms_inventory_log (inventory_id, add_date, id)',
];

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test): the benchmark creates and drops its own database there.');
  process.exit(2);
}
if (!Number.isInteger(ROWS) || ROWS < 1000) {
  console.error('--rows must be an integer >= 1000');
  process.exit(2);
}

const timed = async <T>(fn: () => Promise<T>) => { const t0 = performance.now(); const r = await fn(); return { ms: performance.now() - t0, r }; };
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Secondary indexes (not backing a constraint) of `tables`, as pg_get_indexdef prints them. */
async function indexDefs(client: pg.Client, tables: string[]): Promise<Array<{ name: string; def: string }>> {
  return (await client.query(`select c.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    where t.relname = any($1) and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by t.relname, c.relname`, [tables])).rows;
}

/** Runs `load` with the secondary indexes of `tables` dropped, then recreates them exactly (checked). */
async function withIndexesDropped(client: pg.Client, tables: string[], load: () => Promise<void>): Promise<number> {
  const before = await indexDefs(client, tables);
  for (const ix of before) await client.query(`drop index "${ix.name}"`);
  await load();
  const t0 = performance.now();
  for (const ix of before) await client.query(ix.def);
  const after = await indexDefs(client, tables);
  if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error('indexes not restored exactly');
  return performance.now() - t0;
}

/** Bulk-loads the data described in the header (--rows N inventory rows) and checks the ledger; returns timings and counts. */
export async function loadData(client: pg.Client) {
  const steps: string[] = [];
  const step = async (name: string, fn: () => Promise<unknown>) => { const { ms } = await timed(fn); steps.push(`${name} ${secs(ms)}`); };
  const t0 = performance.now();
  await client.query(`set work_mem = '1GB'`);
  await client.query(`set maintenance_work_mem = '1GB'`);
  await client.query('select setseed(0.42)');
  await insertOwnersAndCategories(client, OWNERS);
  await client.query(`insert into wms_warehouse (code, name, type, country_code, city)
    select 'BW0' || g, 'Bench DC ' || g, 1 + g % 2, case when g <= 3 then 'SA' else 'AE' end, (array['Riyadh','Jeddah','Dammam','Dubai','Abu Dhabi'])[g]
    from generate_series(1, ${WAREHOUSES}) g`);
  await insertLocations(client, 'BW%', LOCATIONS_PER_WAREHOUSE);
  // hash of an integer pair, 0..2^31-1 (deterministic per log line: its values can be recomputed for the next line)
  await client.query(`create function pg_temp.h(a bigint, b bigint) returns bigint language sql immutable as $$ select hashint8(a * 1000003 + b)::bigint & 2147483647 $$`);
  // qty after the k-th of m changes of row i ending at q: alternating parity, so two successive values always differ
  await client.query(`create function pg_temp.v(i bigint, k int, m int, q int) returns int language sql immutable as $$
    select case when k = 0 then 0 when k = m then q else (1 + 2 * (pg_temp.h(i, k) % 300) + k % 2)::int end $$`);
  // lockQty after the k-th change: 0 for 70% of the lines, else up to a third of qty; the row's lockQty at the end
  await client.query(`create function pg_temp.l(i bigint, k int, m int, q int, lq int) returns int language sql immutable as $$
    select case when k = 0 then 0 when k = m then lq when pg_temp.h(i, -k) % 10 < 7 then 0
      else (pg_temp.h(i, k + 500000) % (pg_temp.v(i, k, m, q) / 3 + 1))::int end $$`);
  // time of the k-th of m changes: a row's changes are spread in order over the 2 years (stratified: any line is
  // uniform over the years), warped so the business grows (line density doubles from the first to the last month);
  // a sold-out row stops moving: its changes end at a fraction e of the period. The row is created by its first
  // change. Declared stable, as timestamptz arithmetic is, so that it is inlined.
  await client.query(`create function pg_temp.t(i bigint, k int, m int, e float8) returns timestamptz language sql stable as $$
    select timestamptz '${T0}' + (timestamptz '${T1}' - interval '1 minute' - timestamptz '${T0}')
      * e * (sqrt(1 + 3 * ((k - 1) + (pg_temp.h(i, k + 900000) % 1000) / 1000.0)::float8 / m) - 1) $$`);

  const indexMs = await withIndexesDropped(client, ['wms_sku', 'wms_inventory', 'wms_location_inventory', 'wms_inventory_log'], async () => {
    await step('SKUs', async () => {
      await client.query(`insert into wms_sku (owner_id, company_id, sku, name, enable, category_id, color, size, goods_no, weight, add_date, update_date)
        select o.id, o.company_id, o.code || '-' || lpad(g::text, 6, '0'),
          w.brands[1 + floor(random() * array_length(w.brands, 1))::int] || ' ' || w.adjectives[1 + floor(random() * array_length(w.adjectives, 1))::int] || ' '
            || w.products[1 + floor(random() * array_length(w.products, 1))::int] || ' ' || w.variants[1 + floor(random() * array_length(w.variants, 1))::int],
          random() > 0.05, c.ids[1 + floor(random() * array_length(c.ids, 1))::int],
          case when random() < 0.6 then w.colors[1 + floor(random() * array_length(w.colors, 1))::int] end,
          case when random() < 0.5 then w.sizes[1 + floor(random() * array_length(w.sizes, 1))::int] end,
          case when random() < 0.7 then 'GN' || lpad(floor(random() * 1e7)::text, 7, '0') end,
          round((random() * 20)::numeric, 3),
          timestamptz '2023-01-01 00:00:00+00' + g * (interval '730 days' / ${SKUS}), timestamptz '2023-01-01 00:00:00+00' + g * (interval '730 days' / ${SKUS})
        from (select g, floor(${OWNERS} * power(random(), 1.6))::int as k from generate_series(1, ${SKUS}) g) s
        join (select id, company_id, code, row_number() over (order by id) - 1 as k from wms_owner where code like 'BO%') o on o.k = s.k
        cross join (select ${BRANDS} brands, ${ADJECTIVES} adjectives, ${PRODUCTS} products, ${VARIANTS} variants, ${COLORS} colors, ${SIZES} sizes) w
        cross join (select array_agg(id order by id) ids from wms_sku_category) c
        order by g`);
      await insertSkuChildren(client);
    });
    await client.query(`set session_replication_role = replica`); // no per-row foreign-key triggers: ids are consistent by construction
    await step('inventory', async () => {
      // the plan: one row per (SKU, batch), cut at ROWS; p = position (the key of every derived random value)
      await client.query(`create temp table bench_inv as
        select row_number() over (order by s.sku_id, j) as p, s.sku_id, s.owner_id, s.company_id, j, s.batched,
          wh.ids[1 + case when not s.batched then (s.home + j - 1) % ${WAREHOUSES} when random() < 0.6 then s.home else (s.home + 1 + floor(random() * ${WAREHOUSES - 1})::int) % ${WAREHOUSES} end] as warehouse_id
        from (
          select b.*, case when b.batched then 1 + floor(random() * 10)::int else 1 + floor(random() * 5)::int end as n
          from (
            select s.id as sku_id, s.owner_id, s.company_id, o.k % ${WAREHOUSES} as home, random() < 0.85 as batched
            from wms_sku s join (select id, row_number() over (order by id) - 1 as k from wms_owner where code like 'BO%') o on o.id = s.owner_id
          ) b
        ) s cross join lateral generate_series(1, s.n) j
        cross join (select array_agg(id order by id) ids from wms_warehouse where code like 'BW%') wh
        order by s.sku_id, j
        limit ${ROWS}`);
      // log lines per row: 1 + a share of ${LOGS_PER_ROW - 1} N extra lines thrown with a skew (x = random()^2, positions shuffled by a prime)
      await client.query(`create temp table bench_extra as
        select r as p, count(*)::int as extra from (
          select 1 + (floor(${ROWS} * power(random(), 2))::bigint * 2147483629) % ${ROWS} as r from generate_series(1, ${(LOGS_PER_ROW - 1) * ROWS}::bigint)
        ) b group by r`);
      // final qty: 0 for ~25% of the rows that had more than one change (their last change somewhere in the 2 years),
      // else of the parity pg_temp.v gives the last change
      await client.query(`create temp table bench_qty as
        select q.*, pg_temp.t(q.p, 1, q.m, q.e) as start_at
        from (
          select q.*, case when q.qty = 0 then 0.3 + 0.7 * random() else 1 end as e
          from (
            select i.*, 1 + coalesce(x.extra, 0) as m,
              case when coalesce(x.extra, 0) > 0 and random() < 0.25 then 0 else 1 + 2 * floor(power(random(), 2) * 500)::int + (1 + coalesce(x.extra, 0)) % 2 end as qty
            from bench_inv i left join bench_extra x on x.p = i.p
          ) q
        ) q`);
      // inventory id = creation-time order
      await client.query(`create temp table bench_row as
        select row_number() over (order by start_at, p) as id, q.*, case when q.qty = 0 or random() < 0.7 then 0 else floor(random() * q.qty * 0.5)::int end as lock_qty
        from bench_qty q`);
      await client.query(`insert into wms_inventory (id, company_id, warehouse_id, owner_id, sku_id, batch_no, qty, lock_qty, add_date, update_date)
        select id, company_id, warehouse_id, owner_id, sku_id,
          case when batched then 'L' || to_char(start_at at time zone 'UTC', 'YYMMDD') || '-' || lpad(j::text, 2, '0') else '' end,
          qty, lock_qty, start_at, pg_temp.t(p, m, m, e)
        from bench_row order by id`);
      await client.query(`select setval(pg_get_serial_sequence('wms_inventory', 'id'), (select max(id) from wms_inventory))`);
    });
    // issue 29: each inventory row stands on one storage location of its warehouse, which holds all of it
    await step('location rows', () => insertLocationRows(client, 'BW%', LOCATIONS_PER_WAREHOUSE));
    await step('log', async () => {
      // every line names the row's location (the ledger writes one line per location row it changes)
      await client.query(`insert into wms_inventory_log (inventory_id, company_id, warehouse_id, owner_id, sku_id, origin_qty, new_qty, change_qty,
          origin_lock_qty, new_lock_qty, lock_change_qty, biz_type, biz_no, biz_no_extra, remark, add_date, update_date, location_id)
        select id, company_id, warehouse_id, owner_id, sku_id, oq, nq, nq - oq, ol, nl, nl - ol, bt,
          case bt when 1 then 'IN' when 2 then 'OUT' else 'IJ' end || to_char(ts at time zone 'UTC', 'YYYYMMDD') || lpad((pg_temp.h(p, k + 300000) % 1000000)::text, 6, '0'),
          case when bt = 2 then (array['noon SA', 'noon AE', 'Amazon.sa', 'Salla', 'Zid'])[1 + pg_temp.h(p, k + 400000) % 5] || ' / store ' || (1 + pg_temp.h(p, k + 400001) % 40) end,
          case when bt = 3 then (array['Cycle count', 'Damaged in storage', 'Found in recount'])[1 + pg_temp.h(p, k + 600000) % 3] end,
          ts, ts, location_id
        from (
          select x.*, case when nq > oq then case when dice < 88 then 1 else 3 end when nq < oq then case when dice < 88 then 2 else 3 end else 2 end as bt
          from (
            select r.id, r.p, r.company_id, r.warehouse_id, r.owner_id, r.sku_id, k, li.location_id,
              pg_temp.v(r.p, k - 1, r.m, r.qty) as oq, pg_temp.v(r.p, k, r.m, r.qty) as nq,
              pg_temp.l(r.p, k - 1, r.m, r.qty, r.lock_qty) as ol, pg_temp.l(r.p, k, r.m, r.qty, r.lock_qty) as nl,
              pg_temp.t(r.p, k, r.m, r.e) as ts, pg_temp.h(r.p, k + 200000) % 100 as dice
            from bench_row r join wms_location_inventory li on li.inventory_id = r.id cross join lateral generate_series(1, r.m) k
            offset 0 -- a fence: each value computed once per line, not once per use
          ) x offset 0
        ) y
        order by ts`);
    });
    await client.query(`set session_replication_role = origin`);
  });
  steps.push(`indexes rebuilt ${secs(indexMs)}`);
  if (WITH_INDEXES) await step('recommended indexes', async () => { for (const ddl of RECOMMENDED_INDEXES) await client.query(ddl); });
  await step('vacuum analyze', () => client.query('vacuum analyze'));
  // the load leaves GBs of dirty pages that the checkpointer would otherwise write during the timed runs (spread
  // over minutes: on 2 cores it slowed every contender, the app's Node work by up to 2x)
  await step('checkpoint', () => client.query('checkpoint'));
  const generationMs = performance.now() - t0;

  // the ledger holds: every row's log lines sum to its qty and lockQty, each line starts where the previous ended, no orphan lines
  const check = await timed(() => client.query(`select
      (select count(*) from (select inventory_id, sum(change_qty) q, sum(lock_change_qty) l from wms_inventory_log group by inventory_id) s
        full join wms_inventory i on i.id = s.inventory_id where i.id is null or s.inventory_id is null or i.qty <> s.q or i.lock_qty <> s.l) as unbalanced,
      (select count(*) from (select origin_qty, origin_lock_qty, lag(new_qty, 1, 0) over w pq, lag(new_lock_qty, 1, 0) over w pl,
          new_qty, new_lock_qty, change_qty, lock_change_qty, add_date, lag(add_date) over w pa
        from wms_inventory_log window w as (partition by inventory_id order by id)) c
        where origin_qty <> pq or origin_lock_qty <> pl or new_qty < 0 or new_lock_qty < 0 or new_lock_qty > new_qty
          or change_qty <> new_qty - origin_qty or lock_change_qty <> new_lock_qty - origin_lock_qty or (change_qty = 0 and lock_change_qty = 0) or add_date < pa) as broken_chain`));
  const { unbalanced, broken_chain: brokenChain } = check.r.rows[0];
  if (Number(unbalanced) || Number(brokenChain)) throw new Error(`generated ledger inconsistent: ${unbalanced} unbalanced rows, ${brokenChain} broken log chains`);
  // and the location level: every row is the sum of its location rows, every line names a location row of its row
  const locCheck = await timed(async () => ({
    mismatched: await locationMismatches(client),
    stray: Number((await client.query(`select count(*) n from wms_inventory_log g left join wms_location_inventory li on li.inventory_id = g.inventory_id and li.location_id = g.location_id where li.id is null`)).rows[0].n),
  }));
  if (locCheck.r.mismatched || locCheck.r.stray) throw new Error(`generated locations inconsistent: ${locCheck.r.mismatched} inventory rows differ from their location rows, ${locCheck.r.stray} log lines name no location row of theirs`);
  const counts = (await client.query(`select (select count(*) from wms_sku) skus, (select count(*) from wms_inventory) inventory, (select count(*) from wms_inventory_log) logs,
    (select count(*) from wms_location) locations, (select count(*) from wms_location_inventory) location_rows, pg_size_pretty(pg_total_relation_size('wms_location_inventory')) location_rows_size,
    (select count(distinct sku_id) from wms_inventory) stocked_skus, (select count(*) filter (where qty = 0) from wms_inventory) sold_out,
    (select count(*) filter (where lock_qty > 0) from wms_inventory) locked,
    (select max(n) from (select count(*) n from wms_inventory_log group by inventory_id) x) max_lines,
    (select string_agg(biz_type || ': ' || n, ', ' order by biz_type) from (select biz_type, count(*) n from wms_inventory_log group by biz_type) x) biz_types,
    (select min(n) || '-' || max(n) from (select date_trunc('month', add_date at time zone 'UTC') mo, count(*) n from wms_inventory_log group by 1) x) per_month,
    pg_size_pretty(pg_total_relation_size('wms_inventory')) inventory_size, pg_size_pretty(pg_total_relation_size('wms_inventory_log')) log_size`)).rows[0];
  return { generationMs, steps, checkMs: check.ms + locCheck.ms, ...counts };
}

async function main() {
  console.log(`Inventory page benchmark: ${ROWS} inventory rows, ${LOGS_PER_ROW * ROWS} log rows, ${SKUS} SKUs, ${OWNERS} owners, ${WAREHOUSES} warehouses; ${RUNS} runs after ${WARMUP} warm-up runs${WITH_INDEXES ? ', WITH the recommended indexes' : ''}`);
  const bench = await openBenchDb();
  const { loader } = bench;
  try {
    console.log(`${await serverInfo(bench)}; ${loadLine()}`);
    const loaded = await loadData(loader);
    console.log(`generated in ${secs(loaded.generationMs)} (${loaded.steps.join(', ')}); ledger check ${secs(loaded.checkMs)}`);
    console.log(`  ${loaded.locations} locations, ${loaded.location_rows} location rows (${loaded.location_rows_size}), one per inventory row`);
    console.log(`  ${loaded.skus} SKUs (${loaded.stocked_skus} in stock), ${loaded.inventory} inventory rows (${loaded.sold_out} qty 0, ${loaded.locked} with lockQty > 0; ${loaded.inventory_size}), ${loaded.logs} log rows (bizType ${loaded.biz_types}; at most ${loaded.max_lines} per row; ${loaded.per_month} per month; ${loaded.log_size})`);

    const owners = (await loader.query(`select id from wms_owner where code like 'BO%' order by id`)).rows.map((r) => r.id as number);
    const warehouses = (await loader.query(`select id from wms_warehouse where code like 'BW%' order by id`)).rows.map((r) => r.id as number);
    const n = WARMUP + RUNS;
    const skuCodes = (await loader.query(`select s.sku from wms_sku s where exists (select 1 from wms_inventory i where i.sku_id = s.id) order by random() limit ${n}`)).rows.map((r) => r.sku as string);
    const randomRows = (await loader.query(`select id from wms_inventory order by random() limit ${n}`)).rows.map((r) => r.id as number);
    const busy = (await loader.query(`select inventory_id id, count(*) lines from wms_inventory_log group by inventory_id order by count(*) desc, inventory_id limit 100`)).rows;
    const busyRows = busy.map((r) => r.id as number);
    const months = Array.from({ length: 24 }, (_, k) => {
      const start = new Date(Date.UTC(2024, 5 + k, 1));
      const end = new Date(Date.UTC(2024, 6 + k, 0));
      return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
    });
    // owner x warehouse: all 100 pairs, in an order that changes both every run
    const pair = (i: number) => ({ ownerId: owners[i % OWNERS], warehouseId: warehouses[(i + Math.floor(i / OWNERS)) % WAREHOUSES] });

    const INV = '/sapi/wms/sku-inventory/page';
    const LOG = '/sapi/wms/sku-inventory-log/page';
    const cases: PageCase[] = [
      { name: '1. owner + warehouse, sort qty desc (headline)', path: INV, table: 'wms_inventory', body: (i) => ({ current: 1, size: 20, ...pair(i), sortProp: 'qty', sortOrder: 'desc' }), required: true },
      { name: '2a. owner + warehouse, sort lockQty asc', path: INV, table: 'wms_inventory', body: (i) => ({ current: 1, size: 20, ...pair(i), sortProp: 'lockQty', sortOrder: 'asc' }), required: true },
      { name: '2b. owner + warehouse, sort qty desc, page 50', path: INV, table: 'wms_inventory', body: (i) => ({ current: 50, size: 20, ...pair(i), sortProp: 'qty', sortOrder: 'desc' }), required: true },
      { name: `3a. sku text (product word: ${SEARCH_WORDS.slice(0, 3).join(', ')}...), all owners`, path: INV, table: 'wms_inventory', body: (i) => ({ current: 1, size: 20, sku: SEARCH_WORDS[i % SEARCH_WORDS.length] }), required: true },
      { name: '3b. sku text = a full SKU code, all owners', path: INV, table: 'wms_inventory', body: (i) => ({ current: 1, size: 20, sku: skuCodes[i % skuCodes.length] }), required: false },
      { name: '3c. containInventory + owner', path: INV, table: 'wms_inventory', body: (i) => ({ current: 1, size: 20, containInventory: true, ownerId: owners[i % OWNERS] }), required: true },
      { name: '4a. log of one inventory row (random rows)', path: LOG, table: 'wms_inventory_log', body: (i) => ({ current: 1, size: 10, inventoryId: randomRows[i % randomRows.length] }), required: true },
      { name: `4b. log of one of the 100 busiest rows (${busy[busy.length - 1]?.lines}-${busy[0]?.lines} lines)`, path: LOG, table: 'wms_inventory_log', body: (i) => ({ current: 1, size: 10, inventoryId: busyRows[i % busyRows.length] }), required: false },
      { name: '4c. log bizType 2 + one month (24 months rotating)', path: LOG, table: 'wms_inventory_log', body: (i) => ({ current: 1, size: 10, bizType: 2, addDateStart: months[i % 24].start, addDateEnd: months[i % 24].end }), required: true },
      { name: '4d. log, no filter', path: LOG, table: 'wms_inventory_log', body: () => ({ current: 1, size: 10 }), required: true },
    ];

    const results = await runPageCases(bench, cases, { runs: RUNS, warmup: WARMUP, targetMs: TARGET_MS, explainAll: flag('--explain') });
    printPageResults(results, TARGET_MS);
    console.log(`\nat the end: ${loadLine()}`);
  } finally {
    await closeBenchDb(bench, flag('--keep'));
  }
}

// run only as a script (bench/throughput.ts imports loadData)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main().catch((e) => { console.error(e); process.exitCode = 1; });
