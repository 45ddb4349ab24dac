/**
 * Reading back what a test's PDF holds (pdfkit output): page count and the text drawn in standard fonts
 * (Helvetica's WinAnsi hex strings of TJ arrays; text in an embedded font is glyph ids and reads as noise).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

/** Pages of a PDF: `/Type /Page` objects (not `/Type /Pages`). */
export const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;

/** The text drawn on each page: content streams inflated, the hex strings of every TJ array joined. */
export function pageTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const dict = m[1];
    if (!/FlateDecode/.test(dict) || /\/Subtype\s*\/Image/.test(dict)) continue;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const start = m.index! + m[0].length;
    const content = inflateSync(Buffer.from(raw.slice(start, start + length), 'latin1')).toString('latin1');
    if (!/TJ|Tj/.test(content)) continue;
    const lines = [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((tj) => [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
    out.push(lines.join('\n'));
  }
  return out;
}

/** The text of a PDF: pdftotext -layout when installed (poppler-utils; reads embedded CJK fonts too), else {@link pageTexts}. */
export function pdfText(pdf: Buffer): string {
  try {
    const dir = mkdtempSync(join(tmpdir(), 'wms-pdf-'));
    try {
      writeFileSync(join(dir, 'd.pdf'), pdf);
      return execFileSync('pdftotext', ['-layout', join(dir, 'd.pdf'), '-'], { encoding: 'utf8' });
    } finally { rmSync(dir, { recursive: true, force: true }); }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return pageTexts(pdf).join('\n');
  }
}
