/**
 * Emits `generated/db/schema.ts`: one Drizzle pg-core table per resource. Every table has the implicit
 * columns id (identity), add_date and update_date; unique indexes come from `unique`, plain indexes from
 * filtered, sorted and referencing fields and from `indexes` (declared field lists, then id). Migrations are made from this file by drizzle-kit (see cli.ts).
 */
import type { FieldSpec, Model, ResourceSpec } from './manifest';
import { finish, newFile, type Output } from './source';

export const IMPLICIT_COLUMNS = ['id', 'addDate', 'updateDate'];

function column(f: FieldSpec, model: Model, self: string): string {
  const c = JSON.stringify(f.column);
  let expr: string;
  switch (f.type) {
    case 'string': case 'password': expr = `varchar(${c}, { length: ${f.type === 'password' ? 100 : f.maxLength} })`; break;
    // a secret is stored sealed (AES-256-GCM, base64: about 4/3 of its UTF-8 bytes plus 50 characters)
    case 'text': case 'secret': expr = `text(${c})`; break;
    case 'int': expr = `integer(${c})`; break;
    case 'number': expr = `numeric(${c}, { precision: 14, scale: ${f.decimals ?? 3}, mode: 'number' })`; break;
    case 'money': expr = `bigint(${c}, { mode: 'number' })`; break;
    case 'boolean': expr = `boolean(${c})`; break;
    case 'enum': expr = `smallint(${c})`; break;
    // a reference to its own table needs the column type spelled out (TypeScript cannot infer a cycle)
    case 'ref': expr = f.resource === self ? `integer(${c}).references((): AnyPgColumn => ${f.resource}.id)` : `integer(${c}).references(() => ${f.resource}.id)`; break;
    case 'refs': expr = `integer(${c}).array()`; break;
    case 'strings': expr = `text(${c}).array()`; break;
    case 'datetime': expr = `timestamp(${c}, { withTimezone: true, mode: 'date' })`; break;
    // a calendar date: text yyyy-MM-dd both ways, never shifted by a time zone
    case 'date': expr = `date(${c}, { mode: 'string' })`; break;
  }
  const dflt = defaultValue(f, model);
  if (dflt !== undefined) expr += `.default(${dflt})`;
  if (f.required || dflt !== undefined) expr += '.notNull()';
  return expr;
}

function defaultValue(f: FieldSpec, model: Model): string | undefined {
  if (f.type === 'refs' || f.type === 'strings') return 'sql`\'{}\'`';
  if (f.default === undefined) return undefined;
  if (f.type === 'enum') return String(model.enums.find((e) => e.name === f.enum)!.values.find((v) => v.key === f.default)!.value);
  return JSON.stringify(f.default);
}

