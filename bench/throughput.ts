/**
 * Throughput against a schema-driven peer and against direct SQL (issue 13). See bench/README.md for figures.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/throughput.ts [--rows N] [--rounds N] [--clients 1,8,32] [--log-runs N] [--allowance-rounds N] [--keep]
 *
 * Data: bench/inventory-page.ts `loadData` in a throwaway database (--rows inventory rows, default 1,000,000;
 * SKUs = rows / 5 = 200,000; log rows = 5 x rows).
 *
 * Pages, each measured with four contenders interleaved in ONE run (every client loop calls all of them each round,
 * with the same parameters, in balanced orders, `balancedRounds`: each contender in each place of a round and right
 * after each other one equally often, so all of them see the same load and the same leftovers of the others'
 * work), pool of 10 connections on every side:
 *  - app: POST through app.inject as admin with a real session (session check, validation, SQL, JSON);
 *  - PostGraphile 4 (+ postgraphile-plugin-connection-filter) over its own pg pool, in-process like app.inject:
 *    `createPostGraphileSchema` on the same database, the query parsed and validated once (as its HTTP handler
 *    caches it), then `execute` inside `withPostGraphileContext` and JSON.stringify of the answer;
 *  - app SQL: the statements the app sent for the same parameters (captured from the pg driver in a probe call
 *    before timing: text, values, prepared-statement name, rowMode, type parsers), replayed on a pg pool in the
 *    app's own pattern (statements the app had in flight together are sent together, the others one after
 *    another); the session queries are app overhead and not replayed;
 *  - 1 prepared statement: the whole page (rows, total, names, SKU fields, supplier names, platforms, stock, and for
 *    the inventory page its location rows with stock, issue 29; PostGraphile's query reads them too) as
 *    ONE named prepared statement (count subquery + json_agg) through pg: the issue's "within 1.0 ms" baseline.
 *    Its count is capped like the app's (src/server/crud/count.ts: at most COUNT_CAP + 1 rows counted), so it
 *    does the same work; PostGraphile's totalCount stays exact (its own behaviour), and the check below
 *    compares it through the same cap.
 * Before timing, for every parameter set used, app, PostGraphile and the one statement must return the same
 * total and the same ids in the same order; the run stops otherwise.
 * Clients 1, 8, 32 (concurrent loops, --rounds rounds in all per level, split over the loops):
 * median latency per contender, req/s = clients x 1000 / mean latency (what that contender alone would serve at
 * this load), ratios, and the issue's targets as met / missed.
 * The allowance (issue 13: at 1 client the app's median within 1.0 ms of the 1 statement's) is then measured in
 * its own interleaved run of app, app SQL and the 1 statement (--allowance-rounds rounds, default 1,000): in
 * the four-contender run a call that follows PostGraphile's pays for part of its work (its garbage collected,
 * the CPU caches it evicted: ~0.4 ms), which no deployment of the app has; that run's app - 1 statement is still
 * printed, for comparison.
 *
 * Then, at 1 client, app and its replayed SQL interleaved: the log list without filter and the inventory text
 * search over all owners (target median <= 50 ms).
 */
