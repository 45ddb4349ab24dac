/**
 * The query tool's own database role (issue 26 item 3; docs/dbms.md "The query role"): the built-in connection's
 * statements never run with the product's rights. The role may only SELECT the product's tables, column by
 * column, without
 * - the columns of manifest fields of type `secret` and `password` (derived from the generated metadata: a
 *   user's password hash, a connection's password, carrier credentials ...), and
 * - the internal tables that hold what logs in or answers a check ({@link QUERY_HIDDEN_TABLES}).
 * It is never a superuser and holds no role (so none of pg_read_server_files, pg_write_server_files,
 * pg_execute_server_program, pg_signal_backend).
 *
 * On PostgreSQL it is a LOGIN role per database (`wms_query_<database>`) whose password is derived from the
 * installation key (HMAC-SHA-256, never stored; instances sharing WMS_SECRET_KEY derive the same one) and set as
 * a SCRAM verifier, so the password itself is never in a statement's text. On the embedded database it is the
 * role `wms_query` that the worker's session becomes (embedded-worker.ts).
 *
 * {@link ensureQueryRole} creates or repairs the role and re-grants in one transaction under an advisory lock
 * (instances starting together do not race on the catalog); it is idempotent. {@link refreshQueryRoleGrants}
 * re-grants an existing role at every start (new tables and columns covered, a column that became secret
 * revoked). @throws the database's error when the product's user may not create or alter roles.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { resourceMeta } from '../../../../generated/shared/resources';
import type { Db } from '../../db/connect';

/**
 * Tables the role never reads, whatever their columns: session tokens (sys_session), captcha answers
 * (sys_captcha), share links' token hashes (wms_inventory_share_token) and the rate counters whose bucket names
 * hold those hashes (sys_rate_hit).
 */
export const QUERY_HIDDEN_TABLES = ['sys_session', 'sys_captcha', 'wms_inventory_share_token', 'sys_rate_hit', 'sys_file_blob', 'sys_file_chunk'] as const;

/** Manifest field types whose values the role never reads. */
const SECRET_TYPES = new Set(['secret', 'password']);

/** `table -> columns` of every manifest field of type `secret` or `password`. */
export function secretColumns(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const meta of Object.values(resourceMeta)) {
    for (const f of meta.fields as ReadonlyArray<{ type: string; column?: string }>) {
      if (!SECRET_TYPES.has(f.type) || !f.column) continue;
      if (!out.has(meta.table)) out.set(meta.table, new Set());
      out.get(meta.table)!.add(f.column);
    }
  }
  return out;
}

/** The embedded database's query role (one database per PGlite). */
export const EMBEDDED_QUERY_ROLE = 'wms_query';

/**
 * The query role of PostgreSQL database `database` (roles are per server): `wms_query_<name>`, the name in
 * lower case letters, digits and `_`; a name that had to be changed or cut gets 8 hex digits of its SHA-1, so
 * two databases never share a role.
 */
export function queryRoleName(database: string): string {
  const clean = database.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 40);
  const exact = clean === database && database.length <= 40;
  return exact ? `wms_query_${clean}` : `wms_query_${clean}_${createHash('sha1').update(database).digest('hex').slice(0, 8)}`;
}

/** The role's password: derived from the installation key, so every instance sharing the key knows it. */
export function queryRolePassword(installationKey: Buffer, role: string): string {
  return createHmac('sha256', installationKey).update(`wms-dbms-query-role:${role}`).digest('base64url');
}

/** PostgreSQL's SCRAM-SHA-256 verifier of `password` (RFC 7677; what `ALTER ROLE ... PASSWORD` stores). */
export function scramVerifier(password: string, iterations = 4096): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** Advisory lock key of the query role's changes (any constant shared by every instance). */
const LOCK_KEY = 7_310_026;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, text: string): Promise<T[]> {
  return ((await db.execute(sql.raw(text))) as unknown as Rows<T>).rows;
}

