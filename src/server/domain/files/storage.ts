/**
 * Where stored bytes live (issue 3, issue 28; spec 7.2 upload, 9 limits; docs/files.md "Stores"). The rest of the
 * server sees only {@link FileStorage}: a flat key -> bytes store with three kinds, chosen by configuration
 * (./store.ts): this local folder (embedded database only), the PostgreSQL database (./db-storage.ts) and an
 * S3-compatible bucket (./s3-storage.ts). Only the local one has a `localPath`; a reader that needs a file
 * copies the bytes to a temporary one first (imports/sheet.ts `withLocalFile`).
 *
 * Keys are made by {@link newStorageKey}: `YYYY/MM/DD/<uuid>.<ext>` (UTC date folder, lower-case extension
 * of at most 10 letters/digits, or none). A client's file name never becomes a key, so keys cannot collide,
 * climb out of the root or carry odd characters. {@link isStorageKey} tells a well-formed key apart.
 *
 * The local store keeps files under `<WMS_DATA_DIR>/files`; with the test data dir `memory://` it
 * uses a fresh directory under os.tmpdir() that {@link LocalFileStorage.dispose} removes.
 */
import { derivedKeyOf } from '../../../shared/files';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { access, constants as fsConstants, mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Size in bytes and SHA-256 (lower-case hex) of stored bytes; `sha256` is absent where the store does not keep it. */
export interface StoredFile { size: number; sha256?: string }

export interface FileStorage {
  /** Which store this is (docs/files.md "Stores"). */
  readonly kind: 'local' | 'database' | 's3';
  /** Stores `data` under `key` (replacing what was there), streamed; resolves with its size and SHA-256 once it is durable. */
  put(key: string, data: Readable | Buffer): Promise<{ size: number; sha256: string }>;
  /** The bytes under `key` as a stream; a missing key fails the stream with an ENOENT error (check `exists` first). */
  get(key: string): Readable;
  /** A path of the local file system that holds the bytes of `key`, when the storage keeps files there. */
  localPath?(key: string): string;
  /** True when `key` holds bytes; throws when the store cannot be reached. */
  exists(key: string): Promise<boolean>;
  /** Size (and SHA-256 where kept) of `key`, null when it holds nothing; throws when the store cannot be reached. */
  stat(key: string): Promise<StoredFile | null>;
  /** Removes `key`; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Resolves when the store can be read and written now; throws an Error saying why not (readiness check). */
  check(): Promise<void>;
  /** Releases what the store holds (clients, a temporary folder); called when the app closes. */
  dispose?(): Promise<void>;
}

/** The error a missing key fails a `get` stream with (code ENOENT, as the file system's). */
export function missingKeyError(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`stored file ${key} does not exist`), { code: 'ENOENT' });
}

/** A pass-through that counts the bytes and hashes them with SHA-256; `result()` once the stream has ended. */
export function measuring(): Transform & { result(): { size: number; sha256: string } } {
  let size = 0;
  const hash = createHash('sha256');
  const t = new Transform({ transform(chunk: Buffer, _enc, cb) { size += chunk.length; hash.update(chunk); cb(null, chunk); } });
  let digest: string | undefined;
  return Object.assign(t, { result: () => ({ size, sha256: (digest ??= hash.digest('hex')) }) });
}

/** `data` as a stream (a Buffer becomes a one-chunk stream). */
export const asStream = (data: Readable | Buffer): Readable => (Buffer.isBuffer(data) ? Readable.from([data], { objectMode: false }) : data);

const KEY_RE = /^\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}(?:_[0-9a-z]{1,20})?(?:\.[0-9a-z]{1,10})?$/;

/** True when `key` has the shape {@link newStorageKey} makes (optionally with a `_60x60`-like suffix). */
export const isStorageKey = (key: string) => KEY_RE.test(key);

/** The lower-case extension of a file name without the dot, '' when there is none or it is not 1-10 letters/digits. */
export function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return m ? m[1].toLowerCase() : '';
}

/** A fresh key `YYYY/MM/DD/<uuid>.<ext>` (UTC day of `now`); `ext` without dot, '' for none. */
export function newStorageKey(ext: string, now = new Date()): string {
  const d = now.toISOString().slice(0, 10).replace(/-/g, '/');
  const e = /^[0-9a-z]{1,10}$/.test(ext) ? `.${ext}` : '';
  return `${d}/${randomUUID()}${e}`;
}

/** A key derived from another, e.g. `derivedKey('2025/01/02/<uuid>.png', '60x60')` -> `2025/01/02/<uuid>_60x60.png`. */
export const derivedKey = derivedKeyOf;

/** Files in a directory tree; writes go to `<file>.part` first and are renamed, so a reader never sees half a file. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  readonly root: string;
  constructor(root: string, private readonly temporary = false) { this.root = resolve(root); }

  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    const p = resolve(this.root, ...key.split('/'));
    if (!p.startsWith(this.root + sep)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return p;
  }

  async put(key: string, data: Readable | Buffer): Promise<{ size: number; sha256: string }> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const part = `${path}.${randomUUID().slice(0, 8)}.part`;
    const m = measuring();
    try {
      await pipeline(asStream(data), m, createWriteStream(part));
      await rename(part, path);
    } catch (e) {
      await rm(part, { force: true });
      throw e;
    }
    return m.result();
  }

  get(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** Size only: the folder keeps no checksum (files:move hashes the file itself). */
  async stat(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** The root is (or can be made) a directory this process may write into: no file is written, so probes stay cheap. */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    if (!(await stat(this.root)).isDirectory()) throw new Error(`${this.root} is not a directory`);
    await access(this.root, fsConstants.R_OK | fsConstants.W_OK);
  }

  /** Removes the whole tree when it was a temporary one (data dir `memory://`); otherwise does nothing. */
  async dispose(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}

/** The storage for a config: `<dataDir>/files`, or a fresh temp dir when dataDir is `memory://...`. */
export function createLocalStorage(dataDir: string): LocalFileStorage {
  if (dataDir.startsWith('memory://')) return new LocalFileStorage(mkdtempSync(join(tmpdir(), 'wms-files-')), true);
  return new LocalFileStorage(join(dataDir, 'files'));
}
