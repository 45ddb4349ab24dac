/**
 * Text runs of the printed documents (src/server/domain/print/pdf-text.ts): Latin-1 stays Helvetica, Chinese
 * goes to the Noto Sans SC subset file whose unicode-range holds it, characters no font has become '?', and a
 * line cut to a width ends with '...' and fits it.
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { fitted, runsOf, widthOf } from '../../src/server/domain/print/pdf-text';

describe('pdf text runs', () => {
  it('keeps Latin text in Helvetica and puts each Chinese character in a Noto subset that has it', () => {
    const runs = runsOf('OUT-1 拣货单 Café');
    expect(runs[0]).toEqual({ font: 'helvetica', text: 'OUT-1 ' });
    expect(runs.at(-1)).toEqual({ font: 'helvetica', text: ' Café' });
    const cjk = runs.slice(1, -1);
    expect(cjk.map((r) => r.text).join('')).toBe('拣货单');
    for (const r of cjk) expect(r.font).toMatch(/noto-sans-sc-.*-400-normal\.woff$/);
  });

  it('prints a character no font has as ?, and whitespace as one space', () => {
    expect(runsOf('a\t\n b\u{10FFFD}')).toEqual([{ font: 'helvetica', text: 'a b?' }]);
  });

  it('cuts a line to a width with ...', () => {
    const doc = new PDFDocument();
    const long = '北京市朝阳区建国路88号 Building 5, Apartment 12, Riyadh';
    const cut = fitted(doc, long, 10, 100);
    expect(cut.endsWith('...')).toBe(true);
    expect(widthOf(doc, cut, 10)).toBeLessThanOrEqual(100);
    expect(long.startsWith(cut.slice(0, -3))).toBe(true);
    expect(fitted(doc, 'short', 10, 100)).toBe('short');
  });
});
