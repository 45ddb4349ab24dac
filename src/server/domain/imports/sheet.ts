/**
 * Reading an import workbook (spec 2.8 import dialogs, 7.2 templates; issue 3): columns found by header
 * text in English or Chinese (never by position), rows streamed with exceljs's streaming reader within the
 * import limits (workbook-reader.ts, limits.ts; issue 12: a 100,000-row file is never loaded as one
 * workbook, and no file can take the server's memory), and per-cell checks that collect every error as
 * `{ row, column, message }` (row = the Excel row number, column = the column title in the job's language,
 * message = the rule broken, in that language, e.g. "Weight (kg) cannot be greater than 9999").
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../files/storage';
import { matchesPattern, ruleTexts, type Lang } from '../../../shared/validation';
import { cellText, type Cell } from './cells';
import { IMPORT_LIMITS, ImportLimitError } from './limits';
import { workerSheets } from './worker-sheets';

/** One error of an import: Excel row number (1 = header row), column title, what is wrong. */
export interface ImportError { row: number; column: string; message: string }

/** At most this many errors are stored on a failed job; the message gives the number left out. */
export const MAX_STORED_ERRORS = 1000;

/**
 * The errors of one import in bounded memory (a file of 100,000 bad rows must not keep millions of them):
 * every error is counted, and the rows that have one, but only the first `keep` by row are kept (for a row,
 * in the order found), whatever order they come in.
 */
export class ImportErrors {
  /** Errors found, kept or not. */
  length = 0;
  private readonly rowsWith = new Set<number>();
  private kept: ImportError[] = [];
  constructor(readonly keep = MAX_STORED_ERRORS) {}

  push(e: ImportError): void {
    this.length++;
    this.rowsWith.add(e.row);
    this.kept.push(e);
    if (this.kept.length >= 2 * this.keep) this.trim();
  }

  /** Rows with at least one error. */
  get badRows(): number { return this.rowsWith.size; }

  /** The first `keep` errors by row (stable sort: a row's errors in the order found). */
  first(): ImportError[] {
    this.trim();
    return this.kept;
  }

  private trim() {
    this.kept.sort((x, y) => x.row - y.row);
    if (this.kept.length > this.keep) this.kept.length = this.keep;
  }
}

/** A column of an import file: a key, titles in both languages, header spellings accepted, and its limits. */
export interface ImportColumn {
  key: string;
  en: string;
  zh: string;
  /** Extra header spellings (compared after {@link normalizeHeader}); `en` and `zh` are always accepted. */
  aliases?: string[];
  /** The column must be present in the header row (a missing optional column reads as empty cells). */
  required?: boolean;
}

/** `SKU / SKU编码`: how a template titles a column. */
export const headerTitle = (c: ImportColumn) => `${c.en} / ${c.zh}`;

/** Lower case, no spaces or `*`, full-width brackets made ASCII: 'Weight (kg)' -> 'weight(kg)', '重量（kg）' -> '重量(kg)'. */
export function normalizeHeader(s: string): string {
  return s.toLowerCase().replace(/（/g, '(').replace(/）/g, ')').replace(/[\s*＊:：]/g, '');
}

/** Messages of the import rules beyond the shared rule texts (validation.ts). */
const texts = {
  columnMissing: { en: 'Column "{column}" is missing from the header row', zh: '表头缺少列“{column}”' },
  yesNo: { en: '{label} must be Y or N', zh: '{label}只能填 Y 或 N' },
  notFound: { en: '{label} "{value}" does not exist', zh: '{label}“{value}”不存在' },
  repeated: { en: '{label} "{value}" is repeated: it is already on row {row}', zh: '{label}“{value}”重复：第{row}行已有' },
  exists: { en: '{label} "{value}" already exists for this goods owner', zh: '该货主已存在{label}“{value}”' },
  unknownSku: { en: 'SKU "{value}" does not exist for this goods owner', zh: '该货主没有 SKU“{value}”' },
  unknownPlatform: { en: 'Platform "{value}" is unknown; use one of: {values}', zh: '平台“{value}”不存在，可选：{values}' },
  supplierEmpty: { en: 'Supplier name or Supplier SKU must be filled', zh: '供应商名称和供应商SKU至少填写一项' },
  supplierRepeated: { en: 'This supplier and supplier SKU of SKU "{value}" are repeated: already on row {row}', zh: 'SKU“{value}”的供应商及供应商SKU重复：第{row}行已有' },
  supplierExists: { en: 'SKU "{value}" already has this supplier and supplier SKU', zh: 'SKU“{value}”已有该供应商及供应商SKU' },
  platformRepeated: { en: 'SKU "{value}" on platform {platform} is repeated: already on row {row}', zh: 'SKU“{value}”在平台{platform}重复：第{row}行已有' },
  platformExists: { en: 'SKU "{value}" already has a platform SKU on {platform}', zh: 'SKU“{value}”在平台{platform}已有平台SKU' },
  noRows: { en: 'The file has no data rows below the header row', zh: '文件表头下没有数据行' },
  noHeader: { en: 'No worksheet has a header row with the columns of this import', zh: '没有工作表的表头包含本导入所需的列' },
  failedHeader: { en: 'The header row lacks required columns; nothing was imported', zh: '表头缺少必需的列，未导入任何数据' },
  failed: { en: '{errors} errors in {rows} of {total} rows; nothing was imported', zh: '{total}行中有{rows}行共{errors}处错误，未导入任何数据' },
  capped: { en: 'the first {shown} are listed, {more} more are not shown', zh: '仅列出前{shown}处，另有{more}处未列出' },
  unreadable: { en: 'The file cannot be read as an .xlsx workbook: {reason}', zh: '无法按 .xlsx 工作簿读取该文件：{reason}' },
  conflict: { en: 'The data changed while importing ({detail}); nothing was imported, please import again', zh: '导入期间数据发生变化（{detail}），未导入任何数据，请重新导入' },
  failedUnexpected: { en: 'The import failed: {reason}; nothing was imported', zh: '导入失败：{reason}，未导入任何数据' },
  queued: { en: 'Waiting for other imports to finish', zh: '等待其他导入完成' },
} as const;
export type ImportTextKey = keyof typeof texts;
export function importText(lang: Lang, key: ImportTextKey, args: Record<string, string | number> = {}): string {
  return texts[key][lang].replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ''));
}
const ruleText = (lang: Lang, key: string, args: Record<string, string | number>) =>
  ruleTexts[lang][key].replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ''));

