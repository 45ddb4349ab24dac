/**
 * Text of any script on a PDF page (issue 16 "Chinese text with an embedded CJK font"). pdfkit's standard
 * Helvetica draws Latin-1 only; Noto Sans SC (the @fontsource package the console already ships for Chinese
 * mode) is split by Google Fonts into ~100 WOFF2 subsets by Unicode range. A line of text is cut into runs: the
 * characters Helvetica can draw stay Helvetica (so numbers and codes remain plain, searchable WinAnsi text in
 * the PDF), every other character takes the Noto subset whose `unicode-range` holds it, embedded by pdfkit as a
 * subset of the glyphs used. A character no font covers prints as '?'.
 *
 * Units: PDF points (1/72 inch). Subset files are read once per process and kept (a few hundred KB each,
 * only those a document needed).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { helveticaSafe } from '../labels';

const require = createRequire(import.meta.url);

interface Subset { file: string; ranges: Array<[number, number]> }

let subsets: Subset[] | undefined;
const fontBytes = new Map<string, Buffer>();
const registeredOn = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** The 400-weight subsets of Noto Sans SC with their Unicode ranges, read from the package's 400.css. */
function notoSubsets(): Subset[] {
  if (subsets) return subsets;
  const css = require.resolve('@fontsource/noto-sans-sc/400.css');
  const dir = dirname(css);
  const text = readFileSync(css, 'utf8');
  subsets = [];
  for (const face of text.split('@font-face').slice(1)) {
    const file = /url\(\.\/(files\/[^)]+\.woff)\)/.exec(face)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(face)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((part): [number, number] => {
      const [a, b] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(a, 16), parseInt(b ?? a, 16)];
    });
    subsets.push({ file: join(dir, file), ranges });
  }
  return subsets;
}

/** The Noto subset file holding code point `cp`, or undefined. */
function subsetFor(cp: number): string | undefined {
  if (subsetOf.has(cp)) return subsetOf.get(cp);
  const file = notoSubsets().find((s) => s.ranges.some(([a, b]) => cp >= a && cp <= b))?.file;
  subsetOf.set(cp, file);
  return file;
}
/** Code point -> subset file, as looked up (a few thousand distinct characters at most). */
const subsetOf = new Map<number, string | undefined>();

/** A piece of a line drawn with one font: `font` is 'helvetica' or a Noto subset file. */
export interface Run { font: string; text: string }

/** `text` cut into runs of one font each (whitespace becomes a space; uncovered characters '?'). */
export function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const ch of text.replace(/\s+/g, ' ')) {
    let font = 'helvetica';
    let out = ch;
    if (helveticaSafe(ch) !== ch) {
      const file = subsetFor(ch.codePointAt(0)!);
      if (file) font = file;
      else out = '?';
    }
    const last = runs.at(-1);
    if (last && last.font === font) last.text += out;
    else runs.push({ font, text: out });
  }
  return runs;
}

/** Selects a run's font on `doc` (a Noto subset is registered on the document at its first use). */
function useFont(doc: PDFKit.PDFDocument, font: string, bold: boolean): void {
  if (font === 'helvetica') {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    return;
  }
  let registered = registeredOn.get(doc);
  if (!registered) registeredOn.set(doc, (registered = new Set()));
  if (!registered.has(font)) {
    let bytes = fontBytes.get(font);
    if (!bytes) {
      bytes = readFileSync(font);
      fontBytes.set(font, bytes);
    }
    // registered under the file's path as its name (font(src, family) would read family as a collection member)
    doc.registerFont(font, bytes);
    registered.add(font);
  }
  doc.font(font);
}

/** The current font's ascender in 1/1000 em (pdfkit keeps it on its font object, which its types leave out). */
const ascenderOf = (doc: PDFKit.PDFDocument): number => (doc as unknown as { _font: { ascender: number } })._font.ascender;

export interface LineOptions { size: number; bold?: boolean; width?: number; align?: 'left' | 'right' | 'center' }

/** Width in points of `text` at `size`. */
export function widthOf(doc: PDFKit.PDFDocument, text: string, size: number, bold = false): number {
  let w = 0;
  for (const run of runsOf(text)) {
    useFont(doc, run.font, bold);
    w += doc.fontSize(size).widthOfString(run.text);
  }
  return w;
}

/** `text` cut (with '...') so that it fits `width` points at `size`. */
export function fitted(doc: PDFKit.PDFDocument, text: string, size: number, width: number, bold = false): string {
  if (widthOf(doc, text, size, bold) <= width) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (widthOf(doc, `${chars.slice(0, mid).join('')}...`, size, bold) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('')}...`;
}

/**
 * Draws one line of `text` with its top at (x, y), cut to `width` when given and aligned within it; returns
 * the line height in points. Never wraps and never adds a page.
 */
export function drawLine(doc: PDFKit.PDFDocument, text: string, x: number, y: number, o: LineOptions): number {
  const bold = Boolean(o.bold);
  const shown = o.width !== undefined ? fitted(doc, text, o.size, o.width, bold) : text;
  const total = widthOf(doc, shown, o.size, bold);
  let cx = x;
  if (o.width !== undefined && o.align === 'right') cx = x + o.width - total;
  else if (o.width !== undefined && o.align === 'center') cx = x + (o.width - total) / 2;
  // pdfkit places text by its top (baseline = top + the font's ascender); Noto's ascender is taller than
  // Helvetica's, so each run is moved to share Helvetica's baseline
  useFont(doc, 'helvetica', bold);
  const baseline = y + (ascenderOf(doc) * o.size) / 1000;
  for (const run of runsOf(shown)) {
    useFont(doc, run.font, bold);
    doc.fontSize(o.size);
    doc.text(run.text, cx, baseline - (ascenderOf(doc) * o.size) / 1000, { lineBreak: false });
    cx += doc.widthOfString(run.text);
  }
  return o.size * 1.25;
}

/**
 * Draws `text` wrapped into lines of at most `width` points (breaking at spaces, or anywhere in CJK text),
 * at most `maxLines` lines (the last cut with '...'); returns the height used.
 */
export function drawWrapped(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, o: LineOptions & { maxLines: number }): number {
  const lines: string[] = [];
  let current = '';
  for (const ch of text.replace(/\s+/g, ' ')) {
    if (widthOf(doc, current + ch, o.size, o.bold) > width && current) {
      const space = current.lastIndexOf(' ');
      if (ch !== ' ' && space > 0 && /[ -~]/.test(ch)) {
        lines.push(current.slice(0, space));
        current = current.slice(space + 1) + ch;
      } else {
        lines.push(current);
        current = ch === ' ' ? '' : ch;
      }
    } else current += ch;
  }
  if (current) lines.push(current);
  const shown = lines.slice(0, o.maxLines);
  if (lines.length > o.maxLines) shown[o.maxLines - 1] = `${shown[o.maxLines - 1]}${lines[o.maxLines]}`;
  let h = 0;
  for (const line of shown) h += drawLine(doc, line, x, y + h, { ...o, width });
  return h;
}
