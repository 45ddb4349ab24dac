/**
 * Shared by the page benchmarks (bench/sku-page.ts, bench/inventory-page.ts): the throwaway database, capture of
 * the SQL the app sends, the word lists and reference rows the data generators use, statistics.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startTestApp, type TestApp } from '../tests/api/harness';

// ---- capture the SQL the app sends (every pg client query passes through Client.prototype.query) ----
/**
 * One statement as the driver got it: text, values, and the rest of the query config (name of a prepared
 * statement, rowMode, type parsers) so a replay does the same work; t0/t1 = sent / answered (performance.now()).
 */
export interface Stmt { text: string; values: unknown[]; config?: Record<string, unknown>; t0?: number; t1?: number }
let capture: Stmt[] | null = null;
const originalQuery = pg.Client.prototype.query;
(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (this: pg.Client, ...a: unknown[]) {
  let stmt: Stmt | undefined;
  if (capture) {
    // pg.Pool.query passes a callback: note when it is answered
    const cb = a.findIndex((x) => typeof x === 'function');
    if (cb >= 0) {
      const inner = a[cb] as (...r: unknown[]) => unknown;
      a[cb] = (...r: unknown[]) => { if (stmt) stmt.t1 = performance.now(); return inner(...r); };
    }
  }
  const result = (originalQuery as (...x: unknown[]) => unknown).apply(this, a);
  if (capture) {
    const cfg = a[0] as string | { text: string; values?: unknown[] };
    const text = typeof cfg === 'string' ? cfg : cfg.text;
    const values = (Array.isArray(a[1]) ? a[1] : typeof cfg === 'object' ? cfg.values : undefined) ?? [];
    const config = typeof cfg === 'object' ? ({ ...cfg } as Record<string, unknown>) : undefined;
    if (config) { delete config.values; delete config.text; }
    stmt = { text, values, config, t0: performance.now() };
    capture.push(stmt);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      const done = () => { stmt!.t1 = performance.now(); };
      (result as Promise<unknown>).then(done, done);
    }
  }
  return result;
} as never;

/** Runs `fn` (one app call at a time) and returns what it returned with every statement sent meanwhile, in order. */
export async function captureQueries<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Stmt[] }> {
  capture = [];
  try {
    const result = await fn();
    return { result, statements: capture };
  } finally {
    capture = null;
  }
}

/**
 * The captured statements as the app sent them: a statement sent while another of the current group was still
 * unanswered joins that group (the app ran them in parallel), otherwise it starts the next group (the app waited).
 */
export function concurrencyGroups(stmts: Stmt[]): Stmt[][] {
  const groups: Stmt[][] = [];
  let openUntil = -Infinity;
  for (const s of stmts) {
    if (groups.length && s.t0 !== undefined && s.t0 < openUntil) groups[groups.length - 1].push(s);
    else { groups.push([s]); openUntil = -Infinity; }
    openUntil = Math.max(openUntil, s.t1 ?? Infinity);
  }
  return groups;
}

/** A statement on `pool` with the app's own query config (prepared-statement name, rowMode, parsers). */
export const send = (pool: pg.Pool, s: Stmt) => pool.query({ ...(s.config ?? {}), text: s.text, values: s.values } as pg.QueryConfig);

/** Replays `groups` on `pool` in the app's pattern: each group's statements at once, the groups one after another. */
export async function replayGroups(pool: pg.Pool, groups: Stmt[][]): Promise<void> {
  for (const g of groups) {
    if (g.length === 1) await send(pool, g[0]);
    else await Promise.all(g.map((s) => send(pool, s)));
  }
}

// ---- the throwaway database ----
export interface BenchDb { t: TestApp; dbName: string; url: string; direct: pg.Pool; loader: pg.Client }