export { cellText, cellValue, type Cell } from './cells';
/**
 * The cells of one data row with checks that record errors instead of throwing. Every check returns the
 * value when it is good and undefined otherwise (an empty optional cell is undefined without error).
 */
export class RowCheck {
  errorCount = 0;
  constructor(
    readonly row: number,
    private readonly cells: ReadonlyMap<string, Cell>,
    private readonly columns: ReadonlyMap<string, ImportColumn>,
    readonly lang: Lang,
    private readonly errors: ImportErrors,
  ) {}

  get ok() { return this.errorCount === 0; }
  title(key: string) { const c = this.columns.get(key)!; return c[this.lang]; }
  raw(key: string): Cell { return this.cells.get(key) ?? null; }
  /** True when the cell is empty or blank. */
  isEmpty(key: string): boolean { return cellText(this.raw(key)) === ''; }

  /** Records an error on this row in column `key`. */
  fail(key: string, message: string): undefined {
    this.errorCount++;
    this.errors.push({ row: this.row, column: this.title(key), message });
    return undefined;
  }
  failText(key: string, t: ImportTextKey, args: Record<string, string | number> = {}): undefined {
    return this.fail(key, importText(this.lang, t, { label: this.title(key), ...args }));
  }

  /**
   * Trimmed text; `required` -> "<label> cannot be empty"; longer than maxLength -> "<label> can be at most N
   * characters"; not matching the manifest `pattern` (validation.ts, e.g. 'code') -> that pattern's rule text.
   */
  text(key: string, o: { required?: boolean; maxLength?: number; pattern?: string } = {}): string | undefined {
    const s = cellText(this.raw(key));
    if (!s) return o.required ? this.fail(key, ruleText(this.lang, 'required', { label: this.title(key) })) : undefined;
    if (o.maxLength !== undefined && s.length > o.maxLength) return this.fail(key, ruleText(this.lang, 'maxLength', { label: this.title(key), max: o.maxLength }));
    if (o.pattern && !matchesPattern(o.pattern, s)) return this.fail(key, ruleText(this.lang, o.pattern, { label: this.title(key) }));
    return s;
  }

  /** A number (a numeric cell or text like "1.25"), with the rules of spec 5: min, max, decimals; `integer` -> "<label> must be an integer". */
  number(key: string, o: { required?: boolean; min?: number; max?: number; decimals?: number; integer?: boolean } = {}): number | undefined {
    const v = this.raw(key);
    const label = this.title(key);
    const s = cellText(v);
    if (!s) return o.required ? this.fail(key, ruleText(this.lang, 'required', { label })) : undefined;
    let n: number;
    let decimalsOk: boolean;
    if (typeof v === 'number') {
      n = v;
      decimalsOk = o.decimals === undefined || Math.abs(Math.round(n * 10 ** o.decimals) - n * 10 ** o.decimals) < 1e-6;
    } else {
      if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return this.fail(key, ruleText(this.lang, 'number', { label }));
      n = Number(s);
      decimalsOk = o.decimals === undefined || (s.split('.')[1] ?? '').replace(/0+$/, '').length <= o.decimals;
    }
    if (!Number.isFinite(n)) return this.fail(key, ruleText(this.lang, 'number', { label }));
    if (o.integer && !Number.isInteger(n)) return this.fail(key, ruleText(this.lang, 'integer', { label }));
    if (o.min !== undefined && n < o.min) return this.fail(key, ruleText(this.lang, 'min', { label, min: o.min }));
    if (o.max !== undefined && n > o.max) return this.fail(key, ruleText(this.lang, 'max', { label, max: o.max }));
    if (!decimalsOk) return this.fail(key, ruleText(this.lang, 'decimals', { label, decimals: o.decimals! }));
    return n;
  }

