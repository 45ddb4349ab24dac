/**
 * Idle server memory probe (issue 13, export peak RSS): starts the app as bench/inventory-export.ts does
 * (tests/api/harness.ts startTestApp: migrated, seeded with SA + AE reference data and demo data), logs in once,
 * forces GCs and prints process.memoryUsage() in MB (bench/README.md "Export memory (seventh session)").
 *
 *   node --expose-gc --import tsx bench/baseline-memory.ts [pglite|postgres] [--modules] [--no-reference]
 *
 * postgres needs DATABASE_URL. --modules lists the packages in the CommonJS cache (ES modules are not
 * listed: Node gives no list of them) with their file counts; --no-reference seeds without the
 * reference countries/cities (what a start on an already seeded database does).
 */
import { startTestApp } from '../tests/api/harness';
import { createRequire } from 'node:module';

const kind = (process.argv.find((a) => a === 'pglite' || a === 'postgres') ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')) as 'pglite' | 'postgres';
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const gc = (globalThis as { gc?: () => void }).gc;

async function main() {
  const t = await startTestApp(kind, process.argv.includes('--no-reference') ? { seedReference: 'none' } : {});
  await t.login();
  for (let i = 0; i < 3; i++) { gc?.(); await new Promise((ok) => setTimeout(ok, 200)); }
  const m = process.memoryUsage();
  console.log(`${kind}: rss ${mb(m.rss)} MB, heapUsed ${mb(m.heapUsed)} MB, heapTotal ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, arrayBuffers ${mb(m.arrayBuffers)} MB`);
  if (process.argv.includes('--modules')) {
    const cache = createRequire(import.meta.url).cache;
    const pkgs = new Map<string, number>();
    for (const f of Object.keys(cache)) {
      const m2 = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f);
      if (m2) pkgs.set(m2[1], (pkgs.get(m2[1]) ?? 0) + 1);
    }
    console.log([...pkgs].sort((a, b) => b[1] - a[1]).map(([p, n]) => `${p} ${n}`).join('\n'));
  }
  await t.close();
}

main().catch((e) => { console.error(e); process.exit(1); });
