/**
 * Request recording overhead (issue 15: "never slows a call by more than 10%"): page-call throughput of an app
 * that records every /sapi call against the same app with recording off, in ONE run, prints the ratio
 * (target >= 0.90). Figures: bench/README.md.
 *
 *   npx tsx bench/request-recording.ts                     # PGlite (embedded), 8 clients, 6 + 6 blocks of 2 s
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/request-recording.ts   # PostgreSQL
 *   options: --clients N  --blocks N (per side)  --block-ms N  --path /sapi/...
 *
 * Two apps are built like the API tests build them (tests/api/harness.ts: migrated, seeded with the demo
 * data, admin logged in): "on" with the recorder's defaults (flush every 1 s or 500 rows, queue 10,000),
 * "off" with WMS_REQUEST_RECORDS=0. Each has its own database (PGlite in memory, or a throwaway PostgreSQL
 * database). Time is cut into blocks that alternate on / off (the first side alternates too); in a block,
 * `clients` loops call the page through `app.inject` until the block's time is up, and an "on" block ends
 * only when its records are written (the recorder's flush is awaited and counted in the block's time), so
 * the writing cost is charged to the side that causes it. Throughput = calls / seconds summed per side;
 * ratio = on / off. A warm-up block of each side runs first and is not counted. Also printed: records
 * written and dropped (the queue should not drop at this load) and the median per-block ratio.
 */
import { recorderOf } from '../src/server/app';
import { startTestApp, testDatabases, type TestApp } from '../tests/api/harness';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const CLIENTS = arg('clients', 8);
const BLOCKS = arg('blocks', 6);
const BLOCK_MS = arg('block-ms', 2000);
const pathIdx = process.argv.indexOf('--path');
const PATH = pathIdx > 0 ? process.argv[pathIdx + 1] : '/sapi/wms/sku/page';
const BODY = { current: 1, size: 20, sortProp: 'addDate', sortOrder: 'desc', name: '' };

interface Side { name: 'on' | 'off'; t: TestApp; token: string; calls: number; ms: number; blocks: number[] }

async function block(side: Side, count: boolean): Promise<number> {
  const start = performance.now();
  const end = start + BLOCK_MS;
  let calls = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (performance.now() < end) {
      const res = await side.t.app.inject({ method: 'POST', url: PATH, payload: BODY, headers: { 'x-token': side.token } });
      if (res.json().code !== 200) throw new Error(`${side.name}: ${res.body}`);
      calls++;
    }
  }));
  await recorderOf(side.t.app)?.flush(); // the writing belongs to this block
  const ms = performance.now() - start;
  const rate = (calls * 1000) / ms;
  if (count) {
    side.calls += calls;
    side.ms += ms;
    side.blocks.push(rate);
  }
  return rate;
}

async function main() {
  const kind = testDatabases().at(-1)!;
  const on: Side = { name: 'on', t: await startTestApp(kind), token: '', calls: 0, ms: 0, blocks: [] };
  const off: Side = { name: 'off', t: await startTestApp(kind, { requestRecords: { enabled: false } }), token: '', calls: 0, ms: 0, blocks: [] };
  try {
    for (const s of [on, off]) s.token = await s.t.login();
    console.log(`# request recording: ${PATH} on ${kind}, ${CLIENTS} clients, ${BLOCKS} blocks of ${BLOCK_MS} ms per side, interleaved`);
    await block(on, false);
    await block(off, false);
    for (let i = 0; i < BLOCKS; i++) {
      const order = i % 2 === 0 ? [on, off] : [off, on];
      for (const s of order) {
        const rate = await block(s, true);
        console.log(`block ${i + 1} ${s.name.padEnd(3)} ${rate.toFixed(0).padStart(6)} calls/s`);
      }
    }
    const rate = (s: Side) => (s.calls * 1000) / s.ms;
    const ratio = rate(on) / rate(off);
    const perBlock = on.blocks.map((r, i) => r / off.blocks[i]).sort((a, b) => a - b);
    const median = perBlock[Math.floor(perBlock.length / 2)];
    const stats = recorderOf(on.t.app)!.stats();
    console.log(`\nrecording off: ${rate(off).toFixed(1)} calls/s (${off.calls} calls)`);
    console.log(`recording on:  ${rate(on).toFixed(1)} calls/s (${on.calls} calls; records written ${stats.written}, dropped ${stats.dropped}, failed ${stats.failed})`);
    console.log(`ratio on/off: ${ratio.toFixed(3)} (median of per-block ratios ${median.toFixed(3)}); target >= 0.90: ${ratio >= 0.9 ? 'met' : 'MISSED'}`);
  } finally {
    await on.t.close();
    await off.t.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
