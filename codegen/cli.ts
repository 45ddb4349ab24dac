/**
 * `npm run codegen`: manifest -> generated/ (then drizzle-kit makes a migration when the tables changed).
 * `npm run codegen:check`: exits 1 when generated/ is stale, hand-edited, has stray files, or when the
 * committed migrations do not match the tables or have long lines (sql-layout.ts). A bad manifest exits 1
 * with file:line for each problem.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { emitApiTypes } from './emit-api';
import { emitAll } from './emit';
import { loadManifest, ManifestError, type Model } from './manifest';
import { layoutMigrationSql } from './sql-layout';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');
const GENERATED = join(ROOT, 'generated');
const MIGRATIONS = join(GENERATED, 'db', 'migrations');

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

/**
 * Runs `drizzle-kit generate` into `out`; its output. drizzle-kit exits 0 even when it cannot read a schema
 * file, so an `Error` in its output is thrown here (else a broken schema would pass as "migrations current").
 */
function drizzleGenerate(out: string): string {
  const run = spawnSync(join(ROOT, 'node_modules/.bin/drizzle-kit'), ['generate', '--config=drizzle.config.ts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WMS_MIGRATIONS_OUT: relative(ROOT, out) } }); // drizzle-kit puts ./ before it
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (run.status !== 0 || /^\s*(\w*Error|error):/m.test(output)) throw new Error(`drizzle-kit generate failed:\n${output}`);
  return run.stdout;
}

async function main() {
  const check = process.argv.includes('--check');
  let model: Model;
  try {
    model = loadManifest(join(ROOT, 'resources.yaml'));
  } catch (e) {
    if (e instanceof ManifestError) { console.error(e.message); process.exit(1); }
    throw e;
  }
  const outputs = [...emitAll(model), ...(await emitApiTypes(model))];
  const wanted = new Map(outputs.map((o) => [join(ROOT, o.path), o.text]));
  const present = listFiles(GENERATED).filter((p) => !p.startsWith(MIGRATIONS + '/'));
  const problems: string[] = [];
  for (const [path, text] of wanted) {
    const old = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (old === text) continue;
    if (check) problems.push(`${relative(ROOT, path)} is ${old === undefined ? 'missing' : 'stale or edited by hand'}`);
    else { mkdirSync(dirname(path), { recursive: true }); writeFileSync(path, text); }
  }
  for (const path of present) {
    if (wanted.has(path)) continue;
    if (check) problems.push(`${relative(ROOT, path)} is not produced by the generator (stray file)`);
    else rmSync(path);
  }
  const migrationSql = () => listFiles(MIGRATIONS).filter((p) => p.endsWith('.sql'));
  if (check) {
    for (const path of migrationSql()) {
      const sql = readFileSync(path, 'utf8');
      if (layoutMigrationSql(sql) !== sql) problems.push(`${relative(ROOT, path)} has long lines: run npm run codegen`);
    }
    if (!problems.length) {
      // Migrations: drizzle-kit must find nothing new to write for the current tables.
      const tmp = mkdtempSync(join(tmpdir(), 'wms-migrations-'));
      if (existsSync(MIGRATIONS)) cpSync(MIGRATIONS, tmp, { recursive: true });
      const before = listFiles(tmp).length;
      drizzleGenerate(tmp);
      if (listFiles(tmp).length !== before) problems.push('generated/db/migrations is behind the tables: run npm run codegen and commit the new migration');
      rmSync(tmp, { recursive: true, force: true });
    }
    if (problems.length) { console.error(`codegen:check failed:\n- ${problems.join('\n- ')}`); process.exit(1); }
    console.log(`codegen:check ok (${outputs.length} files, migrations current)`);
    return;
  }
  console.log(drizzleGenerate('generated/db/migrations').trim().split('\n').pop());
  // drizzle-kit writes a foreign key on one line of 200+ characters: break it (whitespace only)
  for (const path of migrationSql()) {
    const sql = readFileSync(path, 'utf8');
    if (layoutMigrationSql(sql) !== sql) writeFileSync(path, layoutMigrationSql(sql));
  }
  console.log(`codegen wrote ${outputs.length} files`);
}

await main();
