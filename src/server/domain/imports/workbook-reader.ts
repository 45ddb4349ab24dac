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
 * 4. shared texts are kept as plain strings (rich text joined), not exceljs's rich-text objects;
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
  sharedStrings?: Array<string | null>;
}

/** A shared text as exceljs emits it (string, null, or `{ richText: [{ text }] }`) as one string or null. */
function plainText(t: unknown): string | null {
  if (t === null || t === undefined) return null;
  if (typeof t === 'string') return t;
  const runs = (t as { richText?: Array<{ text?: string | null }> }).richText;
  return Array.isArray(runs) ? runs.map((r) => r.text ?? '').join('') : String(t);
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
    const texts: Array<string | null> = [];
    if (strings) for await (const s of r._parseSharedStrings(await open(strings, 'si'))) texts[s.index] = plainText(s.text);
    r.sharedStrings = texts;
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
