/**
 * `npm run files:move` (scripts/files-move.ts; issue 28; docs/files.md "Moving files into the store"): copies
 * the files of a local folder (`<WMS_DATA_DIR>/files`, what instances kept before a shared store) into the
 * configured store, key for key (the path under the folder is the key).
 *
 * Resumable and idempotent: a key the store already holds with the same size and SHA-256 is not copied again;
 * a local file is removed only after its copy was read back from the store and its size and SHA-256 matched.
 * A run stopped half-way leaves every file either still local or verified in the store; the next run goes on.
 * Files whose names are not storage keys (e.g. a `.part` left by a crashed write) are left alone and counted.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, rmdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { isStorageKey, type FileStorage } from './storage';

export interface MoveCounts {
  /** Copied into the store and verified; the local copy removed. */
  moved: number;
  /** Already in the store with the same size and SHA-256; the local copy removed. */
  alreadyThere: number;
  /** Copy or verification failed (see `errors`); the local copy kept. */
  failed: number;
  /** Files under the folder that are not storage keys; kept. */
  ignored: number;
  errors: string[];
}

/** SHA-256 (hex) and size of a stream's bytes. */
async function digest(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const b of stream) { size += (b as Buffer).length; hash.update(b as Buffer); }
  return { size, sha256: hash.digest('hex') };
}

/** Every file under `dir` (paths), depth first; a missing folder has none. */
async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(p);
    else if (e.isFile()) yield p;
  }
}

/** True when the store holds `key` with this size and SHA-256 (read back and hashed where the store keeps no checksum). */
async function storeHolds(store: FileStorage, key: string, local: { size: number; sha256: string }): Promise<boolean> {
  const st = await store.stat(key);
  if (!st || st.size !== local.size) return false;
  if (st.sha256 && st.sha256 !== local.sha256) return false;
  const back = await digest(store.get(key));
  return back.size === local.size && back.sha256 === local.sha256;
}

/**
 * Moves the files under `root` into `store`; `log` gets one line per file copied or failed. Returns the counts.
 * Throws only when `root` cannot be read.
 */
export async function moveLocalFiles(root: string, store: FileStorage, log: (line: string) => void = () => {}): Promise<MoveCounts> {
  const counts: MoveCounts = { moved: 0, alreadyThere: 0, failed: 0, ignored: 0, errors: [] };
  for await (const path of filesUnder(root)) {
    const key = relative(root, path).split(sep).join('/');
    if (!isStorageKey(key)) { counts.ignored++; continue; }
    try {
      const local = await digest(createReadStream(path));
      if (await storeHolds(store, key, local)) {
        counts.alreadyThere++;
      } else {
        await store.put(key, createReadStream(path));
        if (!(await storeHolds(store, key, local))) throw new Error('the copy read back from the store differs from the local file');
        counts.moved++;
        log(`moved ${key} (${local.size} bytes)`);
      }
      await rm(path);
    } catch (e) {
      counts.failed++;
      counts.errors.push(`${key}: ${(e as Error).message}`);
      log(`FAILED ${key}: ${(e as Error).message}`);
    }
  }
  await removeEmptyFolders(root);
  return counts;
}

/** Removes the folders under `root` that are left empty (not `root` itself). */
async function removeEmptyFolders(root: string): Promise<void> {
  const walk = async (dir: string): Promise<boolean> => {
    let entries;
    try { entries = await readdir(dir, { withFileTypes: true }); } catch { return false; }
    let empty = true;
    for (const e of entries) {
      if (!e.isDirectory() || !(await walk(join(dir, e.name)))) empty = false;
    }
    if (empty && dir !== root) await rmdir(dir).catch(() => {});
    return empty;
  };
  await walk(root);
}