import { performance } from 'node:perf_hooks';
import { execute, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import pg from 'pg';
import { createPostGraphileSchema, withPostGraphileContext } from 'postgraphile';
import ConnectionFilterPlugin from 'postgraphile-plugin-connection-filter';
import { COUNT_CAP, pageTotal } from '../src/server/crud/count';
import { loadData } from './inventory-page';
import { captureQueries, closeBenchDb, concurrencyGroups, fmt, openBenchDb, replayGroups, serverInfo, stats, type Stmt } from './lib';

const args = process.argv.slice(2);
const option = (name: string, dflt: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const ROWS = Number(option('--rows', '1000000'));
const ROUNDS = Number(option('--rounds', '400'));
const CLIENTS = option('--clients', '1,8,32').split(',').map(Number);
const LOG_RUNS = Number(option('--log-runs', '40'));
const ALLOWANCE_ROUNDS = Number(option('--allowance-rounds', '1000'));
const POOL = 10;
const PARAM_SETS = 100;

type Row = Record<string, unknown>;
interface Answer { total: number; ids: number[] }
interface Contender { name: string; run: (p: number) => Promise<unknown> }

/** Every order of 0..n-1. */
function permutations(n: number): number[][] {
  if (n <= 1) return [[0]];
  return permutations(n - 1).flatMap((q) => Array.from({ length: n }, (_, i) => [...q.slice(0, i), n - 1, ...q.slice(i)]));
}

/**
 * The orders in which a client loop calls n contenders, one order per round: every order of the n once (so each
 * contender is first, second, ... equally often: the first call of a round reads the parameter set's rows colder
 * than the others), arranged so that, counting the step from one round to the next too (and from the last back to
 * the first), each contender comes right after each other one equally often and never after itself. A plain
 * rotation (0123, 1230, ...) is not balanced that way: each contender followed the same one in 3 calls of 4, and
 * the work a contender leaves behind (garbage to collect, CPU caches it evicted: PostGraphile leaves much) landed
 * mostly on one other. Found by a depth-first search (24 orders for 4 contenders, at once); n < 3: every order.
 */
export function balancedRounds(n: number): number[][] {
  const perms = permutations(n);
  if (n < 3) return perms;
  const each = perms.length / (n * (n - 1)); // how often each ordered pair may join two rounds
  const joins = new Map<string, number>();
  const seq = [0];
  const used = new Set(seq);
  const joinOf = (from: number, to: number) => `${perms[from][n - 1]}>${perms[to][0]}`;
  const fits = (from: number, to: number) => perms[from][n - 1] !== perms[to][0] && (joins.get(joinOf(from, to)) ?? 0) < each;
  const search = (): boolean => {
    const last = seq[seq.length - 1];
    if (seq.length === perms.length) return fits(last, seq[0]);
    for (let i = 0; i < perms.length; i++) {
      if (used.has(i) || !fits(last, i)) continue;
      const k = joinOf(last, i);
      used.add(i); seq.push(i); joins.set(k, (joins.get(k) ?? 0) + 1);
      if (search()) return true;
      used.delete(i); seq.pop(); joins.set(k, joins.get(k)! - 1);
    }
    return false;
  };
  if (!search()) throw new Error(`no balanced order of ${n} contenders`);
  return seq.map((i) => perms[i]);
}

/**
 * Runs `rounds` rounds over `clients` concurrent loops (split over them); a round calls every contender once with
 * the same parameter set, in the loop's next order of {@link balancedRounds} (each loop starting at another one).
 */
async function interleaved(contenders: Contender[], clients: number, rounds: number) {
  const times = new Map(contenders.map((c) => [c.name, [] as number[]]));
  const orders = balancedRounds(contenders.length);
  const perLoop = Math.max(3, Math.ceil(rounds / clients));
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, async (_, k) => {
    for (let r = 0; r < perLoop; r++) {
      const p = k * perLoop + r;
      for (const j of orders[(r + k) % orders.length]) {
        const c = contenders[j];
        const s = performance.now();
        await c.run(p);
        times.get(c.name)!.push(performance.now() - s);
      }
    }
  }));
  const wall = performance.now() - t0;
  return contenders.map((c) => {
    const xs = times.get(c.name)!;
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return { name: c.name, n: xs.length, ...stats(xs), mean, rps: (clients * 1000) / mean, wall };
  });
}

/** A page as one named prepared statement. */
const prepared = (pool: pg.Pool, name: string, text: string) => async (values: unknown[]) => {
  const r = await pool.query({ name, text, values });
  const row = r.rows[0] as { total: string; records: Row[] | null };
  return { total: pageTotal(row.total).total, records: row.records ?? [] };
};

const INVENTORY_ONE = `
select (select count(*) from (select 1 from wms_inventory where owner_id = $1 and warehouse_id = $2 limit ${COUNT_CAP + 1}) capped) as total,
  (select json_agg(r order by r.qty desc, r.id desc) from (
    select i.id, i.company_id as "companyId", i.warehouse_id as "warehouseId", i.owner_id as "ownerId", i.sku_id as "skuId",
      i.batch_no as "batchNo", i.qty, i.lock_qty as "lockQty", i.add_date as "addDate", i.update_date as "updateDate",
      c.name as "companyName", w.name as "warehouseName", o.name as "ownerName", s.sku as "skuName",
      json_build_object('sku', s.sku, 'name', s.name, 'goodsNo', s.goods_no, 'category', cat.name, 'color', s.color,
        'size', s.size, 'weight', s.weight, 'goodsImageUrl', s.goods_image_url) as "skuEntity",
      coalesce((select json_agg(distinct ss.supplier_name) from wms_supplier_sku ss where ss.sku_id = i.sku_id and ss.supplier_name is not null), '[]') as "supplierNames",
      coalesce((select json_agg(p.ec_platform order by p.ec_platform) from wms_ec_platform_sku p where p.sku_id = i.sku_id), '[]') as "ecPlatforms",
      coalesce((select json_agg(json_build_object('locationId', l.id, 'code', l.code, 'qty', li.qty, 'lockQty', li.lock_qty) order by l.pick_sequence, l.id)
        from wms_location_inventory li join wms_location l on l.id = li.location_id where li.inventory_id = i.id and li.qty > 0), '[]') as "locations"
    from (select * from wms_inventory where owner_id = $1 and warehouse_id = $2 order by qty desc, id desc limit $3 offset $4) i
    left join wms_company c on c.id = i.company_id left join wms_warehouse w on w.id = i.warehouse_id
    left join wms_owner o on o.id = i.owner_id left join wms_sku s on s.id = i.sku_id
    left join wms_sku_category cat on cat.id = s.category_id
  ) r) as records`;