function indexes(r: ResourceSpec): string[] {
  const out: string[] = [];
  for (const u of r.unique) out.push(`uniqueIndex(${JSON.stringify(`${r.table}_${u.map((n) => r.fields.find((f) => f.name === n)?.column ?? n).join('_')}_uq`)}).on(${u.map((n) => `t.${n}`).join(', ')})`);
  const uniqueLeads = new Set(r.unique.map((u) => u[0]));
  const ownerField = r.scope.owner && r.scope.owner !== 'id' ? r.scope.owner : undefined;
  const sortField = r.defaultSort.field === 'id' ? undefined : r.fields.find((f) => f.name === r.defaultSort.field);
  for (const f of r.fields) {
    const name = (suffix: string) => JSON.stringify(`${r.table}_${suffix}`);
    // pg_trgm (created by migration 0002) lets ILIKE '%x%' use an index
    if (f.trigram) out.push(`index(${name(`${f.column}_trgm`)}).using('gin', t.${f.name}.op('gin_trgm_ops'))`);
    if (f.sortable) {
      // the list's ORDER BY <field>, id: alone, and within one goods owner (the usual scoped page)
      if (!uniqueLeads.has(f.name)) out.push(`index(${name(`${f.column}_id_idx`)}).on(t.${f.name}, t.id)`);
      if (ownerField && ownerField !== f.name && !r.unique.some((u) => u[0] === ownerField && u[1] === f.name)) {
        const oc = r.fields.find((x) => x.name === ownerField)!.column;
        out.push(`index(${name(`${oc}_${f.column}_id_idx`)}).on(t.${ownerField}, t.${f.name}, t.id)`);
      }
    } else if (!f.system && !uniqueLeads.has(f.name) && (f.type === 'ref' || f.filter === 'eq' || f.filter === 'in')) {
      // a list filtered by this field comes in the default order: one index serves the filter and the order
      // (bench/README.md "Inventory and log pages": the log by bizType and a month, 491 -> 14 ms)
      if (sortField && sortField !== f) out.push(`index(${name(`${f.column}_${sortField.column}_id_idx`)}).on(t.${f.name}, t.${sortField.name}, t.id)`);
      else out.push(`index(${name(`${f.column}_idx`)}).on(t.${f.name})`);
    }
  }
  // declared ones (`indexes`): the fields in order, then id
  for (const ix of r.indexes ?? []) {
    const cols = ix.map((n) => r.fields.find((f) => f.name === n)!.column);
    out.push(`index(${JSON.stringify(`${r.table}_${cols.join('_')}_id_idx`)}).on(${ix.map((n) => `t.${n}`).join(', ')}, t.id)`);
  }
  if (sortField && !sortField.sortable && !uniqueLeads.has(sortField.name)) out.push(`index(${JSON.stringify(`${r.table}_${sortField.column}_id_idx`)}).on(t.${sortField.name}, t.id)`);
  for (const [k, cond] of Object.entries(r.checks)) out.push(`check(${JSON.stringify(`${r.table}_${k}`)}, sql.raw(${JSON.stringify(cond)}))`);
  // a sortable field's owner index and an owner filter's index in that default order are the same index: once
  return [...new Set(out)];
}

export function emitDb(model: Model): Output[] {
  const sf = newFile('generated/db/schema.ts');
  sf.addImportDeclaration({ moduleSpecifier: 'drizzle-orm', namedImports: ['sql'] });
  if (model.resources.some((r) => r.fields.some((f) => f.type === 'ref' && f.resource === r.name))) sf.addImportDeclaration({ moduleSpecifier: 'drizzle-orm/pg-core', namedImports: ['type AnyPgColumn'] });
  sf.addImportDeclaration({ moduleSpecifier: 'drizzle-orm/pg-core', namedImports: ['bigint', 'boolean', 'check', ...(model.resources.some((r) => r.fields.some((f) => f.type === 'date')) ? ['date'] : []), 'index', 'integer', 'numeric', 'pgTable', 'smallint', 'text', 'timestamp', 'uniqueIndex', 'varchar'] });
  for (const r of model.resources) {
    const cols = [
      `id: integer('id').primaryKey().generatedByDefaultAsIdentity()`,
      ...r.fields.filter((f) => !IMPLICIT_COLUMNS.includes(f.name) && !f.computed).map((f) => `${f.name}: ${column(f, model, r.name)}`),
      `addDate: timestamp('add_date', { withTimezone: true, mode: 'date' }).defaultNow().notNull()`,
      `updateDate: timestamp('update_date', { withTimezone: true, mode: 'date' }).defaultNow().notNull()`,
    ];
    const idx = indexes(r);
    sf.addStatements(`/** ${r.en} (${r.zh}): ${r.path} */\nexport const ${r.name} = pgTable(${JSON.stringify(r.table)}, {\n${cols.map((c) => `${c},`).join('\n')}\n}${idx.length ? `, (t) => [\n${idx.map((i) => `${i},`).join('\n')}\n]` : ''});`);
  }
  return [finish(sf)];
}
