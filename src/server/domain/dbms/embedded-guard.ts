/**
 * What the embedded database refuses before a statement runs (issue 26 item 3; docs/dbms.md "The embedded
 * database"). PGlite is a single-user PostgreSQL whose session always starts as the bootstrap superuser: its
 * worker becomes the query role (`SET SESSION AUTHORIZATION wms_query`, embedded-worker.ts), so the database
 * itself refuses file functions, large objects, signals, secret columns and hidden tables, and a `SET ROLE` back
 * (the session user is no superuser any more). What the database would still allow is going back with
 * `SET/RESET SESSION AUTHORIZATION` (allowed because the login behind the session is a superuser): the worker
 * takes away `set_config` and the `plpgsql` language (so no dynamic SQL can do it), and this module refuses a
 * top-level statement that begins with SET, RESET, DISCARD or COPY (read by its first words, after comments,
 * blanks and empty statements), except `SET TRANSACTION ...` and `SET SESSION CHARACTERISTICS ...`, which only
 * touch the read-only transaction. Nothing else needs reading the text: one statement per call (extended protocol).
 */

/** The keyword that makes `statement` refused on the embedded database (lower case), or undefined. */
export function embeddedRefusal(statement: string): string | undefined {
  const words = leadingWords(statement, 2);
  const [first, second] = words;
  if (first === 'copy' || first === 'discard' || first === 'reset') return first;
  if (first !== 'set') return undefined;
  if (second === 'transaction') return undefined;
  if (second === 'session' && leadingWords(statement, 3)[2] === 'characteristics') return undefined;
  return first;
}

/**
 * The first `n` words of `text` in lower case, skipping blanks, `--` and (nested) `/* *\/` comments, `;` and
 * opening parentheses between them; a word ends at anything but a letter, digit, `_` or `$`. A word that is not
 * plain (a quoted identifier, `U&"..."`) ends the list, so it can only be compared as "not a keyword here".
 */
export function leadingWords(text: string, n: number): string[] {
  const out: string[] = [];
  let i = 0;
  while (out.length < n && i < text.length) {
    const c = text[i];
    if (/\s|;|\(/.test(c)) { i++; continue; }
    if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      let depth = 1;
      i += 2;
      while (i < text.length && depth > 0) {
        if (text[i] === '/' && text[i + 1] === '*') { depth++; i += 2; } else if (text[i] === '*' && text[i + 1] === '/') { depth--; i += 2; } else i++;
      }
      continue;
    }
    const m = /^[\p{L}_][\p{L}\p{N}_$]*/u.exec(text.slice(i));
    if (!m) { out.push(''); break; }
    out.push(m[0].toLowerCase());
    i += m[0].length;
  }
  return out;
}
