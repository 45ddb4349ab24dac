/**
 * The worksheets of an uploaded .xlsx, streamed within the import limits (issue 12 "bounded imports";
 * limits.ts). exceljs's streaming reader (`stream.xlsx.WorkbookReader`) parses the XML of each part; what
 * it does not do, and this module adds in place of its `parse()` (the loop over zip entries):
 *
 * 1. the zip's central directory is read first (zip-parts.ts): the part count, encryption and the declared
 *    sizes of the parts read here (workbook, its relations, shared texts, worksheets) are checked before
 *    anything is unpacked;
 * 2. each part is inflated from exactly its compressed bytes through an {@link XmlGuard}, which counts the
 *    actual bytes (a part that unpacks to more than it declares is refused) and bounds what the XML parser
 *    and exceljs could keep in memory (cells, rows, text runs, tags);
 * 3. parts are read in the order needed (relations, workbook, shared texts, then sheets by number), so no
 *    worksheet is parked in a temporary file while the shared texts are found;
 * 4. shared texts are kept as UTF-8 bytes with offsets ({@link SharedTexts}; rich text joined), not as one
 *    JS string or rich-text object each: ~1 byte a character outside the JS heap instead of ~40 bytes a text;
 * 5. text is decoded as UTF-8 across chunk boundaries (exceljs decodes each chunk alone, which breaks a
 *    Chinese character split between two chunks).
 *
 * Errors: ImportLimitError for a limit; Error for a file that is not a zip / xlsx.
 */
import { pipeline, type Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { IMPORT_LIMITS, bytesLimit } from './limits';
import { XmlGuard, type UnpackBudget } from './xml-guard';
import { rawPartStream, readZipDirectory, type ByteSource, type ZipPart } from './zip-parts';

/** exceljs WorkbookReader members used here (exceljs 4.4 lib/stream/xlsx/workbook-reader.js). */
interface ReaderInternals {
  parse: () => AsyncGenerator<{ eventType: string; value: unknown }>;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ index: number; text: unknown }>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
  sharedStrings?: string[];
}

/** A shared text as exceljs emits it (string, null, or `{ richText: [{ text }] }`) as one string ('' for none). */
function plainText(t: unknown): string {
  if (t === null || t === undefined) return '';
  if (typeof t === 'string') return t;
  const runs = (t as { richText?: Array<{ text?: string | null }> }).richText;
  return Array.isArray(runs) ? runs.map((r) => r.text ?? '').join('') : String(t);
}

/**
 * The shared texts of a workbook as one UTF-8 buffer and the offset where each text starts: a file at the
 * shared-texts limit holds about a million texts, which as JS strings would need ~40 bytes each on the heap.
 * {@link table} reads them back the way exceljs does (`sharedStrings[i]`), as a new string each time.
 */
export class SharedTexts {
  private blocks: Buffer[] = [];
  private pending: string[] = [];
  private starts: number[] = [0];
  private bytes = 0;
  private buf = Buffer.alloc(0);
  private offsets = new Uint32Array(1);

  add(text: string): void {
    this.bytes += Buffer.byteLength(text);
    this.starts.push(this.bytes);
    this.pending.push(text);
    if (this.pending.length >= 4096) this.flush();
  }

  private flush() {
    if (this.pending.length) this.blocks.push(Buffer.from(this.pending.join(''), 'utf8'));
    this.pending = [];
  }

  /** Ends the adding: the texts move into one buffer. */
  seal(): void {
    this.flush();
    this.buf = Buffer.concat(this.blocks);
    this.blocks = [];
    this.offsets = Uint32Array.from(this.starts);
    this.starts = [];
  }

  get count(): number { return this.offsets.length - 1; }

  get(i: number): string | undefined {
    return Number.isInteger(i) && i >= 0 && i < this.count ? this.buf.toString('utf8', this.offsets[i], this.offsets[i + 1]) : undefined;
  }

  /** An array-like view for exceljs's worksheet reader: `table[i]` is text i. */
  table(): string[] {
    return new Proxy([] as string[], { get: (target, p) => (typeof p === 'string' && /^\d+$/.test(p) ? this.get(Number(p)) : Reflect.get(target, p)) });
  }
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * The worksheets of the workbook in `src`, in sheet-number order, each an exceljs WorksheetReader whose rows
 * are read as the caller iterates it. Stopping early (break) releases the file. `limits` overrides
 * IMPORT_LIMITS (tests).
 */
export async function* boundedWorksheets(src: ByteSource, limits: Partial<typeof IMPORT_LIMITS> = {}): AsyncGenerator<ExcelJS.stream.xlsx.WorksheetReader> {
  const lim = { ...IMPORT_LIMITS, ...limits };
  const byName = new Map<string, ZipPart>();
  for (const p of await readZipDirectory(src)) byName.set(p.name, p);
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  const book = byName.get('xl/workbook.xml');
  const strings = byName.get('xl/sharedStrings.xml');
  const sheets = [...byName.values()].flatMap((p) => { const m = SHEET.exec(p.name); return m ? [{ p, no: m[1] }] : []; })
    .sort((a, b) => Number(a.no) - Number(b.no));
  const declared = [rels, book, strings, ...sheets.map((s) => s.p)].reduce((sum, p) => sum + (p?.size ?? 0), 0);
  if (declared > lim.maxUnpackedBytes) throw bytesLimit('unpacked', lim.maxUnpackedBytes);
  if (strings && strings.size > lim.maxSharedStringsBytes) throw bytesLimit('sharedStrings', lim.maxSharedStringsBytes);

  const budget: UnpackBudget = { used: 0, max: lim.maxUnpackedBytes };
  const open = async (part: ZipPart, item?: 'c' | 'si'): Promise<XmlGuard> => {
    const raw = await rawPartStream(src, part);
    const guard = new XmlGuard({
      part: part.name, declared: part.size, budget, item, limits,
      own: part === strings ? { max: lim.maxSharedStringsBytes, key: 'sharedStrings' } : undefined,
    });
    // errors of any stage reach the guard, which the parser reads; destroying the guard stops them all
    if (part.method === 8) pipeline(raw, createInflateRaw(), guard, () => {});
    else pipeline(raw, guard, () => {});
    return guard;
  };

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(undefined as never, { sharedStrings: 'emit', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
  const r = reader as unknown as ReaderInternals;
  r.parse = async function* parse() {
    if (rels) await r._parseRels(await open(rels));
    if (book) await r._parseWorkbook(await open(book));
    const texts = new SharedTexts();
    if (strings) for await (const s of r._parseSharedStrings(await open(strings, 'si'))) texts.add(plainText(s.text));
    texts.seal();
    r.sharedStrings = texts.table();
    for (const { p, no } of sheets) {
      const stream = await open(p, 'c');
      try {
        yield* r._parseWorksheet(stream, no);
      } finally {
        stream.destroy();
      }
    }
  };
  yield* reader;
}