const SKU_ONE = `
select (select count(*) from (select 1 from wms_sku where owner_id = $1 and name ilike $2 limit ${COUNT_CAP + 1}) capped) as total,
  (select json_agg(r order by r.sku, r.id) from (
    select s.id, s.owner_id as "ownerId", s.company_id as "companyId", s.sku, s.name, s.enable, s.category_id as "categoryId",
      s.color, s.size, s.goods_no as "goodsNo", s.goods_image_url as "goodsImageUrl", s.weight,
      s.remark_for_warehouse as "remarkForWarehouse", s.remark_for_owner as "remarkForOwner", s.add_date as "addDate", s.update_date as "updateDate",
      o.name as "ownerName", c.name as "companyName", cat.name as "categoryName",
      coalesce((select json_agg(distinct ss.supplier_name) from wms_supplier_sku ss where ss.sku_id = s.id and ss.supplier_name is not null), '[]') as "supplierNames",
      coalesce((select json_agg(p.ec_platform order by p.ec_platform) from wms_ec_platform_sku p where p.sku_id = s.id), '[]') as "ecPlatforms",
      coalesce((select sum(i.qty) from wms_inventory i where i.sku_id = s.id), 0) as "inventoryQty"
    from (select * from wms_sku where owner_id = $1 and name ilike $2 order by sku, id limit $3 offset $4) s
    left join wms_owner o on o.id = s.owner_id left join wms_company c on c.id = s.company_id
    left join wms_sku_category cat on cat.id = s.category_id
  ) r) as records`;

const INVENTORY_GQL = `query ($owner: Int!, $warehouse: Int!, $first: Int!, $offset: Int!) {
  allWmsInventories(filter: {ownerId: {equalTo: $owner}, warehouseId: {equalTo: $warehouse}}, orderBy: [QTY_DESC, ID_DESC], first: $first, offset: $offset) {
    totalCount
    nodes {
      id companyId warehouseId ownerId skuId batchNo qty lockQty addDate updateDate
      wmsCompanyByCompanyId { name } wmsWarehouseByWarehouseId { name } wmsOwnerByOwnerId { name }
      wmsSkuBySkuId {
        sku name goodsNo color size weight goodsImageUrl wmsSkuCategoryByCategoryId { name }
        wmsSupplierSkusBySkuId(orderBy: SUPPLIER_NAME_ASC) { nodes { supplierName } }
        wmsEcPlatformSkusBySkuId(orderBy: EC_PLATFORM_ASC) { nodes { ecPlatform } }
      }
      wmsLocationInventoriesByInventoryId(filter: {qty: {greaterThan: 0}}, orderBy: ID_ASC) { nodes { locationId qty lockQty wmsLocationByLocationId { code pickSequence } } }
    }
  }
}`;

const SKU_GQL = `query ($owner: Int!, $name: String!, $first: Int!, $offset: Int!) {
  allWmsSkus(filter: {ownerId: {equalTo: $owner}, name: {includesInsensitive: $name}}, orderBy: [SKU_ASC, ID_ASC], first: $first, offset: $offset) {
    totalCount
    nodes {
      id ownerId companyId sku name enable categoryId color size goodsNo goodsImageUrl weight remarkForWarehouse remarkForOwner addDate updateDate
      wmsOwnerByOwnerId { name } wmsCompanyByCompanyId { name } wmsSkuCategoryByCategoryId { name }
      wmsSupplierSkusBySkuId(orderBy: SUPPLIER_NAME_ASC) { nodes { supplierName } }
      wmsEcPlatformSkusBySkuId(orderBy: EC_PLATFORM_ASC) { nodes { ecPlatform } }
      wmsInventoriesBySkuId { nodes { qty } }
    }
  }
}`;