/** A migrated, seeded database of its own (startTestApp('postgres')), a direct pg pool and a loader client on it. */
export async function openBenchDb(): Promise<BenchDb> {
  if (!process.env.DATABASE_URL) {
    console.error('Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test): the benchmark creates and drops its own database there.');
    process.exit(2);
  }
  const t = await startTestApp('postgres', { seedReference: 'none' });
  const dbName = (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!.split('/').pop()!;
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${dbName}`;
  const direct = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const loader = new pg.Client({ connectionString: url.toString() });
  try {
    await loader.connect();
  } catch (e) {
    await direct.end().catch(() => {});
    await t.close();
    throw e;
  }
  return { t, dbName, url: url.toString(), direct, loader };
}

/** "PostgreSQL 15.x; shared_buffers ..., work_mem ...; database ..." */
export async function serverInfo(b: BenchDb): Promise<string> {
  const server = await b.loader.query(`select version() v, current_setting('shared_buffers') sb, current_setting('work_mem') wm`);
  return `${server.rows[0].v.split(',')[0]}; shared_buffers ${server.rows[0].sb}, work_mem ${server.rows[0].wm}; database ${b.dbName}`;
}

/** Drops the database, or with `keep` leaves it and prints how to drop it. */
export async function closeBenchDb(b: BenchDb, keep: boolean) {
  await b.loader.end().catch(() => {});
  await b.direct.end().catch(() => {});
  if (keep) {
    await b.t.app.close();
    await b.t.database.close();
    console.log(`\n--keep: database ${b.dbName} left in place for EXPLAIN; drop it with: psql "${process.env.DATABASE_URL}" -c 'drop database ${b.dbName}'`);
  } else await b.t.close();
}

// ---- data ----
const words = (s: string) => s.trim().split(/\s*,\s*/).map((w) => w.replace(/'/g, "''"));
export const sqlArray = (s: string) => `array[${words(s).map((w) => `'${w}'`).join(',')}]::text[]`;
export const BRANDS = sqlArray('Desert Rose, Gulf Tech, Al Noor, Sahara, Oasis, Najd, Falcon, Pearl Bay, Marina, Dune, Souq Select, Atlas, Zayn, Layali, Barakah, Nomad, Medina, Riyadh Home, Jeddah Style, Hijaz, Corniche, Palm, Qamar, Noon Basics, Amber, Sidra, Wadi, Majlis, Bedouin, Saffron, Cedar, Lulu, Taiba, Areej, Dar, Hayat, Orbit, Volt, Nova, Zephyr');
export const ADJECTIVES = sqlArray('Classic, Premium, Deluxe, Compact, Portable, Wireless, Organic, Luxury, Essential, Smart, Ultra, Mini, Pro, Soft, Elegant, Natural, Modern, Vintage, Travel, Family, Kids, Sport, Royal, Fresh, Silk, Matte, Glossy, Heavy-Duty, Slim, Eco');
export const PRODUCTS = sqlArray('Oud Perfume, Rose Water, Musk Oil, Bakhoor Incense, Abaya, Hijab Scarf, Thobe, Prayer Mat, Dates Box, Arabic Coffee, Saffron Tea, Honey Jar, Olive Oil, Phone Case, USB-C Cable, Fast Charger, Power Bank, Wireless Earbuds, Headphones, Smart Watch, Screen Protector, Laptop Sleeve, Backpack, Handbag, Wallet, Sunglasses, Sneakers, Sandals, Running Shoes, Kids T-Shirt, Baby Blanket, Toy Car, Puzzle Set, Water Bottle, Lunch Box, Coffee Mug, Tea Set, Cookware Set, Frying Pan, Knife Set, Cutting Board, Blender, Air Fryer, Kettle, Hair Dryer, Hair Straightener, Face Cream, Body Lotion, Shampoo, Hair Oil, Lipstick, Eyeliner, Nail Polish, Makeup Brush Set, Towel Set, Bed Sheet, Pillow, Cushion Cover, Curtain, Rug, Wall Clock, Desk Lamp, LED Strip, Extension Cord, Car Charger, Car Mount, Dash Cam, Bicycle Light, Yoga Mat, Dumbbell Set, Resistance Band, Notebook, Pen Set, School Bag, Car Seat Cover, Pet Bowl, Cat Litter, Dog Leash, Plant Pot, Garden Hose, Tool Kit, Screwdriver Set, Drill Bits, Wall Charger, Gaming Mouse, Keyboard, Monitor Stand, HDMI Cable, Router, Smart Plug, Bluetooth Speaker, Tablet Stand, Stylus Pen, Memory Card, Flash Drive, Perfume Gift Set, Oud Wood Chips, Incense Burner, Charger Dock');
export const VARIANTS = sqlArray('30 ml, 50 ml, 100 ml, 250 g, 500 g, 1 kg, Small, Medium, Large, XL, 1 m, 2 m, Black, White, Gold, Silver, Blue, Red, Green, Beige, Pack of 2, Pack of 3, Set of 6, 12 pcs');
export const COLORS = sqlArray('Black, White, Gold, Silver, Blue, Red, Green, Beige, Brown, Pink');
export const SIZES = sqlArray('S, M, L, XL, 30 ml, 50 ml, 100 ml, 1 m, 2 m, One size');
const CATEGORIES = sqlArray('Perfume, Incense, Modest Fashion, Menswear, Food, Beverages, Phone Accessories, Cables and Chargers, Audio, Wearables, Bags, Footwear, Kids, Toys, Kitchen, Home Appliances, Beauty, Hair Care, Makeup, Home Textiles, Home Decor, Lighting, Automotive, Sports, Stationery, Pets, Garden, Tools, Computer Accessories, Networking');
const SUPPLIERS = sqlArray('Guangzhou Trading, Yiwu Goods, Shenzhen Electronics, Dubai General Trading, Jeddah Wholesale, Riyadh Supply, Taif Farms, Al Madina Dates, Istanbul Textiles, Karachi Fabrics, Mumbai Exports, Cairo Crafts, Amman Packaging, Muscat Perfumes, Doha Distribution, Kuwait Import, Bahrain Logistics, Ningbo Home, Hangzhou Silk, Foshan Furniture');

/** 5 companies 'Bench Company n', `owners` goods owners BO01.. spread over them, 30 SKU categories. No random(). */
export async function insertOwnersAndCategories(client: pg.Client, owners: number) {
  await client.query(`insert into wms_company (name) select 'Bench Company ' || g from generate_series(1, 5) g`);
  await client.query(`insert into wms_owner (code, name, company_id)
    select 'BO' || lpad(g::text, 2, '0'), 'Bench Owner ' || g, c.id
    from generate_series(1, ${owners}) g join (select id, row_number() over (order by id) - 1 as k from wms_company where name like 'Bench Company %') c on c.k = g % 5`);
  await client.query(`insert into wms_sku_category (name) select unnest(${CATEGORIES})`);
}

/** Platform SKUs (NOON for 70% of the SKUs, AMAZON_SA for 30%) and supplier SKUs (~0.65 per SKU) of every SKU. */
export async function insertSkuChildren(client: pg.Client) {
  await client.query(`insert into wms_ec_platform_sku (sku_id, owner_id, ec_platform, ec_platform_sku, brand, add_date)
    select id, owner_id, 1, 'N' || upper(substr(md5(id::text), 1, 10)) || 'A', split_part(name, ' ', 1), add_date from wms_sku where random() < 0.7`);
  await client.query(`insert into wms_ec_platform_sku (sku_id, owner_id, ec_platform, ec_platform_sku, add_date)
    select id, owner_id, 2, 'B0' || upper(substr(md5('amazon' || id), 1, 8)), add_date from wms_sku where random() < 0.3`);
  await client.query(`insert into wms_supplier_sku (sku_id, owner_id, supplier_name, supplier_sku, add_date)
    select s.id, s.owner_id, (${SUPPLIERS})[1 + floor(random() * 20)::int], 'SUP-' || s.id, s.add_date from wms_sku s where random() < 0.5`);
  await client.query(`insert into wms_supplier_sku (sku_id, owner_id, supplier_name, supplier_sku, add_date)
    select s.id, s.owner_id, (${SUPPLIERS})[1 + floor(random() * 20)::int], 'SUP2-' || s.id, s.add_date from wms_sku s where random() < 0.15
    on conflict do nothing`);
}

// ---- storage locations (issue 29: an inventory row is the sum of its location rows) ----
/**
 * A warehouse layout for every warehouse whose code is LIKE `warehouseLike`: the RECEIVING zone and location the
 * ledger makes (locations.ts ENSURE_RECEIVING; migration 0020 for existing warehouses), and `perWarehouse` storage
 * locations `<zone>-<aisle>-<bay>-<level>` (5 levels a bay, 40 bays an aisle, 10 aisles a zone A, B, ...; level 1
 * is the pick face), pick sequence in code order, enabled. No random(): the same layout every run.
 */
export async function insertLocations(client: pg.Client | pg.PoolClient, warehouseLike: string, perWarehouse: number) {
  await client.query(`insert into wms_warehouse_zone (warehouse_id, code, name) select id, 'RECEIVING', 'RECEIVING' from wms_warehouse where code like $1`, [warehouseLike]);
  await client.query(`insert into wms_location (warehouse_id, zone_id, code, type, pick_sequence)
    select z.warehouse_id, z.id, 'RECEIVING', 1, 0 from wms_warehouse_zone z join wms_warehouse w on w.id = z.warehouse_id where w.code like $1 and z.code = 'RECEIVING'`, [warehouseLike]);
  const zones = Math.ceil(perWarehouse / 2000);
  await client.query(`insert into wms_warehouse_zone (warehouse_id, code, name)
    select w.id, chr(65 + z), 'Zone ' || chr(65 + z) from wms_warehouse w cross join generate_series(0, ${zones - 1}) z where w.code like $1`, [warehouseLike]);
  await client.query(`insert into wms_location (warehouse_id, zone_id, code, type, pick_sequence, capacity_qty)
    select w.id, z.id, chr(65 + g / 2000) || '-' || lpad((1 + g / 200)::text, 3, '0') || '-' || lpad((1 + g / 5 % 40)::text, 2, '0') || '-' || (1 + g % 5),
      case when g % 5 = 0 then 3 else 2 end, 1 + g, 500
    from wms_warehouse w cross join generate_series(0, ${perWarehouse - 1}) g
    join wms_warehouse_zone z on z.warehouse_id = w.id and z.code = chr(65 + g / 2000)
    where w.code like $1 order by w.id, g`, [warehouseLike]);
}

/**
 * One location row per inventory row of the warehouses LIKE `warehouseLike`, holding the row's qty and lockQty (so
 * both levels agree), on one of its warehouse's `perWarehouse` storage locations (insertLocations) picked by a hash
 * of the inventory id: ~rows / locations rows a location, several SKUs mixed in a bin.
 */
export async function insertLocationRows(client: pg.Client | pg.PoolClient, warehouseLike: string, perWarehouse: number) {
  // fresh statistics: with the new locations unknown to the planner it nests the join (hours at 1,000,000 rows)
  await client.query('analyze wms_inventory, wms_location');
  await client.query(`insert into wms_location_inventory (inventory_id, location_id, warehouse_id, owner_id, sku_id, batch_no, qty, lock_qty, add_date, update_date)
    select i.id, l.id, i.warehouse_id, i.owner_id, i.sku_id, i.batch_no, i.qty, i.lock_qty, i.add_date, i.update_date
    from wms_inventory i
    join (select l.id, l.warehouse_id, row_number() over (partition by l.warehouse_id order by l.id) - 1 as k
      from wms_location l join wms_warehouse w on w.id = l.warehouse_id where w.code like $1 and l.type <> 1) l
      on l.warehouse_id = i.warehouse_id and l.k = (hashint4(i.id) & 2147483647) % ${perWarehouse}
    order by i.id`, [warehouseLike]);
}

/**
 * Both levels of the ledger agree (docs/locations.md): inventory rows whose location rows do not sum to their qty
 * and lockQty (or that have none); 0 when consistent.
 */
export async function locationMismatches(client: pg.Client | pg.PoolClient): Promise<number> {
  const r = await client.query(`select count(*)::int n from wms_inventory i
    left join (select inventory_id, sum(qty) q, sum(lock_qty) l from wms_location_inventory group by inventory_id) s on s.inventory_id = i.id
    where s.inventory_id is null or s.q <> i.qty or s.l <> i.lock_qty`);
  return r.rows[0].n as number;
}

// ---- figures ----
export interface Stats { median: number; p95: number; min: number; max: number }
/** Median and p95 by nearest rank. */
export const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { median: q(0.5), p95: q(0.95), min: s[0], max: s[s.length - 1] };
};
export const fmt = (n: number, digits = 1) => n.toFixed(digits);
/** "load average 3.12 2.80 2.41 (2 cores shared)": the machine's 1, 5 and 15 minute load, for the figures in bench/README.md. */
export const loadLine = () => `load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`;

// ---- page benchmarks: the app's call against the same SQL run directly (bench/inventory-page.ts, location-stock-page.ts) ----
/** One case: a page call whose body rotates with the run number. `table`: the table of its page statement. */
export interface PageCase {
  name: string;
  path: string;
  table: string;
  /** the request body of run i (rotating owners, warehouses, texts, ids, months) */
  body: (i: number) => Record<string, unknown>;
  /** counted against the target (else printed as an extra) */
  required: boolean;
  /** timed runs of this case when fewer than the benchmark's (a slow extra); warm-up runs shrink alike */
  runs?: number;
}
export interface PageResult { c: PageCase; app: Stats; sql: Stats; page: Stats; totals: Stats; sessionQueries: number; pageStatements: number; explain: string[] }

/**
 * The statements of one call: the session resolve (before the page statement, only when the session cache had no
 * entry), the page statement (issue 13's one statement: its text has "__total"), and anything sent after it,
 * grouped as the app sent it (nothing on today's read path). Throws when the call did not send one page statement.
 */
function splitPageCall(statements: Stmt[], table: string) {
  const first = statements.findIndex((s) => /"__total"/.test(s.text) && new RegExp(`from "${table}"`).test(s.text));
  if (first < 0) throw new Error(`expected the page statement on ${table} (records-sql.ts: rows, total and decorations in one), captured: ${statements.map((s) => s.text.slice(0, 80)).join(' | ')}`);
  return { session: statements.slice(0, first), page: statements[first], after: concurrencyGroups(statements.slice(first + 1)) };
}

/**
 * Per case, `warmup` + `runs` calls as admin through app.inject with a real session (app: session, validation, the
 * read, JSON), each followed by the very statements it sent from its page statement on, captured from the driver
 * with their query config and replayed on `b.direct` in the app's pattern (SQL). EXPLAIN (ANALYZE, BUFFERS) of the
 * slowest page statement for cases whose app median is over `targetMs` (every case with `explainAll`).
 */
export async function runPageCases(b: BenchDb, cases: PageCase[], o: { runs: number; warmup: number; targetMs: number; explainAll: boolean }): Promise<PageResult[]> {
  const { t, direct } = b;
  const admin = await t.login();
  const call = async (path: string, body: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: path, payload: body, headers: { 'x-token': admin } });
    const env = res.json();
    if (env.code !== 200) throw new Error(`${path} failed: ${env.msg}`);
    return env.data as { records: unknown[]; total: number };
  };
  /** the page statement with its query config, then what followed it: total and page-statement times */
  const replay = async (page: Stmt, after: Stmt[][]) => {
    const t0 = performance.now();
    await send(direct, page);
    const pageMs = performance.now() - t0;
    await replayGroups(direct, after);
    return { ms: performance.now() - t0, page: pageMs };
  };
  const explain = async (stmts: Stmt[]) => {
    const out: string[] = [];
    for (const s of stmts) {
      const plan = await direct.query(`explain (analyze, buffers) ${s.text}`, s.values);
      out.push(`${s.text}\n-- values: ${JSON.stringify(s.values)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    return out;
  };
  const results: PageResult[] = [];
  for (const c of cases) {
    const appTimes: number[] = [];
    const sqlTimes: number[] = [];
    const pageTimes: number[] = [];
    const totals: number[] = [];
    let sessionQueries = 0;
    let pageStatements = 0;
    let slowest: { ms: number; stmts: Stmt[] } | null = null;
    const runs = Math.min(c.runs ?? o.runs, o.runs);
    const warmup = Math.min(o.warmup, Math.ceil(runs / 10));
    for (let i = 0; i < warmup + runs; i++) {
      // app: the call as the console makes it, capturing what it sends
      const t0 = performance.now();
      const { result, statements } = await captureQueries(() => call(c.path, c.body(i)));
      const appMs = performance.now() - t0;
      const s = splitPageCall(statements, c.table);
      // SQL: the same statements straight on a pool, same pattern
      const sql = await replay(s.page, s.after);
      if (i < warmup) continue;
      appTimes.push(appMs);
      sqlTimes.push(sql.ms);
      pageTimes.push(sql.page);
      totals.push(result.total);
      sessionQueries = Math.max(sessionQueries, s.session.length);
      pageStatements = 1 + s.after.flat().length;
      if (!slowest || sql.page > slowest.ms) slowest = { ms: sql.page, stmts: [s.page] };
    }
    const app = stats(appTimes);
    const plans = (app.median > o.targetMs || o.explainAll) && slowest ? await explain(slowest.stmts) : [];
    results.push({ c, app, sql: stats(sqlTimes), page: stats(pageTimes), totals: stats(totals), sessionQueries, pageStatements, explain: plans });
    console.log(`  done: ${c.name} (app median ${fmt(app.median)} ms, p95 ${fmt(app.p95)})`);
  }
  return results;
}

/** The results as bench/README.md's table (median / p95 of app and SQL, ratio, statements), then the EXPLAINs. */
export function printPageResults(results: PageResult[], targetMs: number): void {
  console.log(`\n| case | rows matched (median, min-max; 10000 = "10,000+") | app median | app p95 | SQL median | SQL p95 | app/SQL | app - SQL | statements per call | median < ${targetMs} ms |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const ok = r.app.median <= targetMs ? 'met' : '**missed**';
    console.log(`| ${r.c.name} | ${r.totals.median} (${r.totals.min}-${r.totals.max}) | ${fmt(r.app.median)} | ${fmt(r.app.p95)} | ${fmt(r.sql.median)} | ${fmt(r.sql.p95)} | ${(r.app.median / r.sql.median).toFixed(2)} | ${fmt(r.app.median - r.sql.median)} | ${r.pageStatements}${r.sessionQueries ? ` (+${r.sessionQueries} session resolve at most)` : ''} | ${r.c.required ? ok : `${ok} (extra)`} |`);
  }
  console.log(`\nSQL = the statements the call issued from its page statement on (captured from the driver with their prepared-statement name), replayed on a pg pool as the app sent them; a session resolve (when the 30 s session cache had no entry) is not replayed.`);
  for (const r of results) if (r.explain.length) console.log(`\n### EXPLAIN ANALYZE: ${r.c.name} (the run with the slowest page statement)\n\n${r.explain.join('\n\n')}`);
}