  /** Y/N (also Yes/No, 是/否, true/false, 1/0, TRUE/FALSE cells); empty -> `empty`. */
  yesNo(key: string, empty: boolean): boolean | undefined {
    const v = this.raw(key);
    if (typeof v === 'boolean') return v;
    const s = cellText(v).toLowerCase();
    if (!s) return empty;
    if (['y', 'yes', '是', 'true', '1'].includes(s)) return true;
    if (['n', 'no', '否', 'false', '0'].includes(s)) return false;
    return this.failText(key, 'yesNo');
  }
}

/** totalRows: non-empty rows below the header; headerOk: a sheet with every required column was found and read. */
export interface ReadResult { totalRows: number; headerRow: number; headerOk: boolean }

/** Runs `fn` with a local path that holds the bytes of `key`: the storage's own file, or a temporary copy. */
export async function withLocalFile<T>(storage: FileStorage, key: string, fn: (path: string) => Promise<T>): Promise<T> {
  const local = storage.localPath?.(key);
  if (local) return fn(local);
  const dir = await mkdtemp(join(tmpdir(), 'wms-import-'));
  try {
    const path = join(dir, 'import.xlsx');
    await pipeline(storage.get(key), createWriteStream(path));
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Streams the first worksheet of the .xlsx at the local `path` (read in a worker thread: worker-sheets.ts)
 * whose header row (its first non-empty row) names every required column, and
 * calls `onRow` for each non-empty row below it (errors go to `errors`). When no sheet has all required
 * columns, the errors say which columns the first sheet lacks and no row is read. Throws ImportLimitError for
 * a file past an import limit (limits.ts: its size, more than `maxRows` data rows, a value beyond column
 * `maxColumns`, a cell longer than `maxCellChars`, more than `maxSheetChars` in the import's columns), Error
 * for a file that is not an xlsx workbook.
 * `onProgress` is called every `progressEvery` rows with the number read so far. `limits` overrides
 * IMPORT_LIMITS (tests).
 */
export async function readImportSheet(
  path: string, columns: ImportColumn[], lang: Lang, errors: ImportErrors,
  onRow: (check: RowCheck) => void | Promise<void>,
  onProgress?: (rowsRead: number) => Promise<void>, progressEvery = 10_000, limits: Partial<typeof IMPORT_LIMITS> = {},
): Promise<ReadResult> {
  const lim = { ...IMPORT_LIMITS, ...limits };
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const spellings = new Map<string, string>();
  for (const c of columns) for (const s of [c.en, c.zh, headerTitle(c), ...(c.aliases ?? [])]) if (!spellings.has(normalizeHeader(s))) spellings.set(normalizeHeader(s), c.key);
  const matchHeader = (text: string): string | undefined => {
    if (!text) return undefined;
    for (const variant of [text, ...text.split(/\s+\/\s+/)]) {
      const k = spellings.get(normalizeHeader(variant));
      if (k) return k;
    }
    return undefined;
  };

  let firstMissing: ImportColumn[] | undefined;
  let done = false;
  let totalRows = 0;
  let chars = 0; // in the cells handed to onRow, which an import may keep
  let headerRow = 0;
  for await (const sheet of workerSheets(path, limits)) {
    let header: Map<number, string> | undefined; // column number -> key
    for await (const row of sheet) {
      const { values } = row; // the row limits are checked (cells.ts rowCells)
      if (!header) {
        const found = new Map<number, string>();
        let any = false;
        for (let i = 1; i < values.length; i++) {
          const text = cellText(values[i]);
          if (text) any = true;
          const key = matchHeader(text);
          if (key && ![...found.values()].includes(key)) found.set(i, key);
        }
        if (!any) continue;
        header = found;
        const present = new Set(found.values());
        const missing = columns.filter((c) => c.required && !present.has(c.key));
        if (missing.length) { firstMissing ??= missing; headerRow ||= row.number; break; } // not the import sheet
        done = true;
        headerRow = row.number;
        continue;
      }
      const cells = new Map<string, Cell>();
      let any = false;
      for (const [i, key] of header) {
        const v = values[i] ?? null;
        if (v !== null && cellText(v) !== '') any = true;
        if (typeof v === 'string') chars += v.length;
        cells.set(key, v);
      }
      if (chars > lim.maxSheetChars) throw new ImportLimitError('sheetChars', { max: lim.maxSheetChars });
      if (!any) continue;
      if (++totalRows > lim.maxRows) throw new ImportLimitError('rows', { max: lim.maxRows });
      await onRow(new RowCheck(row.number, cells, byKey, lang, errors));
      if (onProgress && totalRows % progressEvery === 0) await onProgress(totalRows);
    }
    if (done) break; // the other sheets are not read
  }
  if (!done) {
    if (!firstMissing) errors.push({ row: 1, column: '', message: importText(lang, 'noHeader') });
    else for (const c of firstMissing) errors.push({ row: headerRow || 1, column: c[lang], message: importText(lang, 'columnMissing', { column: headerTitle(c) }) });
  }
  return { totalRows, headerRow, headerOk: done };
}
