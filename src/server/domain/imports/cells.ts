/** The values of an import sheet's cells as the row checks read them (sheet.ts), and the per-row limits. */
import { IMPORT_LIMITS, ImportLimitError, columnLetters } from './limits';

/** A cell's value: text, number, boolean, date or empty. */
export type Cell = string | number | boolean | Date | null;

/** A cell's value with exceljs wrappers removed: rich text -> its text, formula -> its result, hyperlink -> its text. */
export function cellValue(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown; error?: string; formula?: string; sharedFormula?: string };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if ('result' in o || o.formula !== undefined || o.sharedFormula !== undefined) return cellValue(o.result);
    if ('text' in o) return cellValue(o.text);
    if (o.error) return o.error;
  }
  return String(v);
}

/** A cell as trimmed text ('' for empty). */
export function cellText(v: Cell): string {
  if (v === null) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v).trim();
}

/**
 * The cells of exceljs's `row.values` (1-based, with holes) as a dense array of {@link Cell}s (index 0 empty),
 * after the row limits (limits.ts): ImportLimitError('columns') for a value beyond column `maxColumns`,
 * ImportLimitError('cell') for a cell longer than `maxCellChars`.
 */
export function rowCells(rowNumber: number, values: unknown[], lim: typeof IMPORT_LIMITS): Cell[] {
  if (values.length - 1 > lim.maxColumns) {
    throw new ImportLimitError('columns', { row: rowNumber, column: columnLetters(values.length - 1), n: values.length - 1, max: lim.maxColumns });
  }
  const out: Cell[] = [null];
  for (let i = 1; i < values.length; i++) {
    const v = cellValue(values[i]);
    if (typeof v === 'string' && v.length > lim.maxCellChars) {
      throw new ImportLimitError('cell', { row: rowNumber, column: columnLetters(i), n: v.length, max: lim.maxCellChars });
    }
    out.push(v);
  }
  return out;
}
