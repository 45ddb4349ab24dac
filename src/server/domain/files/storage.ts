/**
 * Where uploaded bytes live (issue 3; spec 7.2 upload, 9 limits). The rest of the server sees only
 * {@link FileStorage}: a flat key -> bytes store that an S3-compatible bucket can implement later (put =
 * PutObject/multipart upload, get = GetObject body, exists = HeadObject, remove = DeleteObject; a bucket has
 * no `localPath`, so a reader that needs a file copies the object first).
 *
 * Keys are made by {@link newStorageKey}: `YYYY/MM/DD/<uuid>.<ext>` (UTC date folder, lower-case extension
 * of at most 10 letters/digits, or none). A client's file name never becomes a key, so keys cannot collide,
 * climb out of the root or carry odd characters. {@link isStorageKey} tells a well-formed key apart.
 *
 * The local implementation keeps files under `<WMS_DATA_DIR>/files`; with the test data dir `memory://` it
 * uses a fresh directory under os.tmpdir() that {@link LocalFileStorage.dispose} removes.
 */
import { derivedKeyOf } from '../../../shared/files';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { access, constants as fsConstants, mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface FileStorage {
  /** Stores `data` under `key` (replacing what was there); resolves with the byte count once it is durable. */
  put(key: string, data: Readable | Buffer): Promise<{ size: number }>;
  /** The bytes under `key` as a stream; a missing key fails the stream with an ENOENT error (check `exists` first). */
  get(key: string): Readable;
  /** A path of the local file system that holds the bytes of `key`, when the storage keeps files there. */
  localPath?(key: string): string;
  exists(key: string): Promise<boolean>;
  /** Removes `key`; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Resolves when the store can be read and written now; rejects with the reason otherwise (GET /readyz, http/health.ts). */
  check(): Promise<void>;
}

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
  readonly root: string;
  constructor(root: string, private readonly temporary = false) { this.root = resolve(root); }

  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    const p = resolve(this.root, ...key.split('/'));
    if (!p.startsWith(this.root + sep)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return p;
  }

  async put(key: string, data: Readable | Buffer): Promise<{ size: number }> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const part = `${path}.${randomUUID().slice(0, 8)}.part`;
    let size = 0;
    const count = new Transform({ transform(chunk: Buffer, _enc, cb) { size += chunk.length; cb(null, chunk); } });
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, count, createWriteStream(part));
      await rename(part, path);
    } catch (e) {
      await rm(part, { force: true });
      throw e;
    }
    return { size };
  }

  get(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
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
