/**
 * Layout of the migrations drizzle-kit writes (generated/db/migrations/*.sql): a statement line longer than
 * WIDTH is broken before its clauses (ADD CONSTRAINT, FOREIGN KEY, REFERENCES, ON DELETE, USING), each
 * continuation indented by a tab, so that no migration line reaches MAX_LINE. Whitespace only: the SQL and
 * its `--> statement-breakpoint` markers (where the migrator splits) are unchanged. Idempotent.
 */
import { WIDTH } from './source';

const CLAUSES = [' ADD CONSTRAINT ', ' FOREIGN KEY ', ' REFERENCES ', ' ON DELETE ', ' USING '];

/** The migration text with its long statement lines broken (lines drizzle-kit starts with ALTER or CREATE). */
export function layoutMigrationSql(sql: string): string {
  return sql.split('\n').map((line) => (line.length > WIDTH && /^(ALTER|CREATE) /.test(line) ? breakLine(line) : line)).join('\n');
}

function breakLine(line: string): string {
  let out = '';
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) { if (ch === quote) quote = ''; }
    else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '-' && line[i + 1] === '-') return out + line.slice(i); // a comment: left as it is
    else {
      const clause = CLAUSES.find((c) => line.startsWith(c, i));
      if (clause) { out += '\n\t'; continue; } // the clause's leading space becomes the break
    }
    out += ch;
  }
  return out;
}