/** What the product's own database user may do about roles. */
export async function productMayCreateRoles(db: Db): Promise<boolean> {
  const [r] = await rows<{ may: boolean }>(db, 'select (rolsuper or rolcreaterole) as may from pg_roles where rolname = current_user');
  return r?.may === true;
}

/** The `GRANT SELECT (columns)` statements of the role: every table and view of schema public but the hidden ones, without secret columns. */
async function grantStatements(db: Db, role: string): Promise<string[]> {
  const secret = secretColumns();
  const hidden = new Set<string>(QUERY_HIDDEN_TABLES);
  const cols = await rows<{ t: string; c: string }>(db, `select c.relname as t, a.attname as c from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p', 'v', 'm') order by c.relname, a.attnum`);
  const byTable = new Map<string, string[]>();
  for (const { t, c } of cols) {
    if (hidden.has(t) || secret.get(t)?.has(c)) continue;
    byTable.set(t, [...(byTable.get(t) ?? []), c]);
  }
  return [...byTable].map(([t, cs]) => `grant select (${cs.map(ident).join(', ')}) on table public.${ident(t)} to ${ident(role)}`);
}

/** Takes every right of `role` on schema public's tables and sequences and grants the column list again (inside a transaction). */
async function regrant(tx: Db, role: string): Promise<void> {
  await tx.execute(sql.raw(`revoke all on all tables in schema public from ${ident(role)}`));
  await tx.execute(sql.raw(`revoke all on all sequences in schema public from ${ident(role)}`));
  await tx.execute(sql.raw(`grant usage on schema public to ${ident(role)}`));
  for (const g of await grantStatements(tx, role)) await tx.execute(sql.raw(g));
}

/**
 * Creates `role` when missing, takes away any attribute or role membership beyond LOGIN, sets its password
 * (when given, as a SCRAM verifier) and re-grants its columns; all in one transaction under the lock.
 * @throws the database's error (e.g. permission denied to create role).
 */
export async function ensureQueryRole(db: Db, role: string, password?: string): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const [existing] = await rows<{ rolsuper: boolean; rolcreaterole: boolean; rolcreatedb: boolean; rolreplication: boolean; rolbypassrls: boolean }>(tx,
      `select rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls from pg_roles where rolname = ${literal(role)}`);
    if (!existing) {
      await tx.execute(sql.raw(`create role ${ident(role)} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls connection limit 20`));
    } else {
      // only the attributes that are wrong: naming (NO)BYPASSRLS or (NO)SUPERUSER needs a superuser
      const attributes = { rolsuper: 'nosuperuser', rolcreaterole: 'nocreaterole', rolcreatedb: 'nocreatedb', rolreplication: 'noreplication', rolbypassrls: 'nobypassrls' } as const;
      const wrong = (Object.keys(attributes) as Array<keyof typeof attributes>).filter((a) => existing[a]).map((a) => attributes[a]);
      await tx.execute(sql.raw(`alter role ${ident(role)} login ${wrong.join(' ')}`));
    }
    for (const { r } of await rows<{ r: string }>(tx, `select g.rolname as r from pg_auth_members m join pg_roles g on g.oid = m.roleid join pg_roles u on u.oid = m.member where u.rolname = ${literal(role)}`)) {
      await tx.execute(sql.raw(`revoke ${ident(r)} from ${ident(role)}`));
    }
    if (password !== undefined) await tx.execute(sql.raw(`alter role ${ident(role)} password ${literal(scramVerifier(password))}`));
    // a database whose CONNECT was taken from PUBLIC still lets its query role in
    const [{ db: name }] = await rows<{ db: string }>(tx, 'select current_database() as db');
    await tx.execute(sql.raw(`grant connect on database ${ident(name)} to ${ident(role)}`));
    await regrant(tx, role);
  });
}

/** Re-grants `role`'s columns when the role exists (a start of the product); does nothing otherwise. */
export async function refreshQueryRoleGrants(db: Db, role: string): Promise<void> {
  const [exists] = await rows<{ x: number }>(db, `select 1 as x from pg_roles where rolname = ${literal(role)}`);
  if (!exists) return;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    await regrant(tx, role);
  });
}
