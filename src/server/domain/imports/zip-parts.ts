/**
 * The parts of an .xlsx (a zip) read from its central directory, before anything is unpacked (issue 12
 * "bounded imports"). Reading the directory first tells every part's declared sizes and where it starts, so
 * a file whose parts declare too much is refused without inflating a byte, and the parts can be read in the
 * order the reader needs (shared texts before sheets: no temporary files).
 *
 * Format: PKWARE APPNOTE 6.3 (end of central directory record 4.3.16, its zip64 form 4.3.14/4.3.15, central
 * directory headers 4.3.12, local headers 4.3.7, zip64 extra field 4.5.3). Only stored (0) and deflated (8)
 * parts; encrypted files are refused. Errors: {@link ImportLimitError} for a limit (limits.ts), a plain Error
 * for a file that is not a zip.
 */
import { Readable } from 'node:stream';
import { IMPORT_LIMITS, ImportLimitError, bytesLimit } from './limits';

/** Random access to the bytes of an uploaded file (FileStorage `size` + ranged `get`). */
export interface ByteSource {
  size: number;
  /** Bytes start..end, both inclusive. */
  read(start: number, end: number): Readable;
}

/** One entry of the central directory. Sizes as declared: the reader counts the actual bytes (xml-guard.ts). */
export interface ZipPart {
  name: string;
  method: number;
  compressedSize: number;
  /** Declared unpacked size in bytes. */
  size: number;
  /** Offset of the local header. */
  offset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/** Reads `length` bytes at `start` (fewer at the end of the file). */
export async function readBytes(src: ByteSource, start: number, length: number): Promise<Buffer> {
  if (length <= 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const c of src.read(start, start + length - 1)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const notZip = (why: string) => new Error(`not a zip file (${why})`);
const u64 = (b: Buffer, at: number) => Number(b.readBigUInt64LE(at));

/**
 * The parts of the zip `src`, checked against the part count and directory size limits. Throws
 * ImportLimitError('parts' | 'directory' | 'encrypted') or Error('not a zip file ...').
 */
export async function readZipDirectory(src: ByteSource): Promise<ZipPart[]> {
  if (src.size < EOCD_SIZE) throw notZip('too short');
  const tailStart = Math.max(0, src.size - EOCD_SIZE - MAX_COMMENT - 20);
  const tail = await readBytes(src, tailStart, src.size - tailStart);
  let at = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD && i + EOCD_SIZE + tail.readUInt16LE(i + 20) === tail.length) { at = i; break; }
  }
  if (at < 0) throw notZip('no end of central directory');
  let count = tail.readUInt16LE(at + 10);
  let dirSize = tail.readUInt32LE(at + 12);
  let dirOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    if (at < 20 || tail.readUInt32LE(at - 20) !== ZIP64_LOCATOR) throw notZip('zip64 locator missing');
    const z = await readBytes(src, u64(tail, at - 20 + 8), 56);
    if (z.length < 56 || z.readUInt32LE(0) !== ZIP64_EOCD) throw notZip('zip64 end of central directory missing');
    count = u64(z, 32);
    dirSize = u64(z, 40);
    dirOffset = u64(z, 48);
  }
  if (count > IMPORT_LIMITS.maxParts) throw new ImportLimitError('parts', { count, max: IMPORT_LIMITS.maxParts });
  if (dirSize > IMPORT_LIMITS.maxDirectoryBytes) throw bytesLimit('directory', IMPORT_LIMITS.maxDirectoryBytes);
  if (dirOffset + dirSize > src.size) throw notZip('central directory outside the file');
  const dir = await readBytes(src, dirOffset, dirSize);
  const parts: ZipPart[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw notZip('bad central directory entry');
    const flags = dir.readUInt16LE(p + 8);
    const method = dir.readUInt16LE(p + 10);
    let compressedSize = dir.readUInt32LE(p + 20);
    let size = dir.readUInt32LE(p + 24);
    const nameLen = dir.readUInt16LE(p + 28);
    const extraLen = dir.readUInt16LE(p + 30);
    const commentLen = dir.readUInt16LE(p + 32);
    let offset = dir.readUInt32LE(p + 42);
    const end = p + 46 + nameLen + extraLen + commentLen;
    if (end > dir.length) throw notZip('bad central directory entry');
    const name = dir.toString('utf8', p + 46, p + 46 + nameLen);
    // zip64 extra field: the 64-bit values of the fields that are 0xFFFFFFFF, in this order
    for (let e = p + 46 + nameLen; e + 4 <= p + 46 + nameLen + extraLen;) {
      const id = dir.readUInt16LE(e);
      const len = dir.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        const next = () => { const v = q + 8 <= e + 4 + len ? u64(dir, q) : NaN; q += 8; return v; };
        if (size === 0xffffffff) size = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (offset === 0xffffffff) offset = next();
      }
      e += 4 + len;
    }
    if (flags & 0x1) throw new ImportLimitError('encrypted');
    if (![size, compressedSize, offset].every(Number.isFinite)) throw notZip(`bad zip64 sizes of ${name}`);
    parts.push({ name, method, compressedSize, size, offset });
    p = end;
  }
  return parts;
}

/**
 * The raw (still compressed) bytes of `part`: after its local header, exactly `compressedSize` bytes, so a
 * part cannot read into its neighbours. Throws for a local header that is not there.
 */
export async function rawPartStream(src: ByteSource, part: ZipPart): Promise<Readable> {
  const head = await readBytes(src, part.offset, 30);
  if (head.length < 30 || head.readUInt32LE(0) !== LOCAL) throw notZip(`no local header for ${part.name}`);
  const start = part.offset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  if (start + part.compressedSize > src.size) throw notZip(`${part.name} runs past the end of the file`);
  if (part.method !== 0 && part.method !== 8) throw notZip(`${part.name} uses compression method ${part.method}`);
  if (part.compressedSize === 0) return Readable.from([]);
  return src.read(start, start + part.compressedSize - 1);
}
