/**
 * Outbound order flow benchmark (issue 5: "allocations plus shipments per second with 32 concurrent clients on
 * PostgreSQL, next to the same SQL statements issued directly in the same run"). See bench/README.md for figures.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/order-flow.ts
 *     [--orders N]      outbound orders allocated and shipped per flow variant (default 2,000; env BENCH_ORDERS)
 *     [--skus N]        SKUs of the goods owner (default 200; env BENCH_SKUS)
 *     [--clients N]     concurrent clients (default 32; env BENCH_CLIENTS)
 *     [--warmup N]      extra orders run through each variant before the timed part (default 64; env BENCH_WARMUP)
 *     [--hot-orders N]  orders of 2 units of ONE SKU in the contended variant (default 400; env BENCH_HOT_ORDERS)
 *     [--hot-stock N]   stock of that SKU, one inventory row (default 500; env BENCH_HOT_STOCK)
 *     [--rounds N]      the flow variants take turns over N chunks of the orders (default 4; env BENCH_ROUNDS)
 *     [--keep]          leave the database in place (its name is printed)
 *   env BENCH_PROFILE=<path>: CPU profile of the app flow rounds only (<path>.round<n>.cpuprofile, Chrome DevTools format)
 *
 * Creates its own throwaway database (tests/api/harness.ts startTestApp('postgres') through bench/lib.ts: migrated,
 * seeded, dropped at the end), so the test databases are not touched. Everything below goes through the app's
 * HTTP API (app.inject, as admin with a real session) unless it says SQL:
 *  - set-up: a company, goods owner, warehouse and category; --skus SKUs plus one "hot" SKU; stock received
 *    through inbound orders (add + receive, so the ledger has the log lines): per SKU a small batch B1 (10 units,
 *    the older row, so it runs out during the run and lines spill over to B2) and a batch B2 holding the SKU's
 *    whole demand; the hot SKU --hot-stock units in one row; then --warmup + --orders outbound orders of 1-3
 *    lines (distinct SKUs, uniform, 1-5 units each, fixed seed) and --hot-orders orders of 2 hot units;
 *    a snapshot of wms_inventory and wms_location_inventory (received stock stands on the warehouse's RECEIVING
 *    location, issue 29) and the last log id, to reset to between variants.
 *  - variant "app flow": --clients workers take the orders from one queue; each order is
 *    POST /sapi/wms/outbound-order/allocate then /ship (src/server/domain/outbound/orders.ts): the whole HTTP
 *    call, session check, the transaction and the decorated order in the answer.
 *  - capture pass (untimed, one call at a time, from the snapshot): every statement the app sends for each order's
 *    allocate and ship calls (session check, reads, the transaction), captured from the pg driver with its query
 *    config (bench/lib.ts captureQueries).
 *  - variant "SQL flow": the same orders by --clients pg connections replaying exactly those statements, grouped as
 *    the app sent them. The captured allocations are a valid serial schedule and every ledger UPDATE adds a delta
 *    under a guard, so any subset replays from the snapshot in any interleaving; the checks below prove it.
 *  - variant "SQL flow, 10 connections": the same again on 10 connections, the size of the app's pg pool
 *    (src/server/db/connect.ts), to tell the pool limit from the app's own cost.
 *  - the flow orders are split into --rounds chunks (default 4); each chunk goes through the three variants in
 *    turn (rotating which goes first, each after a reset), so load on the machine hits all of them alike.
 *  - variant "hot": --clients workers allocate the --hot-orders orders against the one hot row (app, then SQL
 *    after a reset): exactly min(orders, floor(stock / 2)) x 2 units (all 500 by default) must end up locked, and
 *    the other orders refused with 409 with nothing locked.
 * After each variant: inventory = snapshot - shipped + held allocations on every row, no negative or over-locked
 * row, every allocated line fully covered, log rows added = ledger changes, and the ledger closure at both levels
 * (ledger.ts ledgerDiscrepancies, locations.ts locationDiscrepancies: every row the sum of its location rows, every
 * location row the sum of its log lines) empty; a failed check sets the exit code.
 *
 * Figures: orders/s (allocate + ship pairs completed per second of wall time; for "hot", allocation attempts per
 * second), median and p95 (nearest rank) latency in ms of each call (app: the HTTP call; SQL: the transaction),
 * SQL statements per order (counted at the pg driver, session queries included for the app), CPU seconds of the
 * Node process and of the PostgreSQL backends connected to the benchmark database (/proc), and pg_stat_activity
 * sampled every 100 ms: how many of the database's backends were on CPU, waiting for a row lock, or idle in a
 * transaction (waiting for the client). With the defaults the run takes ~4 minutes on 2 cores (set-up ~1 min,
 * app flow ~2 min).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { OutboundOrderStatus as S } from '../generated/shared/enums';
import { ledgerDiscrepancies } from '../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../src/server/domain/inventory/locations';
import { captureQueries, closeBenchDb, concurrencyGroups, fmt, openBenchDb, serverInfo, stats, type BenchDb, type Stats, type Stmt } from './lib';

const args = process.argv.slice(2);
/** BENCH_PROFILE=<path>: a CPU profile of this process during each app flow round only, written to <path>.round<n>.cpuprofile. */
const PROFILE = process.env.BENCH_PROFILE;
/** Starts the inspector's CPU profiler; the returned function stops it and writes the profile to a file. */
async function startProfile(): Promise<(file: string) => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
const flag = (name: string) => args.includes(name);
const option = (name: string, env: string, dflt: number) => {
  const i = args.indexOf(name);
  const v = i >= 0 ? Number(args[i + 1]) : process.env[env] ? Number(process.env[env]) : dflt;
  if (!Number.isInteger(v) || v < 0) throw new Error(`${name}: a whole number, got ${i >= 0 ? args[i + 1] : process.env[env]}`);
  return v;
};
const ORDERS = option('--orders', 'BENCH_ORDERS', 2000);
const SKUS = option('--skus', 'BENCH_SKUS', 200);
const CLIENTS = option('--clients', 'BENCH_CLIENTS', 32);
const WARMUP = option('--warmup', 'BENCH_WARMUP', 64);
const HOT_ORDERS = option('--hot-orders', 'BENCH_HOT_ORDERS', 400);
const HOT_STOCK = option('--hot-stock', 'BENCH_HOT_STOCK', 500);
const ROUNDS = Math.max(1, option('--rounds', 'BENCH_ROUNDS', 4));
const HOT_QTY = 2;
const SMALL_BATCH = 10;
const SETUP_CONCURRENCY = 8;
const P = '/sapi/wms/outbound-order';
const SNAPSHOT = 'bench_order_flow_snapshot';
/** The location rows at the snapshot (issue 29: stock received lands on the warehouse's RECEIVING location). */
const SNAPSHOT_LOC = 'bench_order_flow_snapshot_loc';
/** max of the app's pg.Pool (src/server/db/connect.ts) */
const APP_POOL = 10;

