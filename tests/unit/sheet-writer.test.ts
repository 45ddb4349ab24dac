/**
 * The export's sheet writer (src/server/domain/exports/sheet-writer.ts): data rows are written as sheet XML
 * without exceljs' Row objects (issue 13), so this reads a written file back with exceljs and checks what a
 * spreadsheet sees: the header, row numbers in column A, numbers as numbers, empty cells where the value was
 * null (the following cells keep their columns), text with XML's special characters, line breaks, spaces at
 * either end and non-Latin characters unchanged, control characters XML cannot hold dropped, and columns past Z.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../../src/server/domain/files/storage';
import { writeWorkbook, type ExportBatch } from '../../src/server/domain/exports/sheet-writer';

const KEY = '2026/01/01/00000000-0000-4000-8000-000000000000.xlsx';
const dir = mkdtempSync(join(tmpdir(), 'sheet-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* batches(rows: unknown[][], per: number): AsyncIterable<ExportBatch> {
  for (let i = 0; i < rows.length; i += per) {
    const part = rows.slice(i, i + per);
    yield { rows: part.length, json: [JSON.stringify(part.slice(0, 1)), JSON.stringify(part.slice(1))] };
  }
}

describe('writeWorkbook', () => {
  it('writes what exceljs reads back as the same values', async () => {
    const columns = Array.from({ length: 30 }, (_, i) => ({ header: i === 0 ? 'No.' : `H${i} & <x>`, width: 10 }));
    const wide = (k: number) => Array.from({ length: 29 }, (_, j) => (j === 28 ? `last ${k}` : j === 27 ? null : j * k));
    const rows: unknown[][] = [
      ['a & b <c> "q" \'x\'', null, 12.345, '  spaced  ', 'line 1\nline 2', '仓库 ÜÖ 😀', 'ctl\u0001\u0008x', 0, -7, ...wide(1).slice(9)],
      wide(2),
      wide(3),
    ];
    const storage = new LocalFileStorage(dir);
    const n = await writeWorkbook(storage, KEY, 'Sheet & <1>', columns, batches(rows, 2), () => {});
    expect(n).toBe(3);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(join(dir, ...KEY.split('/'))) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Sheet & <1>');
    expect(ws.rowCount).toBe(4);
    const values = (r: number) => Array.from({ length: 30 }, (_, c) => ws.getRow(r).getCell(c + 1).value ?? null);
    expect(values(1)).toEqual(columns.map((c) => c.header));
    expect(values(2)).toEqual([1, 'a & b <c> "q" \'x\'', null, 12.345, '  spaced  ', 'line 1\nline 2', '仓库 ÜÖ 😀', 'ctlx', 0, -7, ...wide(1).slice(9)]);
    expect(values(3)).toEqual([2, ...wide(2)]);
    expect(values(4)).toEqual([3, ...wide(3)]);
    expect(ws.getCell('AD4').value).toBe('last 3');
  });
});
