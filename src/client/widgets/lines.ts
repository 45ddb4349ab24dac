/**
 * Conversions of the multi-line multi-input (spec 2.10, 5: one value per line, blank lines dropped, each
 * line trimmed; spec 9: at most 10000 characters).
 */
export const STRINGS_MAX_CHARS = 10000;

/** Stored array -> text, one value per line. */
export function formatLines(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? '' : String(v))).join('\n');
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Text -> array: lines trimmed, blank lines dropped. */
export function parseLines(text: unknown): string[] {
  if (Array.isArray(text)) return text.map((v) => String(v).trim()).filter((v) => v !== '');
  if (typeof text !== 'string') return [];
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Characters the value takes once joined one per line. */
export function linesLength(value: unknown): number {
  return formatLines(parseLines(value)).length;
}