// ---- statements per order: every query passing through the pg driver, except the benchmark's own clients ----
let statementCount = 0;
const uncounted = new WeakSet<object>();
const countedQuery = pg.Client.prototype.query;
(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (this: pg.Client, ...a: unknown[]) {
  if (!uncounted.has(this)) statementCount++;
  return (countedQuery as (...x: unknown[]) => unknown).apply(this, a);
} as never;

// ---- small helpers ----
function prng(seed: number) { // mulberry32
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** `clients` workers take items from one queue until it is empty. */
async function drive<T>(items: T[], clients: number, fn: (item: T, worker: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(clients, items.length) }, async (_, w) => {
    while (next < items.length) await fn(items[next++], w);
  }));
}
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * CPU ticks (utime + stime, /proc) of each backend connected to the benchmark database except `exclude` (the
 * sampler): other PostgreSQL work on the machine (other people's tests) is not counted. Null if /proc is unreadable.
 */
async function backendTicks(client: pg.Client, dbName: string, exclude: number): Promise<Map<number, number> | null> {
  const pids = (await client.query(`select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> $2`, [dbName, exclude])).rows.map((r) => r.pid as number);
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' '); // f[0] = field 3 (state); utime, stime = fields 14, 15
      out.set(pid, Number(f[11]) + Number(f[12]));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue; // ended meanwhile
      return null;
    }
  }
  return out;
}
/** CPU seconds the backends used between two backendTicks (USER_HZ 100); a backend that ended in between is lost. */
const cpuBetween = (a: Map<number, number> | null, b: Map<number, number> | null) =>
  a && b ? [...b].reduce((sum, [pid, ticks]) => sum + ticks - (a.get(pid) ?? 0), 0) / 100 : null;

