/**
 * Entry of the worker thread that reads an import workbook (started by worker-sheets.ts, which documents the
 * protocol). It opens the file at `workerData.path`, reads it with {@link boundedWorksheets} and answers each
 * request of the server thread with one message: `next` -> `sheet` | `end`; `pull` -> `rows` (a batch of
 * `[rowNumber, cells]`, `last` when the sheet ended); `skip` -> `skipped`; any failure -> `error` (an
 * ImportLimitError as its key and args).
 */
import { createReadStream, statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import { rowCells, type Cell } from './cells';
import { IMPORT_LIMITS, ImportLimitError } from './limits';
import { boundedWorksheets } from './workbook-reader';

const { path, limits } = workerData as { path: string; limits: Partial<typeof IMPORT_LIMITS> };
const lim = { ...IMPORT_LIMITS, ...limits };
/** A batch holds at most this many rows, or this many characters. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 1_000_000;

const port = parentPort!;
const source = { size: statSync(path).size, read: (start: number, end: number) => createReadStream(path, { start, end }) };
const sheets = boundedWorksheets(source, limits);
let rows: AsyncIterator<ExcelJS.Row> | undefined;

async function pull(): Promise<{ rows: Array<[number, Cell[]]>; last: boolean }> {
  const batch: Array<[number, Cell[]]> = [];
  let chars = 0;
  while (rows && batch.length < BATCH_ROWS && chars < BATCH_CHARS) {
    const r = await rows.next();
    if (r.done) { rows = undefined; break; }
    const cells = rowCells(r.value.number, r.value.values as unknown[], lim);
    for (const c of cells) if (typeof c === 'string') chars += c.length;
    batch.push([r.value.number, cells]);
  }
  return { rows: batch, last: !rows };
}

// one request at a time: the server thread waits for each answer
port.on('message', async (m: { t: 'next' | 'pull' | 'skip' }) => {
  try {
    if (m.t === 'next') {
      const s = await sheets.next();
      if (s.done) port.postMessage({ t: 'end' });
      else { rows = s.value[Symbol.asyncIterator](); port.postMessage({ t: 'sheet' }); }
    } else if (m.t === 'pull') {
      port.postMessage({ t: 'rows', ...(await pull()) });
    } else {
      await rows?.return?.(undefined);
      rows = undefined;
      port.postMessage({ t: 'skipped' });
    }
  } catch (e) {
    const limit = e instanceof ImportLimitError ? { key: e.key, args: e.args } : undefined;
    port.postMessage({ t: 'error', limit, message: String((e as Error)?.message ?? e) });
  }
});
