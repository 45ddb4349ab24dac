/**
 * Request recording overhead (issue 15: "never slows a call by more than 10%"): page-call throughput of an app
 * that records every /sapi call against the same app with recording off, interleaved in ONE run; prints the
 * ratio (target >= 0.90). Figures: bench/README.md.
 *
 *   npx tsx bench/request-recording.ts                     # PGlite (embedded), 8 clients, 20 s
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/request-recording.ts   # PostgreSQL
 *   options: --clients N  --seconds N  --path /sapi/...  --same (both apps without recording: the A/A check)
 *
 * Two apps are built like the API tests build them (tests/api/harness.ts: migrated, seeded with the demo
 * data, admin logged in), each on its own database (PGlite in memory, or a throwaway PostgreSQL database):
 * "on" with the recorder's defaults (flush every 1 s or 500 rows, queue 10,000), "off" with
 * WMS_REQUEST_RECORDS=0. Each of `clients` loops calls the page on both apps in turn (the order alternates
 * every round), so both sides see the same machine load from moment to moment (the machine is shared: load
 * changes by the second). A side's time = the sum of its call latencies / clients. The recorder's writing
 * happens in the background between calls; it is charged to the "on" side in full: its INSERT time
 * (`stats().writeMs`, including the final flush) is added to that side's time, although on PostgreSQL the
 * INSERT runs in another process and overlaps calls. Both sides make the same number of calls, so
 * ratio = throughput on / throughput off = time off / time on. 3 s of warm-up are not counted.
 */
import { recorderOf } from '../src/server/app';
import { startTestApp, testDatabases, type TestApp } from '../tests/api/harness';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const CLIENTS = arg('clients', 8);
const SECONDS = arg('seconds', 20);
const pathIdx = process.argv.indexOf('--path');
const PATH = pathIdx > 0 ? process.argv[pathIdx + 1] : '/sapi/wms/sku/page';
const BODY = { current: 1, size: 20, sortProp: 'addDate', sortOrder: 'desc', name: '' };
const SAME = process.argv.includes('--same');

interface Side { name: string; t: TestApp; token: string; calls: number; ms: number }

async function call(side: Side): Promise<number> {
  const t0 = performance.now();
  const res = await side.t.app.inject({ method: 'POST', url: PATH, payload: BODY, headers: { 'x-token': side.token } });
  if (res.json().code !== 200) throw new Error(`${side.name}: ${res.body}`);
  return performance.now() - t0;
}

/** `clients` loops for `seconds`, each round one call on each side (order alternating); counted or not. */
async function run(sides: [Side, Side], seconds: number, count: boolean) {
  const end = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
    for (let round = c; performance.now() < end; round++) {
      for (const s of round % 2 === 0 ? sides : [sides[1], sides[0]]) {
        const ms = await call(s);
        if (count) { s.calls++; s.ms += ms; }
      }
    }
  }));
}

async function main() {
  const kind = testDatabases().at(-1)!;
  const on: Side = { name: SAME ? 'A (off)' : 'on', t: await startTestApp(kind, SAME ? { requestRecords: { enabled: false } } : {}), token: '', calls: 0, ms: 0 };
  const off: Side = { name: 'off', t: await startTestApp(kind, { requestRecords: { enabled: false } }), token: '', calls: 0, ms: 0 };
  try {
    for (const s of [on, off]) s.token = await s.t.login();
    console.log(`# request recording: ${PATH} on ${kind}, ${CLIENTS} clients, ${SECONDS} s, calls interleaved${SAME ? ' (A/A: both without recording)' : ''}`);
    await run([on, off], 3, false);
    const recorder = recorderOf(on.t.app)!;
    await recorder.flush();
    const before = recorder.stats();
    await run([on, off], SECONDS, true);
    await recorder.flush();
    const after = recorder.stats();
    const writeMs = after.writeMs - before.writeMs;
    const timeOn = on.ms / CLIENTS + writeMs;
    const timeOff = off.ms / CLIENTS;
    const rate = (calls: number, ms: number) => (calls * 1000) / ms;
    console.log(`${off.name}: ${off.calls} calls, mean latency ${(off.ms / off.calls).toFixed(2)} ms, ${rate(off.calls, timeOff).toFixed(1)} calls/s`);
    console.log(`${on.name}: ${on.calls} calls, mean latency ${(on.ms / on.calls).toFixed(2)} ms, INSERT time ${writeMs} ms, ${rate(on.calls, timeOn).toFixed(1)} calls/s`
      + ` (records written ${after.written - before.written}, dropped ${after.dropped}, failed ${after.failed})`);
    const ratio = timeOff / timeOn;
    console.log(`ratio ${on.name}/off: ${ratio.toFixed(3)} (latencies alone: ${(off.ms / on.ms).toFixed(3)}); target >= 0.90: ${ratio >= 0.9 ? 'met' : 'MISSED'}`);
  } finally {
    await on.t.close();
    await off.t.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