/** The PostGraphile side: schema on its own pool, one query document parsed and validated once. */
async function postgraphile(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  const schema: GraphQLSchema = await createPostGraphileSchema(pool, ['public'], {
    appendPlugins: [ConnectionFilterPlugin as never], disableDefaultMutations: true, dynamicJson: true, setofFunctionsContainNulls: false,
  });
  const prepare = (source: string): DocumentNode => {
    const doc = parse(source);
    const errors = validate(schema, doc);
    if (errors.length) throw new Error(`GraphQL query invalid: ${errors.map((e) => e.message).join('; ')}`);
    return doc;
  };
  const run = async (doc: DocumentNode, variableValues: Row) => {
    const result = await withPostGraphileContext({ pgPool: pool }, (contextValue) => execute({ schema, document: doc, contextValue, variableValues }) as never);
    const r = result as { data?: Row; errors?: Array<{ message: string }> };
    if (r.errors?.length) throw new Error(`PostGraphile: ${r.errors.map((e) => e.message).join('; ')}`);
    JSON.stringify(r); // the HTTP handler's serialisation
    return r.data!;
  };
  return { pool, prepare, run };
}

interface Page { name: string; path: string; body: (p: number) => Row; gql: (p: number) => Promise<Answer>; one: (p: number) => Promise<Answer> }

