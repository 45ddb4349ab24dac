/**
 * Shared by the page benchmarks (bench/sku-page.ts, bench/inventory-page.ts): the throwaway database, capture of
 * the SQL the app sends, the word lists and reference rows the data generators use, statistics.
 */
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

// ---- figures ----
export interface Stats { median: number; p95: number; min: number; max: number }
/** Median and p95 by nearest rank. */
export const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { median: q(0.5), p95: q(0.95), min: s[0], max: s[s.length - 1] };
};
export const fmt = (n: number, digits = 1) => n.toFixed(digits);
