/**
 * Location stock page benchmark (issue 29: "the location stock page at 1,000,000 location rows, median <= 50 ms,
 * beside the same SQL run directly"). See bench/README.md for figures.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/location-stock-page.ts [--rows N] [--runs N] [--warmup N] [--explain] [--keep]
 *
 * Data: bench/inventory-page.ts `loadData` in a throwaway database (tests/api/harness.ts startTestApp('postgres'):
 * migrated, seeded, dropped at the end): --rows inventory rows (default 1,000,000) over 5 warehouses and 20 owners,
 * rows / 5 SKUs, 5 x rows log lines, and the warehouse layouts of bench/lib.ts insertLocations (rows / 50 storage
 * locations a warehouse: 20,000 at the default size) with ONE location row per inventory row (insertLocationRows:
 * the row's qty and lockQty, ~10 rows a location, SKUs mixed in a bin), every log line naming it; both ledger
 * levels are checked after loading. So --rows is also the number of location rows.
 *
 * Cases (`POST /sapi/wms/location-inventory/page`, 20 rows + total, names of location, warehouse, owner, SKU): owner +
 * warehouse sorted by qty (the list a stock controller reads), one location (what stands on the bin a scanner
 * names), one SKU (where it stands), a warehouse sorted by qty, no filter (the first screen), and as extras a
 * batch-number text and a deep page. Each: --warmup + --runs calls as admin through app.inject beside the same
 * statements replayed on a pg pool (bench/lib.ts runPageCases: captured from the driver with their prepared-statement
 * names, sent in the app's pattern). Target: app median <= 50 ms for every required case.
 */
import { closeBenchDb, openBenchDb, loadLine, printPageResults, runPageCases, serverInfo, type PageCase } from './lib';
import { loadData } from './inventory-page';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, dflt: number) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : dflt; };
const ROWS = option('--rows', 1_000_000);
const RUNS = option('--runs', 200);
const WARMUP = option('--warmup', 20);
const TARGET_MS = 50;
const PATH = '/sapi/wms/location-inventory/page';
const TABLE = 'wms_location_inventory';

async function main() {
  console.log(`Location stock page benchmark: ${ROWS} location rows (one per inventory row); ${RUNS} runs after ${WARMUP} warm-up runs per case`);
  const bench = await openBenchDb();
  const { loader } = bench;
  try {
    console.log(`${await serverInfo(bench)}; ${loadLine()}`);
    const t0 = Date.now();
    const loaded = await loadData(loader);
    console.log(`generated in ${(loaded.generationMs / 1000).toFixed(1)} s (${loaded.steps.join(', ')}); ledger checks ${(loaded.checkMs / 1000).toFixed(1)} s`);
    console.log(`  ${loaded.locations} locations, ${loaded.location_rows} location rows (${loaded.location_rows_size}); ${loaded.inventory} inventory rows, ${loaded.skus} SKUs, ${loaded.logs} log rows`);
    const n = WARMUP + RUNS;
    const ids = async (q: string) => (await loader.query(q)).rows.map((r) => r.id as number);
    const owners = await ids(`select id from wms_owner where code like 'BO%' order by id`);
    const warehouses = await ids(`select id from wms_warehouse where code like 'BW%' order by id`);
    const locations = await ids(`select id from wms_location l where exists (select 1 from wms_location_inventory li where li.location_id = l.id and li.qty > 0) order by random() limit ${n}`);
    const skus = await ids(`select id from wms_sku s where exists (select 1 from wms_location_inventory li where li.sku_id = s.id) order by random() limit ${n}`);
    const batches = (await loader.query(`select distinct substr(batch_no, 1, 7) b from wms_inventory where batch_no <> '' order by 1 limit 24`)).rows.map((r) => r.b as string);
    const pair = (i: number) => ({ ownerId: owners[i % owners.length], warehouseId: warehouses[(i + Math.floor(i / owners.length)) % warehouses.length] });
    const page = (body: Record<string, unknown>) => ({ current: 1, size: 20, ...body });
    const cases: PageCase[] = [
      { name: '1. owner + warehouse, sort qty desc (headline)', path: PATH, table: TABLE, body: (i) => page({ ...pair(i), sortProp: 'qty', sortOrder: 'desc' }), required: true },
      { name: '2. one location (what stands on a scanned bin)', path: PATH, table: TABLE, body: (i) => page({ locationId: locations[i % locations.length] }), required: true },
      { name: '3. one SKU (where it stands)', path: PATH, table: TABLE, body: (i) => page({ skuId: skus[i % skus.length] }), required: true },
      { name: '4. warehouse, sort qty desc', path: PATH, table: TABLE, body: (i) => page({ warehouseId: warehouses[i % warehouses.length], sortProp: 'qty', sortOrder: 'desc' }), required: true },
      { name: '5. no filter, default sort (first screen)', path: PATH, table: TABLE, body: () => page({}), required: true },
      { name: '6. batch number contains (a month of batches), all owners', path: PATH, table: TABLE, body: (i) => page({ batchNo: batches[i % batches.length] }), required: false, runs: 40 },
      { name: '7. owner + warehouse, sort qty desc, page 50', path: PATH, table: TABLE, body: (i) => ({ ...page({ ...pair(i), sortProp: 'qty', sortOrder: 'desc' }), current: 50 }), required: false },
    ];
    const results = await runPageCases(bench, cases, { runs: RUNS, warmup: WARMUP, targetMs: TARGET_MS, explainAll: flag('--explain') });
    printPageResults(results, TARGET_MS);
    console.log(`\nat the end: ${loadLine()}`);
    console.log(`\nwhole run ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await closeBenchDb(bench, flag('--keep'));
  }
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
