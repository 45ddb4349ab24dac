/**
 * The XML guard of the import reader (src/server/domain/imports/xml-guard.ts; issue 12): it passes a
 * workbook part through unchanged (UTF-8 decoded across chunks) and refuses, with the import limit's
 * message, a part larger than it declares or than the file's budget, a cell, text run, row or tag past its
 * bound, too many rows and any DOCTYPE; a `</c>` inside a comment, CDATA or attribute does not end a cell.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, ImportLimitError } from '../../src/server/domain/imports/limits';
import { XmlGuard, type UnpackBudget, type XmlGuardOptions } from '../../src/server/domain/imports/xml-guard';

const small = { ...IMPORT_LIMITS, maxCellBytes: 100, maxRowBytes: 400, maxTagBytes: 60, maxSheetRows: 3 };

/** Runs `chunks` through a guard (declared size: their length unless given); returns the text or the error's key and message. */
async function guard(chunks: Array<string | Buffer>, o: Partial<XmlGuardOptions> = {}): Promise<{ text?: string; key?: string; message?: string }> {
  const bufs = chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c));
  const g = new XmlGuard({ part: 'xl/worksheets/sheet1.xml', declared: bufs.reduce((n, b) => n + b.length, 0), budget: { used: 0, max: 1e9 }, item: 'c', limits: small, ...o });
  let text = '';
  g.on('data', (s: string) => { text += s; });
  try {
    await pipeline(Readable.from(bufs), g);
    return { text };
  } catch (e) {
    if (e instanceof ImportLimitError) return { key: e.key, message: e.message };
    throw e;
  }
}
const rep = (s: string, n: number) => s.repeat(n);

describe('XmlGuard', () => {
  it('passes a sheet through unchanged, decoding a character split between chunks', async () => {
    const xml = '<?xml version="1.0"?><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>中文 &amp; more</t></is></c></row></sheetData></worksheet>';
    const bytes = Buffer.from(xml);
    const cut = bytes.indexOf(Buffer.from('文')) + 1; // inside the 3 bytes of 文
    expect(await guard([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual({ text: xml });
  });

  it('refuses a part that unpacks to more than it declares, and a file past its budget', async () => {
    expect(await guard(['<a>', rep('x', 50), '</a>'], { declared: 20 })).toMatchObject({ key: 'lying', message: 'The file is damaged: part xl/worksheets/sheet1.xml unpacks to more than the 20 bytes it declares' });
    const budget: UnpackBudget = { used: 0, max: 100 };
    expect((await guard([`<a>${rep('<b/>', 15)}</a>`], { budget })).text).toBeDefined();
    expect(await guard([`<a>${rep('<b/>', 15)}</a>`], { budget })).toMatchObject({ key: 'unpacked' });
  });

  it('refuses a cell past its bytes, even in small text runs, and a `</c>` in a comment, CDATA or attribute does not end it', async () => {
    const runs = rep('<v>xxxxxxxxxx</v>', 8); // 8 runs of 10: no run is long, the cell is (136 bytes)
    expect(await guard([`<row><c r="A1">${runs}</c></row>`])).toMatchObject({ key: 'cellBytes' });
    expect((await guard([`<row><c r="A1">${runs.slice(0, 60)}</c><c r="B1">${runs.slice(0, 60)}</c></row>`])).text).toBeDefined();
    for (const fake of ['<!-- </c> -->', '<![CDATA[</c>]]>', '<x a="</c>"/>', '<?pi </c> ?>']) {
      expect(await guard([`<row><c r="A1">${fake}${runs}</c></row>`]), fake).toMatchObject({ key: 'cellBytes' });
    }
    // a quoted '>' and a self-closed cell: what follows is not in a cell
    expect((await guard([`<row><c r="A1" x="a>b"/>${runs.slice(0, 60)}<c r="B1"/>${runs.slice(0, 60)}</row>`])).text).toBeDefined();
  });

  it('refuses a long text run, a long tag or comment, a row past its bytes, too many rows and a DOCTYPE', async () => {
    expect(await guard(['<a>', rep('x', 150), '</a>'])).toMatchObject({ key: 'cellBytes' });
    expect(await guard([`<a b="${rep('x', 80)}"/>`])).toMatchObject({ key: 'markup', message: 'The file is damaged or not an Excel workbook: xl/worksheets/sheet1.xml: a tag, comment or instruction longer than 60 bytes' });
    expect(await guard([`<a><!-- ${rep('<', 80)} --></a>`])).toMatchObject({ key: 'markup' });
    expect(await guard([`<row>${rep('<c r="A1"><v>1</v></c>', 30)}</row>`])).toMatchObject({ key: 'rowBytes', message: 'A row of the file is larger than 400 bytes' });
    expect(await guard([rep('<row/>', 4)])).toMatchObject({ key: 'sheetRows' });
    expect(await guard(['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>'])).toMatchObject({ key: 'markup', message: expect.stringContaining('<!DOCTYPE>') });
  });

  it('counts shared texts against their own limit, cell by `<si>`', async () => {
    const o = { part: 'xl/sharedStrings.xml', item: 'si' as const, own: { max: 50, key: 'sharedStrings' as const } };
    expect(await guard(['<sst>', rep('<si><t>a</t></si>', 5), '</sst>'], o)).toMatchObject({ key: 'sharedStrings' });
    expect(await guard([`<sst><si>${rep('<r><t>abcdefghij</t></r>', 6)}</si></sst>`], { ...o, own: undefined })).toMatchObject({ key: 'cellBytes' });
  });
});