async function main() {
  console.log(`Throughput benchmark (issue 13): ${ROWS} inventory rows, ${ROWS / 5} SKUs, ${ROWS * 5} log rows; clients ${CLIENTS.join(', ')}; ${ROUNDS} rounds per level; pool ${POOL} on every side`);
  const bench = await openBenchDb();
  const { t, direct, loader } = bench;
  let pgl: Awaited<ReturnType<typeof postgraphile>> | undefined;
  let failed = false;
  try {
    console.log(await serverInfo(bench));
    const loaded = await loadData(loader);
    console.log(`generated in ${(loaded.generationMs / 1000).toFixed(1)} s: ${loaded.skus} SKUs, ${loaded.inventory} inventory rows, ${loaded.logs} log rows`);
    console.log(`load average before timing: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    pgl = await postgraphile(bench.url);
    const invDoc = pgl.prepare(INVENTORY_GQL);
    const skuDoc = pgl.prepare(SKU_GQL);
    const invOne = prepared(direct, 'bench_inventory_page', INVENTORY_ONE);
    const skuOne = prepared(direct, 'bench_sku_page', SKU_ONE);

    const owners = (await loader.query(`select id from wms_owner where code like 'BO%' order by id`)).rows.map((r) => r.id as number);
    const warehouses = (await loader.query(`select id from wms_warehouse where code like 'BW%' order by id`)).rows.map((r) => r.id as number);
    const pair = (p: number) => ({ ownerId: owners[p % owners.length], warehouseId: warehouses[(p + Math.floor(p / owners.length)) % warehouses.length] });
    const WORDS = ['charger', 'perfume', 'cable', 'kettle', 'coffee'];
    const skuParams = (p: number) => ({ ownerId: owners[p % owners.length], name: WORDS[Math.floor(p / owners.length) % WORDS.length] });
    const likeOf = (w: string) => `%${w}%`;

    const pages: Page[] = [
      {
        name: 'inventory page (owner + warehouse, sort qty desc, 20 rows + total, names, SKU fields, suppliers, platforms)',
        path: '/sapi/wms/sku-inventory/page',
        body: (p) => ({ current: 1, size: 20, ...pair(p % PARAM_SETS), sortProp: 'qty', sortOrder: 'desc' }),
        gql: async (p) => {
          const { ownerId, warehouseId } = pair(p % PARAM_SETS);
          const d = (await pgl!.run(invDoc, { owner: ownerId, warehouse: warehouseId, first: 20, offset: 0 })).allWmsInventories as { totalCount: number; nodes: Row[] };
          return { total: d.totalCount, ids: d.nodes.map((n) => n.id as number) };
        },
        one: async (p) => {
          const { ownerId, warehouseId } = pair(p % PARAM_SETS);
          const r = await invOne([ownerId, warehouseId, 20, 0]);
          return { total: r.total, ids: r.records.map((x) => x.id as number) };
        },
      },
      {
        name: `SKU page (owner + name contains a word, sort sku asc, 20 rows + total, names, suppliers, platforms, stock)`,
        path: '/sapi/wms/sku/page',
        body: (p) => ({ current: 1, size: 20, ...skuParams(p % PARAM_SETS), sortProp: 'sku', sortOrder: 'asc' }),
        gql: async (p) => {
          const { ownerId, name } = skuParams(p % PARAM_SETS);
          const d = (await pgl!.run(skuDoc, { owner: ownerId, name, first: 20, offset: 0 })).allWmsSkus as { totalCount: number; nodes: Row[] };
          return { total: d.totalCount, ids: d.nodes.map((n) => n.id as number) };
        },
        one: async (p) => {
          const { ownerId, name } = skuParams(p % PARAM_SETS);
          const r = await skuOne([ownerId, likeOf(name), 20, 0]);
          return { total: r.total, ids: r.records.map((x) => x.id as number) };
        },
      },
    ];

    const admin = await t.login();
    const call = async (path: string, body: Row) => {
      const res = await t.app.inject({ method: 'POST', url: path, payload: body, headers: { 'x-token': admin } });
      const env = res.json();
      if (env.code !== 200) throw new Error(`${path} failed: ${env.msg}`);
      return env.data as { records: Row[]; total: number };
    };
    /** The statements of an app call for `body`, session queries left out (those before the first on `table`). */
    const probe = async (path: string, body: Row, table: string) => {
      const { result, statements } = await captureQueries(() => call(path, body));
      const first = statements.findIndex((s) => s.text.includes(`"${table}"`) || s.text.includes(` ${table} `));
      if (first < 0) throw new Error(`no statement on ${table} captured for ${path}`);
      return { result, session: first, groups: concurrencyGroups(statements.slice(first)) };
    };

    const summary: string[] = [];
    for (const page of pages) {
      const table = page.path.includes('inventory') ? 'wms_inventory' : 'wms_sku';
      // probe every parameter set once (also a warm-up of every side) and check that all sides agree
      const replays: Stmt[][][] = [];
      let session = 0;
      let stmtsPerCall = 0;
      for (let p = 0; p < PARAM_SETS; p++) {
        await call(page.path, page.body(p)); // warm (a cold pool would make the app's parallel statements look sequential)
        const pr = await probe(page.path, page.body(p), table);
        replays.push(pr.groups);
        if (p === 0 && args.includes('--debug-groups')) for (const g of pr.groups) console.log(g.map((x) => `${x.t0?.toFixed(2)}-${x.t1?.toFixed(2)} ${x.text.slice(0, 60)}`).join('\n  '));
        if (p === 0) { session = pr.session; stmtsPerCall = pr.groups.flat().length; }
        const app: Answer = { total: pr.result.total, ids: pr.result.records.map((r) => r.id as number) };
        // PostGraphile's totalCount is exact; the app (and the one statement) cap theirs (src/server/crud/count.ts)
        const [gql, one] = [await page.gql(p), await page.one(p)].map((a) => ({ ...a, total: pageTotal(a.total).total }));
        for (const [who, a] of [['PostGraphile', gql], ['one prepared statement', one]] as const) {
          if (a.total !== app.total || JSON.stringify(a.ids) !== JSON.stringify(app.ids)) {
            throw new Error(`${page.name}, parameters ${JSON.stringify(page.body(p))}: ${who} answered total ${a.total}, ids ${a.ids.join(',')}; the app total ${app.total}, ids ${app.ids.join(',')}`);
          }
        }
        if (!app.ids.length && p < 3) console.log(`  note: ${JSON.stringify(page.body(p))} matches no row`);
      }
      console.log(`\n## ${page.name}\n\nchecked: app, PostGraphile and the one statement return the same total and the same ids in the same order for all ${PARAM_SETS} parameter sets. The app sends ${session} session + ${stmtsPerCall} page statements per call in ${replays[0].length} round trips (${replays[0].map((g) => g.length).join(' + ')}).\n`);
      const contenders: Contender[] = [
        { name: 'app', run: (p) => call(page.path, page.body(p)) },
        { name: 'PostGraphile', run: (p) => page.gql(p) },
        { name: 'app SQL', run: (p) => replayGroups(direct, replays[p % PARAM_SETS]) },
        { name: '1 prepared statement', run: (p) => page.one(p) },
      ];
      console.log('| clients | app median ms | app req/s | PostGraphile median | PostGraphile req/s | app SQL median | app SQL req/s | 1 statement median | 1 statement req/s | app / PostGraphile (target >= 1.2) | app / app SQL | app - 1 statement median (with the peer in the run) |');
      console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|');
      for (const clients of CLIENTS) {
        const r = await interleaved(contenders, clients, ROUNDS);
        const [app, gql, sql, one] = r;
        const vsPeer = app.rps / gql.rps;
        console.log(`| ${clients} | ${fmt(app.median)} | ${app.rps.toFixed(0)} | ${fmt(gql.median)} | ${gql.rps.toFixed(0)} | ${fmt(sql.median)} | ${sql.rps.toFixed(0)} | ${fmt(one.median)} | ${one.rps.toFixed(0)} | ${vsPeer.toFixed(2)} ${vsPeer >= 1.2 ? 'met' : '**missed**'} | ${(app.rps / sql.rps).toFixed(2)} | ${fmt(app.median - one.median)} |`);
        summary.push(`${page.name.split(' (')[0]}, ${clients} clients: app/PostGraphile ${vsPeer.toFixed(2)} (${vsPeer >= 1.2 ? 'met' : 'missed'})`);
      }
      // the allowance: the app against the same page as one statement, without the peer's work between the calls
      const [app, sql, one] = await interleaved(contenders.filter((c) => c.name !== 'PostGraphile'), 1, ALLOWANCE_ROUNDS);
      const gap = app.median - one.median;
      console.log(`\nAllowance at 1 client (app, app SQL and the 1 statement interleaved, ${ALLOWANCE_ROUNDS} calls each): app median ${fmt(app.median, 2)} ms, app SQL ${fmt(sql.median, 2)}, 1 statement ${fmt(one.median, 2)}; app - 1 statement **${fmt(gap, 2)} ms** (target <= 1.0: ${gap <= 1.0 ? 'met' : '**missed**'}), of which app - app SQL ${fmt(app.median - sql.median, 2)} (HTTP, session, validation, JSON) and app SQL - 1 statement ${fmt(sql.median - one.median, 2)} (the statement itself).`);
      summary.push(`${page.name.split(' (')[0]}, 1 client: app - 1 statement ${fmt(gap, 2)} ms (${gap <= 1.0 ? 'met' : 'missed'})`);
    }

    // ---- slow lists at 1 client: app and its own SQL, interleaved ----
    console.log(`\n## Lists over millions of rows (1 client, ${LOG_RUNS} runs each after 5 warm-up runs, app and its replayed SQL interleaved; target median <= 50 ms)\n`);
    console.log('| case | rows matched (the app total, capped at 10,000) | app median | app p95 | app SQL median | app statements per call | median <= 50 ms |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    const SEARCH = ['charger', 'perfume', 'cable', 'abaya', 'kettle', 'coffee', 'oud', 'lamp', 'bag', 'shoes'];
    const lists = [
      { name: 'inventory log, no filter', path: '/sapi/wms/sku-inventory-log/page', table: 'wms_inventory_log', body: () => ({ current: 1, size: 10 }) },
      { name: 'inventory, sku text (a product word) over all owners', path: '/sapi/wms/sku-inventory/page', table: 'wms_inventory', body: (i: number) => ({ current: 1, size: 20, sku: SEARCH[i % SEARCH.length] }) },
    ];
    for (const l of lists) {
      const app: number[] = [];
      const sql: number[] = [];
      const totals: number[] = [];
      let n = 0;
      for (let i = 0; i < 5 + LOG_RUNS; i++) {
        let s = performance.now();
        const pr = await probe(l.path, l.body(i), l.table);
        const appMs = performance.now() - s;
        s = performance.now();
        await replayGroups(direct, pr.groups);
        const sqlMs = performance.now() - s;
        if (i < 5) continue;
        app.push(appMs); sql.push(sqlMs); totals.push(pr.result.total); n = pr.groups.flat().length + pr.session;
      }
      const a = stats(app);
      const tt = stats(totals);
      console.log(`| ${l.name} | ${tt.median} (${tt.min}-${tt.max}) | ${fmt(a.median)} | ${fmt(a.p95)} | ${fmt(stats(sql).median)} | ${n} | ${a.median <= 50 ? 'met' : '**missed**'} |`);
      summary.push(`${l.name}: app median ${fmt(a.median)} ms (${a.median <= 50 ? 'met' : 'missed'})`);
    }
    console.log(`\nSummary:\n${summary.map((s) => `- ${s}`).join('\n')}`);
    console.log(`load average after: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    await pgl?.pool.end().catch(() => {});
    await closeBenchDb(bench, args.includes('--keep'));
    if (failed) process.exitCode = 1;
  }
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
