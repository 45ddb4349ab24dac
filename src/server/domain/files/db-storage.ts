/**
 * The file store in the app's own database (issue 28; docs/files.md "Stores"): the default with PostgreSQL, so
 * every instance on one database reads every file without another service. Tables `sys_file_blob` (one row per
 * stored version of a key: size, SHA-256, done) and `sys_file_chunk` (its bytes in chunks of {@link CHUNK_BYTES})
 * in db/internal-schema.ts.
 *
 * Bytes are streamed both ways, one chunk at a time: a put holds at most one chunk (plus what the source has
 * buffered) and a pool connection only per statement, never the whole file or a connection for the whole
 * upload. A put writes its chunks under a fresh blob id, then in one transaction drops the key's older version
 * and marks its own done, so readers see the old file or the new one, never a mix. Versions left not done by
 * a crash are swept (older than {@link STALE_PENDING_HOURS}) by the next put.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { asStream, isStorageKey, missingKeyError, type FileStorage, type StoredFile } from './storage';

/** Bytes per chunk row: large enough for few statements per file, small enough to keep a put's memory low. */
export const CHUNK_BYTES = 1024 * 1024;
/** A version still not done this long after it began belongs to a put that died; the next put removes it. */
const STALE_PENDING_HOURS = 24;

const bufferOf = (v: unknown): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array));

export class DatabaseFileStorage implements FileStorage {
  readonly kind = 'database' as const;
  constructor(private readonly db: Db) {}

  private checkKey(key: string): void {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  }

  async put(key: string, data: Readable | Buffer): Promise<{ size: number; sha256: string }> {
    this.checkKey(key);
    const id = randomUUID();
    await rawQuery(this.db, 'insert into sys_file_blob (id, key) values ($1, $2)', [id, key]);
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (all: boolean) => {
      let buf = pending.length === 1 ? pending[0] : Buffer.concat(pending);
      while (buf.length >= CHUNK_BYTES || (all && buf.length > 0)) {
        const part = buf.subarray(0, CHUNK_BYTES);
        await rawQuery(this.db, 'insert into sys_file_chunk (blob_id, seq, bytes) values ($1, $2, $3)', [id, seq++, part]);
        buf = buf.subarray(part.length);
      }
      pending = buf.length ? [Buffer.from(buf)] : [];
      pendingBytes = buf.length;
    };
    try {
      for await (const piece of asStream(data)) {
        const b = bufferOf(piece);
        size += b.length;
        hash.update(b);
        pending.push(b);
        pendingBytes += b.length;
        if (pendingBytes >= CHUNK_BYTES) await flush(false);
      }
      await flush(true);
      const sha256 = hash.digest('hex');
      await this.db.transaction(async (tx) => {
        await rawQuery(tx as unknown as Db, 'delete from sys_file_blob where key = $1 and done', [key]);
        await rawQuery(tx as unknown as Db, 'update sys_file_blob set done = true, size = $2, sha256 = $3 where id = $1', [id, size, sha256]);
      });
      await rawQuery(this.db, `delete from sys_file_blob where not done and add_date < now() - interval '${STALE_PENDING_HOURS} hours'`, []);
      return { size, sha256 };
    } catch (e) {
      await rawQuery(this.db, 'delete from sys_file_blob where id = $1', [id]).catch(() => {});
      throw e;
    }
  }

  get(key: string): Readable {
    const db = this.db;
    async function* chunks(): AsyncGenerator<Buffer> {
      const [blob] = isStorageKey(key) ? await rawQuery(db, 'select id from sys_file_blob where key = $1 and done', [key]) : [];
      if (!blob) throw missingKeyError(key);
      for (let seq = 0; ; seq++) {
        const [row] = await rawQuery(db, 'select bytes from sys_file_chunk where blob_id = $1 and seq = $2', [blob.id, seq]);
        if (!row) return;
        yield bufferOf(row.bytes);
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    const [row] = await rawQuery(this.db, 'select size, sha256 from sys_file_blob where key = $1 and done', [key]);
    return row ? { size: Number(row.size), sha256: String(row.sha256) } : null;
  }

  /** Removes the done version (a put under way for the key keeps its own, so it can still finish). */
  async remove(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await rawQuery(this.db, 'delete from sys_file_blob where key = $1 and done', [key]);
  }

  /** The store's tables answer (the database is reachable and migrated this far). */
  async check(): Promise<void> {
    await rawQuery(this.db, 'select 1 from sys_file_blob limit 1', []);
  }
}