/** pg_stat_activity of the benchmark database every 100 ms: mean backends on CPU, waiting for a lock, idle in a transaction. */
function sampleActivity(client: pg.Client, dbName: string) {
  let stop = false;
  const acc = { samples: 0, cpu: 0, lock: 0, idleInTx: 0, otherWait: 0 };
  const loop = (async () => {
    while (!stop) {
      const r = await client.query(`select state, wait_event_type from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`, [dbName]);
      acc.samples++;
      for (const x of r.rows) {
        if (x.state === 'active') {
          if (!x.wait_event_type) acc.cpu++;
          else if (x.wait_event_type === 'Lock') acc.lock++;
          else if (x.wait_event_type !== 'Client') acc.otherWait++;
        } else if (x.state === 'idle in transaction') acc.idleInTx++;
      }
      await new Promise((res) => setTimeout(res, 100));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    const n = Math.max(1, acc.samples);
    return { cpu: acc.cpu / n, lock: acc.lock / n, idleInTx: acc.idleInTx / n, otherWait: acc.otherWait / n };
  };
}

interface PhaseResult {
  name: string; clients: number; items: number; wallMs: number; perSec: number;
  allocate: Stats; ship?: Stats; refused: number; statementsPerItem: number;
  nodeCpu: number; pgCpu: number | null; activity: { cpu: number; lock: number; idleInTx: number; otherWait: number };
  deadlocks: number; rollbacks: number; load: string;
  /** the raw latencies, for merging the rounds of a variant */
  raw: { allocate: number[]; ship: number[]; statements: number };
}

/** One variant's rounds as one result: latencies pooled, counts and times summed, activity weighted by time. */
function mergePhases(name: string, parts: PhaseResult[]): PhaseResult {
  const sum = (f: (p: PhaseResult) => number) => parts.reduce((n, p) => n + f(p), 0);
  const wallMs = sum((p) => p.wallMs);
  const items = sum((p) => p.items);
  const allocate = parts.flatMap((p) => p.raw.allocate);
  const ship = parts.flatMap((p) => p.raw.ship);
  const w = (f: (p: PhaseResult) => number) => sum((p) => f(p) * p.wallMs) / wallMs;
  const pgCpu = parts.some((p) => p.pgCpu === null) ? null : sum((p) => p.pgCpu!);
  return {
    name, clients: parts[0].clients, items, wallMs, perSec: items / (wallMs / 1000), allocate: stats(allocate), ship: ship.length ? stats(ship) : undefined,
    refused: sum((p) => p.refused), statementsPerItem: sum((p) => p.raw.statements) / items, nodeCpu: sum((p) => p.nodeCpu), pgCpu,
    activity: { cpu: w((p) => p.activity.cpu), lock: w((p) => p.activity.lock), idleInTx: w((p) => p.activity.idleInTx), otherWait: w((p) => p.activity.otherWait) },
    deadlocks: sum((p) => p.deadlocks), rollbacks: sum((p) => p.rollbacks), load: parts.map((p) => p.load).join('/'),
    raw: { allocate, ship, statements: sum((p) => p.raw.statements) },
  };
}

interface Seeded {
  ownerId: number; warehouseId: number; hotSkuId: number; hotRowId: number;
  warmupOrders: number[]; flowOrders: number[]; hotOrders: number[]; orderedUnits: number; logMark: number;
}

async function main() {
  console.log(`Outbound order flow benchmark: ${ORDERS} orders (+${WARMUP} warm-up) of 1-3 lines over ${SKUS} SKUs, ${CLIENTS} concurrent clients; contended: ${HOT_ORDERS} orders of ${HOT_QTY} units against ${HOT_STOCK} units of one SKU`);
  const bench = await openBenchDb();
  const { t, loader } = bench;
  uncounted.add(loader);
  const sampler = new pg.Client({ connectionString: bench.url });
  uncounted.add(sampler);
  await sampler.connect();
  const samplerPid = (await sampler.query('select pg_backend_pid() pid')).rows[0].pid as number;
  let failed = false;
  try {
    console.log(await serverInfo(bench));
    console.log(`machine: load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} at start; the app's pg pool has max ${APP_POOL} connections (src/server/db/connect.ts)`);
    const token = await t.login();
    const api = async (path: string, body: unknown) => {
      const res = await t.app.inject({ method: 'POST', url: path, payload: body as object, headers: { 'x-token': token } });
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${path}: ${res.body}`);
      return res.json() as { code: number; msg: string; data: any };
    };
    const ok = async (path: string, body: unknown) => {
      const r = await api(path, body);
      if (r.code !== 200) throw new Error(`${path}: ${r.msg}`);
      return r.data;
    };

    // ---------------- set-up through the API ----------------
    const t0 = performance.now();
    const seeded = await setup(bench, ok);
    console.log(`set-up through the API in ${secs(performance.now() - t0)}: ${SKUS + 1} SKUs, ${2 * SKUS + 1} stock rows received, ${seeded.warmupOrders.length + seeded.flowOrders.length + seeded.hotOrders.length} outbound orders (${seeded.orderedUnits} units in the timed flow orders)`);
    const benchOrders = [...seeded.warmupOrders, ...seeded.flowOrders, ...seeded.hotOrders];

    const reset = async () => {
      await loader.query(`delete from wms_outbound_allocation where order_id = any($1)`, [benchOrders]);
      await loader.query(`delete from wms_inventory_log where id > $1`, [seeded.logMark]);
      await loader.query(`update wms_inventory i set qty = s.qty, lock_qty = s.lock_qty from ${SNAPSHOT} s where s.id = i.id and (i.qty <> s.qty or i.lock_qty <> s.lock_qty)`);
      // the location level too (issue 29): else the two levels differ and the replayed allocations meet the guards
      await loader.query(`delete from wms_location_inventory li where not exists (select 1 from ${SNAPSHOT_LOC} s where s.id = li.id)`);
      await loader.query(`update wms_location_inventory li set qty = s.qty, lock_qty = s.lock_qty from ${SNAPSHOT_LOC} s where s.id = li.id and (li.qty <> s.qty or li.lock_qty <> s.lock_qty)`);
      await loader.query(`update wms_outbound_order set status = $1, shipped_time = null where id = any($2) and status <> $1`, [S.CREATED, benchOrders]);
      await loader.query('vacuum analyze');
    };

    const phase = async (name: string, clients: number, items: number[], work: (id: number, worker: number) => Promise<{ allocate: number; ship?: number; refused: boolean }>, warmup: number[] = []) => {
      if (warmup.length) await drive(warmup, clients, async (id, w) => { await work(id, w); });
      const allocate: number[] = [];
      const ship: number[] = [];
      let refused = 0;
      const db0 = (await loader.query(`select deadlocks, xact_rollback from pg_stat_database where datname = current_database()`)).rows[0];
      const stopSampling = sampleActivity(sampler, bench.dbName);
      const st0 = statementCount;
      const cpu0 = process.cpuUsage();
      const pg0 = await backendTicks(loader, bench.dbName, samplerPid);
      const start = performance.now();
      await drive(items, clients, async (id, w) => {
        const r = await work(id, w);
        allocate.push(r.allocate);
        if (r.ship !== undefined) ship.push(r.ship);
        if (r.refused) refused++;
      });
      const wallMs = performance.now() - start;
      const pg1 = await backendTicks(loader, bench.dbName, samplerPid);
      const cpu = process.cpuUsage(cpu0);
      const statements = statementCount - st0;
      const activity = await stopSampling();
      const db1 = (await loader.query(`select deadlocks, xact_rollback from pg_stat_database where datname = current_database()`)).rows[0];
      const r: PhaseResult = {
        name, clients, items: items.length, wallMs, perSec: items.length / (wallMs / 1000), allocate: stats(allocate), ship: ship.length ? stats(ship) : undefined, refused,
        statementsPerItem: statements / items.length, nodeCpu: (cpu.user + cpu.system) / 1e6, pgCpu: cpuBetween(pg0, pg1), activity,
        deadlocks: Number(db1.deadlocks) - Number(db0.deadlocks), rollbacks: Number(db1.xact_rollback) - Number(db0.xact_rollback), load: loadavg()[0].toFixed(2),
        raw: { allocate, ship, statements },
      };
      console.log(`  ${name}: ${r.items} in ${secs(wallMs)} = ${r.perSec.toFixed(1)}/s; allocate median ${fmt(r.allocate.median)} ms p95 ${fmt(r.allocate.p95)}${r.ship ? `; ship median ${fmt(r.ship.median)} ms p95 ${fmt(r.ship.p95)}` : ''}${refused ? `; ${refused} refused (409)` : ''}; ${r.statementsPerItem.toFixed(1)} statements each; CPU node ${r.nodeCpu.toFixed(1)} s, PostgreSQL ${r.pgCpu?.toFixed(1) ?? '?'} s; load ${r.load}`);
      return r;
    };

    // ---------------- the app ----------------
    const appAllocate = async (id: number) => {
      const t1 = performance.now();
      const r = await api(`${P}/allocate`, { id });
      const ms = performance.now() - t1;
      if (r.code !== 200 && !(r.code === 409 && /insufficient/i.test(r.msg))) throw new Error(`allocate ${id}: ${r.code} ${r.msg}`);
      return { ms, ok: r.code === 200 };
    };
    const appFlow = async (id: number) => {
      const a = await appAllocate(id);
      if (!a.ok) throw new Error(`allocate ${id} refused: the stock should cover every flow order`);
      const t1 = performance.now();
      const s = await api(`${P}/ship`, { id });
      const ms = performance.now() - t1;
      if (s.code !== 200) throw new Error(`ship ${id}: ${s.code} ${s.msg}`);
      return { allocate: a.ms, ship: ms, refused: false };
    };
    const appHot = async (id: number) => {
      const a = await appAllocate(id);
      return { allocate: a.ms, refused: !a.ok };
    };

    // ---------------- the app's statements, directly ----------------
    // Capture pass (untimed, one call at a time, from the snapshot): every statement the app sends for each order.
    // Its allocations are a valid serial schedule, and every ledger UPDATE adds a delta under a guard, so the
    // captured statements of any subset of the orders replay from the snapshot in any interleaving without a guard
    // failing, and end in the same books (checked after every variant).
    await reset();
    const c0 = performance.now();
    const captured = new Map<number, OrderStatements>();
    const captureCall = async (path: string, id: number) => {
      const { result, statements } = await captureQueries(() => api(path, { id }));
      return { ok: result.code === 200, code: result.code, msg: result.msg, call: { groups: concurrencyGroups(statements), count: statements.length } };
    };
    for (const id of [...seeded.warmupOrders, ...seeded.flowOrders]) {
      const a = await captureCall(`${P}/allocate`, id);
      if (!a.ok) throw new Error(`capture: allocate ${id}: ${a.code} ${a.msg}`);
      const sh = await captureCall(`${P}/ship`, id);
      if (!sh.ok) throw new Error(`capture: ship ${id}: ${sh.code} ${sh.msg}`);
      captured.set(id, { allocate: a.call, ship: sh.call, allocated: true });
    }
    for (const id of seeded.hotOrders) {
      const a = await captureCall(`${P}/allocate`, id);
      if (!a.ok && !(a.code === 409 && /insufficient/i.test(a.msg))) throw new Error(`capture: allocate ${id}: ${a.code} ${a.msg}`);
      captured.set(id, { allocate: a.call, allocated: a.ok });
    }
    const perOrder = [...seeded.flowOrders].map((id) => captured.get(id)!).reduce((n, o) => n + o.allocate.count + (o.ship?.count ?? 0), 0) / seeded.flowOrders.length;
    console.log(`captured the app's statements of every order in ${secs(performance.now() - c0)} (one call at a time): ${perOrder.toFixed(1)} statements per flow order (session checks included), replayed as they are`);

    const connections: pg.Client[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const c = new pg.Client({ connectionString: bench.url });
      await c.connect();
      connections.push(c);
    }
    const sqlFlow = async (id: number, w: number) => {
      const c = connections[w];
      const o = captured.get(id)!;
      const t1 = performance.now();
      await replayCall(c, o.allocate);
      const t2 = performance.now();
      await replayCall(c, o.ship!);
      return { allocate: t2 - t1, ship: performance.now() - t2, refused: false };
    };
    const sqlHot = async (id: number, w: number) => {
      const o = captured.get(id)!;
      const t1 = performance.now();
      await replayCall(connections[w], o.allocate);
      return { allocate: performance.now() - t1, refused: !o.allocated };
    };

    const results: PhaseResult[] = [];
    const checks: string[] = [];
    const check = async (label: string, orders: number[], expectStatus: number) => {
      const c = await verify(bench, label, orders, expectStatus, seeded);
      checks.push(c.text);
      console.log(`  check ${c.text}`);
      if (!c.ok) failed = true;
    };

    // the three flow variants take turns: the flow orders in ROUNDS chunks, each chunk through every variant
    // (after a reset to the snapshot), so load that comes and goes on the machine hits all of them alike
    const poolSize = Math.min(APP_POOL, CLIENTS);
    const flowVariants = [
      { name: 'app flow', clients: CLIENTS, work: appFlow },
      { name: 'SQL flow (the app\'s statements)', clients: CLIENTS, work: sqlFlow },
      // the app reaches PostgreSQL through a pool of 10: the same statements on 10 connections separate that limit from the app's own cost
      { name: `SQL flow, ${poolSize} connections`, clients: poolSize, work: sqlFlow },
    ];
    console.log(`\nflow: allocate + ship every order; ${ROUNDS} rounds, each through all ${flowVariants.length} variants in turn`);
    const chunk = Math.ceil(seeded.flowOrders.length / ROUNDS);
    const perVariant: PhaseResult[][] = flowVariants.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      const orders = seeded.flowOrders.slice(r * chunk, (r + 1) * chunk);
      if (!orders.length) break;
      for (let k = 0; k < flowVariants.length; k++) {
        const v = flowVariants[(k + r) % flowVariants.length];
        const warm = r === 0 ? seeded.warmupOrders : [];
        await reset();
        const profiling = PROFILE && v.work === appFlow ? await startProfile() : undefined;
        perVariant[flowVariants.indexOf(v)].push(await phase(`${v.name}, round ${r + 1}`, v.clients, orders, v.work, warm));
        if (profiling) await profiling(`${PROFILE}.round${r + 1}.cpuprofile`);
        await check(`${v.name}, round ${r + 1}`, [...warm, ...orders], S.SHIPPED);
      }
    }
    flowVariants.forEach((v, k) => results.push(mergePhases(v.name, perVariant[k])));

    console.log(`\nhot: ${HOT_ORDERS} allocations of ${HOT_QTY} units against ${HOT_STOCK} units in one row`);
    await reset();
    results.push(await phase('app hot row', CLIENTS, seeded.hotOrders, appHot));
    await check('app hot row', seeded.hotOrders, S.ALLOCATED);
    await reset();
    results.push(await phase('SQL hot row (the app\'s statements)', CLIENTS, seeded.hotOrders, sqlHot));
    await check('SQL hot row', seeded.hotOrders, S.ALLOCATED);
    for (const c of connections) await c.end();

    // ---------------- figures ----------------
    const [appFlowR, sqlFlowR, sqlPoolR, appHotR, sqlHotR] = results;
    const cpuCell = (r: PhaseResult) => `${r.nodeCpu.toFixed(1)} / ${r.pgCpu?.toFixed(1) ?? '?'}`;
    const actCell = (r: PhaseResult) => `${r.activity.cpu.toFixed(1)} / ${r.activity.lock.toFixed(1)} / ${r.activity.idleInTx.toFixed(1)}`;
    console.log(`\n| variant | clients | orders | wall | orders/s | allocate median | allocate p95 | ship median | ship p95 | statements / order | CPU s node / PostgreSQL | backends on CPU / lock wait / idle in tx | deadlocks |`);
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of [appFlowR, sqlFlowR, sqlPoolR]) {
      console.log(`| ${r.name} | ${r.clients} | ${r.items} | ${secs(r.wallMs)} | ${r.perSec.toFixed(1)} | ${fmt(r.allocate.median)} | ${fmt(r.allocate.p95)} | ${fmt(r.ship!.median)} | ${fmt(r.ship!.p95)} | ${r.statementsPerItem.toFixed(1)} | ${cpuCell(r)} | ${actCell(r)} | ${r.deadlocks} |`);
    }
    for (const r of [sqlFlowR, sqlPoolR]) {
      console.log(`\napp / ${r.name}: throughput ${(appFlowR.perSec / r.perSec).toFixed(2)} (SQL ${(r.perSec / appFlowR.perSec).toFixed(2)}x the app's orders/s); median latency allocate ${(appFlowR.allocate.median / r.allocate.median).toFixed(2)}, ship ${(appFlowR.ship!.median / r.ship!.median).toFixed(2)}`);
    }
    console.log(`\n| variant | clients | attempts | allocated | refused (409) | wall | attempts/s | allocate median | allocate p95 | statements / attempt | CPU s node / PostgreSQL | backends on CPU / lock wait / idle in tx | deadlocks |`);
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of [appHotR, sqlHotR]) {
      console.log(`| ${r.name} | ${r.clients} | ${r.items} | ${r.items - r.refused} | ${r.refused} | ${secs(r.wallMs)} | ${r.perSec.toFixed(1)} | ${fmt(r.allocate.median)} | ${fmt(r.allocate.p95)} | ${r.statementsPerItem.toFixed(1)} | ${cpuCell(r)} | ${actCell(r)} | ${r.deadlocks} |`);
    }
    console.log(`\napp/SQL (hot row): throughput ${(appHotR.perSec / sqlHotR.perSec).toFixed(2)}; median latency ${(appHotR.allocate.median / sqlHotR.allocate.median).toFixed(2)}`);
    // issue 13's targets, against the same statements on as many connections as the app has clients
    const flowRatio = appFlowR.perSec / sqlFlowR.perSec;
    const hotRatio = appHotR.perSec / sqlHotR.perSec;
    console.log(`\nissue 13: app flow / SQL flow ${flowRatio.toFixed(2)} (target >= 0.6: ${flowRatio >= 0.6 ? 'met' : 'MISSED'}); hot row ${hotRatio.toFixed(2)} (target >= 0.7: ${hotRatio >= 0.7 ? 'met' : 'MISSED'}); checks ${failed ? 'FAILED' : 'all passed'}`);
    console.log(`\nchecks:\n${checks.map((c) => `- ${c}`).join('\n')}`);
    console.log(`\nload average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    if (failed) console.log('\nA CHECK FAILED (see above).');
  } finally {
    await sampler.end().catch(() => {});
    await closeBenchDb(bench, flag('--keep'));
  }
  if (failed) process.exitCode = 1;
}

// ---------------- set-up ----------------
async function setup(bench: BenchDb, ok: (path: string, body: unknown) => Promise<any>): Promise<Seeded> {
  const { loader } = bench;
  const companyId = (await ok('/sapi/wms/company/add', { name: 'Bench Flow Trading' })).id;
  const ownerId = (await ok('/sapi/wms/owner/add', { code: 'BFO1', name: 'Bench Flow Owner', companyId })).id;
  const warehouseId = (await ok('/sapi/wms/warehouse/add', { code: 'BFW1', name: 'Bench Flow Warehouse', type: 1 })).id;
  const categoryId = (await ok('/sapi/wms/sku-category/add', { name: 'Bench Flow' })).id;
  const skuIds: number[] = new Array(SKUS);
  await drive(Array.from({ length: SKUS }, (_, i) => i), SETUP_CONCURRENCY, async (i) => {
    const code = `BF-${String(i + 1).padStart(4, '0')}`;
    skuIds[i] = (await ok('/sapi/wms/sku/add', { ownerId, sku: code, name: `Bench flow product ${i + 1}`, enable: true, categoryId, weight: 1 })).id;
  });
  const hotSkuId = (await ok('/sapi/wms/sku/add', { ownerId, sku: 'BF-HOT', name: 'Bench flow hot product', enable: true, categoryId, weight: 1 })).id;

  // the orders' lines, fixed seed; the demand per SKU sizes its stock
  const rand = prng(20260505);
  const demand = new Array<number>(SKUS).fill(0);
  const plan = Array.from({ length: WARMUP + ORDERS }, () => {
    const n = 1 + Math.floor(rand() * Math.min(3, SKUS));
    const picked = new Set<number>();
    while (picked.size < n) picked.add(Math.floor(rand() * SKUS));
    return [...picked].map((k) => {
      const qty = 1 + Math.floor(rand() * 5);
      demand[k] += qty;
      return { skuId: skuIds[k], qty };
    });
  });
  const orderedUnits = plan.slice(WARMUP).flat().reduce((s, l) => s + l.qty, 0);

  // stock through inbound orders (add + receive): per SKU B1 (small, older row) then B2 (the whole demand); the hot SKU one row
  const inboundLines = skuIds.flatMap((skuId, k) => [{ skuId, batchNo: 'B1', plannedQty: SMALL_BATCH }, { skuId, batchNo: 'B2', plannedQty: Math.max(1, demand[k]) }]);
  inboundLines.push({ skuId: hotSkuId, batchNo: '', plannedQty: HOT_STOCK });
  for (let k = 0; k < inboundLines.length; k += 400) {
    const doc = await ok('/sapi/wms/inbound-order/add', { warehouseId, ownerId, storeOrderNo: `BF-IN-${k / 400 + 1}`, lines: inboundLines.slice(k, k + 400) });
    await ok('/sapi/wms/inbound-order/receive', { id: doc.id, lines: (doc.lines as Array<{ id: number; plannedQty: number }>).map((l) => ({ lineId: l.id, qty: l.plannedQty })) });
  }
  const hotRowId = (await loader.query(`select id from wms_inventory where sku_id = $1`, [hotSkuId])).rows[0].id as number;

  // outbound orders through the API
  const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
  const bodies = [
    ...plan.map((lines, i) => ({ warehouseId, ownerId, platformOrderNo: `BF-${i + 1}`, ...receiver, lines })),
    ...Array.from({ length: HOT_ORDERS }, (_, i) => ({ warehouseId, ownerId, platformOrderNo: `BF-HOT-${i + 1}`, ...receiver, lines: [{ skuId: hotSkuId, qty: HOT_QTY }] })),
  ];
  const ids: number[] = new Array(bodies.length);
  const t0 = performance.now();
  await drive(bodies.map((_, i) => i), SETUP_CONCURRENCY, async (i) => { ids[i] = (await ok(`${P}/add`, bodies[i])).id; });
  console.log(`  ${bodies.length} outbound orders added through the API in ${secs(performance.now() - t0)} (${SETUP_CONCURRENCY} at a time)`);

  await loader.query(`create table ${SNAPSHOT} as select id, qty, lock_qty from wms_inventory`);
  await loader.query(`create table ${SNAPSHOT_LOC} as select id, qty, lock_qty from wms_location_inventory`);
  const logMark = Number((await loader.query(`select coalesce(max(id), 0) m from wms_inventory_log`)).rows[0].m);
  return {
    ownerId, warehouseId, hotSkuId, hotRowId, orderedUnits, logMark,
    warmupOrders: ids.slice(0, WARMUP), flowOrders: ids.slice(WARMUP, WARMUP + ORDERS), hotOrders: ids.slice(WARMUP + ORDERS),
  };
}

// ---------------- the app's statements, replayed ----------------
/** One app call as captured: its statements grouped as the app sent them (bench/lib.ts concurrencyGroups). */
interface CallStatements { groups: Stmt[][]; count: number }
/** allocate and ship of one order as the app sent them in the capture pass (ship absent for a refused allocation). */
interface OrderStatements { allocate: CallStatements; ship?: CallStatements; allocated: boolean }

/**
 * Sends a captured call's statements on one connection, in the app's pattern (its session check, its transaction
 * BEGIN .. COMMIT or ROLLBACK, its reads), with the app's own query configs (prepared-statement names, rowMode).
 * A replayed guarded UPDATE that matches no row would leave the books wrong: the checks after the variant catch it.
 */
async function replayCall(c: pg.Client, call: CallStatements) {
  // a group's statements (the app had them in flight on separate pool connections: e.g. a batch of request records
  // written while the call read) go one after another here, as pg 8 would queue them on one connection anyway;
  // pg 9 refuses a query sent while the client is busy
  for (const g of call.groups) for (const x of g) await c.query({ ...(x.config ?? {}), text: x.text, values: x.values } as pg.QueryConfig);
}

// ---------------- checks ----------------
async function verify(bench: BenchDb, label: string, orders: number[], expectStatus: number, seeded: Seeded): Promise<{ ok: boolean; text: string }> {
  const q = async (text: string, values: unknown[] = []) => (await bench.loader.query(text, values)).rows[0];
  const inv = await q(`with a as (
      select a.inventory_id, sum(a.qty) filter (where o.status = ${S.SHIPPED}) shipped, sum(a.qty) filter (where o.status in (${S.ALLOCATED}, ${S.PICKING}, ${S.PACKED})) held
      from wms_outbound_allocation a join wms_outbound_order o on o.id = a.order_id group by a.inventory_id)
    select count(*) rows, count(*) filter (where i.qty <> s.qty - coalesce(a.shipped, 0) or i.lock_qty <> s.lock_qty + coalesce(a.held, 0)) mismatched,
      count(*) filter (where i.qty < 0 or i.lock_qty < 0 or i.lock_qty > i.qty) bad,
      sum(s.qty) qty0, sum(i.qty) qty, sum(s.lock_qty) lock0, sum(i.lock_qty) lock, coalesce(sum(a.shipped), 0) shipped, coalesce(sum(a.held), 0) held
    from wms_inventory i join ${SNAPSHOT} s on s.id = i.id left join a on a.inventory_id = i.id`);
  const lines = await q(`select count(*) filter (where l.qty <> coalesce(x.q, 0)) uncovered, count(*) filter (where o.status = ${S.CREATED} and coalesce(x.q, 0) <> 0) stray,
      sum(l.qty) filter (where o.status = $2) units
    from wms_outbound_order_line l join wms_outbound_order o on o.id = l.order_id
    left join (select line_id, sum(qty) q from wms_outbound_allocation group by line_id) x on x.line_id = l.id
    where o.id = any($1) and (o.status <> ${S.CREATED} or x.q is not null)`, [orders, expectStatus]);
  const status = await q(`select count(*) filter (where status = $2) expected, count(*) filter (where status = ${S.CREATED}) created, count(*) n from wms_outbound_order where id = any($1)`, [orders, expectStatus]);
  // one log row per allocation row (allocate) and per allocated inventory row of a shipped order (ship)
  const logs = await q(`select (select count(*) from wms_inventory_log where id > $1) added,
      (select count(*) from wms_outbound_allocation) + (select count(*) from (select distinct a.order_id, a.inventory_id from wms_outbound_allocation a
        join wms_outbound_order o on o.id = a.order_id where o.status = ${S.SHIPPED}) x) expected`, [seeded.logMark]);
  const hot = await q(`select qty, lock_qty from wms_inventory where id = $1`, [seeded.hotRowId]);
  const ledger = await ledgerDiscrepancies(bench.t.database.db);
  const locations = await locationDiscrepancies(bench.t.database.db);
  const problems: string[] = [];
  if (Number(inv.mismatched)) problems.push(`${inv.mismatched} inventory rows differ from snapshot - shipped + held`);
  if (Number(inv.bad)) problems.push(`${inv.bad} rows negative or lockQty > qty`);
  if (Number(lines.uncovered) || Number(lines.stray)) problems.push(`${lines.uncovered} allocated lines not exactly covered, ${lines.stray} created lines holding stock`);
  if (Number(logs.added) !== Number(logs.expected)) problems.push(`${logs.added} log rows added, ${logs.expected} expected`);
  if (ledger.length) problems.push(`ledger closure: ${ledger.length} rows differ from their log: ${JSON.stringify(ledger.slice(0, 5))}`);
  if (locations.length) problems.push(`location level: ${locations.length} rows differ from their location rows or log: ${JSON.stringify(locations.slice(0, 5))}`);
  let outcome: string;
  if (expectStatus === S.SHIPPED) {
    if (Number(status.expected) !== orders.length) problems.push(`${status.expected} of ${orders.length} orders shipped`);
    if (Number(inv.lock) !== Number(inv.lock0)) problems.push(`sum(lockQty) ${inv.lock0} -> ${inv.lock}`);
    outcome = `${status.expected}/${orders.length} orders shipped, ${lines.units} units; sum(qty) ${inv.qty0} -> ${inv.qty} (shipped ${inv.shipped}), sum(lockQty) ${inv.lock0} -> ${inv.lock}`;
  } else {
    const want = Math.min(Math.floor(HOT_STOCK / HOT_QTY), orders.length);
    if (Number(status.expected) !== want || Number(status.created) !== orders.length - want) problems.push(`${status.expected} allocated and ${status.created} still created, expected ${want} and ${orders.length - want}`);
    if (hot.lock_qty !== want * HOT_QTY || hot.qty !== HOT_STOCK) problems.push(`hot row qty ${hot.qty} lockQty ${hot.lock_qty}, expected ${HOT_STOCK} / ${want * HOT_QTY}`);
    outcome = `${status.expected} orders allocated, ${status.created} refused; hot row qty ${hot.qty}, lockQty ${hot.lock_qty} (stock ${HOT_STOCK}: ${hot.lock_qty === HOT_STOCK ? 'all of it locked' : `${HOT_STOCK - hot.lock_qty} left, less than an order`}), sum(lockQty) of all rows ${inv.lock0} -> ${inv.lock}`;
  }
  const text = `${label}: ${problems.length ? `FAILED: ${problems.join('; ')}` : 'ok'}. ${outcome}; inventory = snapshot - shipped + held on all ${inv.rows} rows (${inv.mismatched} mismatched), ${inv.bad} negative or over-locked rows; every allocated line exactly covered (${lines.uncovered} not); log rows +${logs.added} (expected ${logs.expected}); ledger closure (ledgerDiscrepancies): ${ledger.length} rows; location level (locationDiscrepancies): ${locations.length} rows`;
  return { ok: problems.length === 0, text };
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
