/**
 * Limits of an import workbook (issue 12 "bounded imports"; stated in the README's import table). The reader
 * (zip-parts.ts, xml-guard.ts, workbook-reader.ts in a worker thread: worker-sheets.ts, then sheet.ts)
 * refuses a file that passes one of them with an {@link ImportLimitError}; the job then ends FAIL with
 * {@link limitText} as its message, the limit in words. Together with the reader thread's heap cap they bound
 * what an import costs the server whatever the file (tests/api/import-limits.test.ts: under 600 MB RSS).
 */
import type { Lang } from '../../../shared/validation';

const MB = 1024 * 1024;

export const IMPORT_LIMITS = {
  /** Entries (files) in the zip; an .xlsx has about 10-30. */
  maxParts: 1_000,
  /** Bytes of the central directory (the zip's table of contents). */
  maxDirectoryBytes: 1 * MB,
  /** Unpacked bytes of the parts the reader reads (workbook, relations, shared texts, worksheets), declared and actual. */
  maxUnpackedBytes: 256 * MB,
  /** Unpacked bytes of the shared texts (xl/sharedStrings.xml): they are kept in memory while the sheets are read. */
  maxSharedStringsBytes: 32 * MB,
  /** Data rows (non-empty rows below the header row) of the import sheet. */
  maxRows: 100_000,
  /** Row elements of a worksheet, empty ones included (Excel's own maximum). */
  maxSheetRows: 1_048_576,
  /** The last column that may hold a value (100 = column CV). */
  maxColumns: 100,
  /** Characters of one cell (Excel's own maximum). */
  maxCellChars: 32_767,
  /** Characters in the cells of the import's columns, all data rows together (an import keeps them until it ends). */
  maxSheetChars: 50_000_000,
  /** Bytes of XML of one cell or shared text, markup included (a cell of maxCellChars needs at most ~6 bytes a character). */
  maxCellBytes: 1 * MB,
  /** Bytes of XML of one row. */
  maxRowBytes: 16 * MB,
  /** Bytes of one tag, comment or processing instruction. */
  maxTagBytes: 64 * 1024,
};
export type ImportLimits = typeof IMPORT_LIMITS;

/**
 * Imports that run at the same time in one process; more wait in a queue (jobs.ts ImportQueue). One: a large
 * legitimate file (100,000 rows, the shared texts near their limit) costs ~160 MB of RSS (reader thread and
 * the rows the import keeps), and the server idles at ~250 MB on PostgreSQL.
 */
export const IMPORT_PARALLEL = 1;

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  parts: L('The file has {count} parts; an import file may have at most {max}', '文件包含 {count} 个部件，导入文件最多 {max} 个'),
  directory: L('The file\'s table of contents is larger than {max}; it is damaged or not an Excel workbook', '文件目录大于 {max}，文件已损坏或不是 Excel 工作簿'),
  unpacked: L('The file unpacks to more than {max}; an import file may unpack to at most {max}', '文件解压后超过 {max}，导入文件解压后最多 {max}'),
  sharedStrings: L('The texts of the file unpack to more than {max}; an import file\'s texts may unpack to at most {max}', '文件中的文本解压后超过 {max}，导入文件的文本解压后最多 {max}'),
  lying: L('The file is damaged: part {part} unpacks to more than the {declared} bytes it declares', '文件已损坏：部件 {part} 解压后超过其声明的 {declared} 字节'),
  rows: L('The sheet has more than {max} data rows; an import may have at most {max} rows', '工作表的数据行超过 {max} 行，一次导入最多 {max} 行'),
  sheetChars: L('The cells of the sheet hold more than {max} characters; an import may hold at most {max}', '工作表单元格的字符超过 {max} 个，一次导入最多 {max} 个'),
  sheetRows: L('A worksheet has more than {max} rows', '工作表超过 {max} 行'),
  columns: L('Row {row} has a value in column {column} (column {n}); an import sheet may have at most {max} columns', '第{row}行的 {column} 列（第{n}列）有内容，导入工作表最多 {max} 列'),
  cell: L('Row {row}, column {column}: the cell holds {n} characters; a cell may hold at most {max} characters', '第{row}行 {column} 列：单元格有 {n} 个字符，单元格最多 {max} 个字符'),
  cellBytes: L('A cell of the file holds more than {max} characters (more than {bytes} of XML); a cell may hold at most {max} characters', '文件中有单元格超过 {max} 个字符（XML 超过 {bytes}），单元格最多 {max} 个字符'),
  rowBytes: L('A row of the file is larger than {max}', '文件中有一行大于 {max}'),
  markup: L('The file is damaged or not an Excel workbook: {detail}', '文件已损坏或不是 Excel 工作簿：{detail}'),
  memory: L('The file needs more memory to read than an import may use ({max})', '读取该文件所需内存超过导入上限（{max}）'),
  encrypted: L('The file is encrypted; save it without a password and upload it again', '文件已加密，请取消密码保存后重新上传'),
} as const;
export type LimitKey = keyof typeof texts;

/** 268435456 -> '256 MB', 65536 -> '64 KB', 100000 -> '100,000'. */
export function formatBytes(n: number): string {
  if (n >= MB && n % MB === 0) return `${n / MB} MB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KB`;
  return `${n.toLocaleString('en-US')} bytes`;
}
const formatCount = (n: number) => n.toLocaleString('en-US');

/** Excel's letters of a 1-based column number: 1 -> A, 27 -> AA, 101 -> CW. */
export function columnLetters(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** A file that passes an import limit (or cannot be an xlsx at all); `key` + `args` make the message in either language. */
export class ImportLimitError extends Error {
  constructor(readonly key: LimitKey, readonly args: Record<string, string | number> = {}) {
    super(limitText('en', key, args));
  }
}

/** The message of a limit in `lang`; numeric args are written with thousands separators. */
export function limitText(lang: Lang, key: LimitKey, args: Record<string, string | number> = {}): string {
  return texts[key][lang].replace(/\{(\w+)\}/g, (_, k) => {
    const v = args[k];
    return typeof v === 'number' ? formatCount(v) : String(v ?? '');
  });
}

/** `new ImportLimitError(key, args)` with byte limits written as sizes ('256 MB'). */
export const bytesLimit = (key: LimitKey, max: number, args: Record<string, string | number> = {}) => new ImportLimitError(key, { ...args, max: formatBytes(max) });
