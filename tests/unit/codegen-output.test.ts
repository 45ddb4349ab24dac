/**
 * Generated files can be reviewed in a diff: no line of generated/ is longer than MAX_LINE (migrations' JSON
 * snapshots aside: drizzle-kit writes those), and one more field in the manifest changes a handful of lines
 * in each file it touches (fixtures/mini.yaml; the golden files themselves are compared in codegen.test.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitAll } from '../../codegen/emit';
import { parseManifest } from '../../codegen/manifest';
import { layoutMigrationSql } from '../../codegen/sql-layout';
import { MAX_LINE } from '../../codegen/source';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURES = join(import.meta.dirname, 'fixtures');

const listFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? listFiles(join(dir, n)) : [join(dir, n)]));
const longLines = (text: string) => text.split('\n').map((l, i) => [i + 1, l.length] as const).filter(([, n]) => n > MAX_LINE);

/** Lines added plus lines removed between two texts (through their longest common subsequence of lines). */
function changedLines(a: string, b: string): number {
  const x = a.split('\n');
  const y = b.split('\n');
  let prev = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i++) {
    const row = [0];
    for (let j = 1; j <= y.length; j++) row[j] = x[i - 1] === y[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    prev = row;
  }
  return x.length + y.length - 2 * prev[y.length];
}

describe('line length', () => {
  it(`keeps every line of generated/ under ${MAX_LINE} characters (migrations' meta JSON aside)`, () => {
    const files = listFiles(join(ROOT, 'generated')).filter((p) => !/migrations\/meta\/[^/]+\.json$/.test(p));
    expect(files.length).toBeGreaterThan(30);
    const long = files.flatMap((p) => longLines(readFileSync(p, 'utf8')).map(([line, n]) => `${relative(ROOT, p)}:${line} (${n})`));
    expect(long).toEqual([]);
  });

  it('breaks a migration\'s foreign key and index lines before their clauses, and only those', () => {
    const fk = 'ALTER TABLE "wms_inventory_judgement_line" ADD CONSTRAINT "wms_inventory_judgement_line_judgement_id_fk" FOREIGN KEY ("judgement_id") REFERENCES "public"."wms_inventory_judgement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint';
    const idx = 'CREATE INDEX "wms_inventory_log_owner_id_add_date_id_idx" ON "wms_inventory_log" USING btree ("owner_id","add_date","id");';
    const short = 'CREATE INDEX "a_idx" ON "a" USING btree ("a");--> statement-breakpoint';
    const quoted = `CREATE TABLE "wms_thing_with_a_long_name_for_this_test" ("note" text DEFAULT ' USING  REFERENCES ' NOT NULL);`;
    const out = layoutMigrationSql([fk, short, idx, quoted].join('\n'));
    expect(out).toBe([
      'ALTER TABLE "wms_inventory_judgement_line"',
      '\tADD CONSTRAINT "wms_inventory_judgement_line_judgement_id_fk"',
      '\tFOREIGN KEY ("judgement_id")',
      '\tREFERENCES "public"."wms_inventory_judgement"("id")',
      '\tON DELETE no action ON UPDATE no action;--> statement-breakpoint',
      short,
      'CREATE INDEX "wms_inventory_log_owner_id_add_date_id_idx" ON "wms_inventory_log"',
      '\tUSING btree ("owner_id","add_date","id");',
      quoted,
    ].join('\n'));
    expect(layoutMigrationSql(out)).toBe(out);
    // the same statements once the whitespace is folded (what PostgreSQL sees)
    expect(out.replace(/\s+/g, ' ')).toBe([fk, short, idx, quoted].join(' ').replace(/\s+/g, ' '));
  });
});

describe('one more manifest field', () => {
  const mini = readFileSync(join(FIXTURES, 'mini.yaml'), 'utf8');
  const anchor = '      name: { type: string, en: Name, zh: 名称, required: true, maxLength: 50 }\n';
  const emit = (yaml: string) => new Map(emitAll(parseManifest(yaml, 'mini.yaml')).map((o) => [o.path, o.text]));

  it('changes a handful of lines in each file it touches', () => {
    expect(mini).toContain(anchor); // the field goes in the middle of carrier services' fields
    const before = emit(mini);
    const after = emit(mini.replace(anchor, `${anchor}      note: { type: string, en: Note, zh: 备注, maxLength: 200 }\n`));
    expect([...after.keys()]).toEqual([...before.keys()]);
    // a changed line is a short line: one 10,000-character line changing would count as 1 here
    for (const [path, text] of after) expect(longLines(text), path).toEqual([]);
    const changed = Object.fromEntries([...before].map(([path, text]) => [path, changedLines(text, after.get(path)!)]).filter(([, n]) => n));
    // where the field shows: metadata, types, schemas, tables, labels (en and zh), the list column and the input
    expect(Object.keys(changed).sort()).toEqual([
      'generated/client/i18n.ts', 'generated/client/resources/service.tsx', 'generated/db/schema.ts',
      'generated/shared/resources/service.ts', 'generated/shared/schemas.ts', 'generated/shared/types.ts',
    ]);
    for (const [path, n] of Object.entries(changed)) expect(n, path).toBeLessThanOrEqual(8);
    expect(changed['generated/client/i18n.ts']).toBe(2); // one message per line and language
  }, 60_000); // the generator runs twice: seconds on a loaded machine

  it('counts changed lines as a diff does', () => {
    expect(changedLines('a\nb\nc', 'a\nb\nc')).toBe(0);
    expect(changedLines('a\nb\nc', 'a\nx\nb\nc')).toBe(1);
    expect(changedLines('a\nb\nc', 'a\nB\nc')).toBe(2);
    expect(changedLines('a b c', 'a\nb\nc')).toBe(4);
  });
});
