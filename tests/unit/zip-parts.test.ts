/**
 * The zip directory reader of the import (src/server/domain/imports/zip-parts.ts; issue 12): it lists the
 * parts with their declared sizes before anything is unpacked, hands out exactly a part's compressed bytes,
 * and refuses an encrypted file, too many parts and a file that is not a zip.
 */
import { inflateRawSync } from 'node:zlib';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ImportLimitError } from '../../src/server/domain/imports/limits';
import { rawPartStream, readZipDirectory, type ByteSource } from '../../src/server/domain/imports/zip-parts';

const source = (data: Buffer): ByteSource => ({ size: data.length, read: (start, end) => Readable.from([data.subarray(start, end + 1)]) });
const limitKey = (p: Promise<unknown>) => p.then(() => 'none', (e) => (e instanceof ImportLimitError ? e.key : `error: ${(e as Error).message}`));

describe('readZipDirectory', () => {
  it('lists the parts of an xlsx with their declared sizes, and a part\'s bytes unpack to that size', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('S').addRow(['a', 1]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const parts = await readZipDirectory(source(data));
    expect(parts.map((p) => p.name)).toEqual(expect.arrayContaining(['xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml']));
    const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!;
    const chunks: Buffer[] = [];
    for await (const c of await rawPartStream(source(data), sheet)) chunks.push(c as Buffer);
    const xml = sheet.method === 8 ? inflateRawSync(Buffer.concat(chunks)) : Buffer.concat(chunks);
    expect(xml.length).toBe(sheet.size);
    expect(xml.toString()).toContain('<sheetData>');
  });

  it('refuses an encrypted file, more than 1,000 parts, and what is not a zip', async () => {
    const zip = new JSZip();
    zip.file('a.xml', '<a/>');
    const data = await zip.generateAsync({ type: 'nodebuffer' });
    const cd = data.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    data.writeUInt16LE(data.readUInt16LE(cd + 8) | 1, cd + 8); // the "encrypted" flag
    expect(await limitKey(readZipDirectory(source(data)))).toBe('encrypted');
    const many = new JSZip();
    for (let i = 0; i <= 1000; i++) many.file(`p${i}.xml`, '');
    expect(await limitKey(readZipDirectory(source(await many.generateAsync({ type: 'nodebuffer' }))))).toBe('parts');
    expect(await limitKey(readZipDirectory(source(Buffer.from('this is not a zip file at all'))))).toBe('error: not a zip file (no end of central directory)');
  });
});
