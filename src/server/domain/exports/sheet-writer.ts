/**
 * Writes one export sheet (header row + data rows) as an .xlsx stream into the file storage, with exceljs'
 * streaming writer (`stream.xlsx.WorkbookWriter`, no shared strings, no styles): exceljs writes the package
 * (workbook, relations, content types, the sheet's columns, frozen header and header row) and zips; the data
 * rows are written into its sheet stream as the same XML its row and cell xforms would write (issue 13: an
 * exceljs Row with its Cell objects per row cost ~40 us a row, most of a 1,000,000-row export's time; the
 * XML text costs a few us). Text goes through exceljs' own `xmlEncode`.
 *
 * The writer runs in a worker thread; this thread reads the database and sends it the rows batch by batch, as
 * JSON text ({@link ExportBatch}):
 * - memory: the writer allocates a few KB per row (row arrays, cells, XML, zip chunks). In the server's heap,
 *   objects that are alive while a batch is handled end up promoted (or pretenured) to the old generation and
 *   pile up there until V8's next full GC, whose threshold is a multiple of the server's live heap: +100 to
 *   +280 MB of RSS for 300,000 to 1,000,000 rows (bench/README.md), though almost nothing is retained. The
 *   worker parses the JSON and writes in its own small heap, capped by `resourceLimits`, and collects as it goes;
 * - latency: turning rows into deflated XML is most of an export's CPU; off the main thread, API calls are not
 *   held up behind it, and on a multi-core machine reading and writing overlap.
 * Each batch goes to the worker as soon as it is read, so that no batch waits in this thread's heap; the worker
 * acknowledges a batch once written and once the zip writer has caught up (exceljs hands each row to archiver
 * through a stream that never pushes back, so it checks the backlog itself). The next batch is read only when
 * the worker holds at most one unwritten batch and storage has taken the bytes so far, so memory is bounded by
 * two batches plus {@link ZIP_BACKLOG_BYTES} whatever the row count, and reading overlaps writing.
 *
 * The worker's code is the plain CommonJS below (an eval worker: no transpiler needed, the same under tsx,
 * vitest and a build); it loads exceljs from the path this module resolves.
 */
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FileStorage } from '../files/storage';

export interface ExportColumn { header: string; width: number }
/**
 * Rows of the sheet as JSON texts, each an array of row arrays (strings, numbers, nulls), in order, without the
 * first column: the writer numbers the rows there (1, 2, ...). `rows` is how many rows the texts hold.
 */
export interface ExportBatch { rows: number; json: string[] }

/** Uncompressed sheet bytes the zip writer may hold before the worker waits for it. */
export const ZIP_BACKLOG_BYTES = 4 * 1024 * 1024;
/**
 * Heap limits of the writer thread (MB): well above what it keeps (~13 MB with exceljs loaded, plus one batch),
 * low enough that V8 collects as it goes instead of letting garbage grow (300,000 rows: peak RSS +32 MB at
 * 48/8, +116 MB at 96/16). Reaching them fails the export with V8's out-of-memory message.
 */
export const WORKER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };

const WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { PassThrough } = require('node:stream');
const ExcelJS = require(workerData.exceljs);
const { xmlEncode } = require(workerData.exceljsUtils);
const out = new PassThrough({ highWaterMark: 1024 * 1024 });
out.on('data', (chunk) => {
  const copy = new Uint8Array(chunk); // a copy: chunk may share a pooled buffer, which must not be transferred
  parentPort.postMessage({ t: 'chunk', data: copy }, [copy.buffer]);
});
const ended = new Promise((resolve) => out.on('end', resolve));
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
const ws = wb.addWorksheet(workerData.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
ws.columns = workerData.columns.map((c) => ({ width: c.width }));
// the header through exceljs: it also opens <sheetData> after the columns and the frozen view
ws.addRow(workerData.columns.map((c) => c.header)).commit();
// column letters A, B, ..., Z, AA, ...
const letters = workerData.columns.map((_, i) => { let s = ''; for (let k = i + 1; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s; return s; });
/**
 * One data row as sheet XML, the markup exceljs' row and cell xforms write for these values (numbers as <v>,
 * text as t="str" encoded by exceljs' own xmlEncode, null as no cell), without building exceljs' Row and Cell
 * objects, which are most of its cost per row (issue 13: 1,000,000 rows).
 */
const rowXml = (n, row) => {
  const r = n + 1;
  let x = '<row r="' + r + '"><c r="A' + r + '"><v>' + n + '</v></c>';
  for (let j = 0; j < row.length; j++) {
    const v = row[j];
    if (v === null || v === undefined) continue;
    const ref = letters[j + 1] + r;
    x += typeof v === 'number' ? '<c r="' + ref + '"><v>' + v + '</v></c>' : '<c r="' + ref + '" t="str"><v>' + xmlEncode(String(v)) + '</v></c>';
  }
  return x + '</row>';
};
// archiver wraps exceljs' sheet stream in a readable-stream v2 PassThrough: its buffered bytes
const backlog = () => ((ws._stream && ws._stream.pipes) || []).reduce((n, p) => n + ((p._writableState && p._writableState.length) || 0) + ((p._readableState && p._readableState.length) || 0), 0);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let n = 0;
parentPort.on('message', async (m) => {
  try {
    if (m.t === 'rows') {
      for (const piece of m.json) {
        let xml = '';
        for (const row of JSON.parse(piece)) xml += rowXml(++n, row);
        ws.stream.write(xml);
      }
      while (backlog() > workerData.backlogBytes) await sleep(5);
      parentPort.postMessage({ t: 'ack' });
    } else if (m.t === 'end') {
      ws.commit();
      await wb.commit();
      await ended;
      parentPort.postMessage({ t: 'done' });
      parentPort.close();
    }
  } catch (e) {
    parentPort.postMessage({ t: 'error', message: String((e && e.message) || e) });
  }
});
`;

const requireHere = createRequire(import.meta.url);
const exceljsPath = requireHere.resolve('exceljs');
/** exceljs' XML text encoder (escapes, drops characters XML cannot hold), used for the data rows' text. */
const exceljsUtilsPath = requireHere.resolve('exceljs/lib/utils/utils.js');

/**
 * Streams one sheet into storage under `key`; returns the number of data rows. `progress(rows)` runs after every
 * batch is handed over (it may throw to stop). Any failure (database, storage, writer) stops the worker and
 * destroys the stream, so storage keeps nothing, and is rethrown.
 */
export async function writeWorkbook(storage: FileStorage, key: string, sheetName: string, columns: ExportColumn[], batches: AsyncIterable<ExportBatch>, progress: (rows: number) => void): Promise<number> {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  out.on('error', () => {}); // the failure reaches us through `put`
  let failure: Error | undefined;
  let rejectFailed!: (e: Error) => void;
  /** Rejects with the first failure of any part (storage, worker, the loop below). */
  const failed = new Promise<never>((_, reject) => { rejectFailed = reject; });
  failed.catch(() => {});
  const fail = (e: unknown) => {
    failure ??= e instanceof Error ? e : new Error(String(e));
    rejectFailed(failure);
  };
  const put = storage.put(key, out);
  put.catch(fail);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true, workerData: { exceljs: exceljsPath, exceljsUtils: exceljsUtilsPath, sheetName, columns, backlogBytes: ZIP_BACKLOG_BYTES }, resourceLimits: WORKER_LIMITS,
  });
  let finished = false;
  let acks = 0;
  let done = false;
  const waiters: Array<{ ready: () => boolean; resolve: () => void }> = [];
  const wake = () => { for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i].ready()) waiters.splice(i, 1)[0].resolve(); };
  worker.on('message', (m: { t: string; data?: Uint8Array; message?: string }) => {
    if (m.t === 'chunk') { out.write(Buffer.from(m.data!.buffer, m.data!.byteOffset, m.data!.byteLength)); return; }
    if (m.t === 'error') { fail(new Error(m.message)); return; }
    if (m.t === 'ack') acks++;
    if (m.t === 'done') finished = done = true;
    wake();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => { if (!finished) fail(new Error(`the sheet writer stopped (exit code ${code})`)); });
  /** Resolves once `ready()` holds (after a worker message); rejects on any failure. */
  const until = (ready: () => boolean) => (ready() ? Promise.resolve() : Promise.race([new Promise<void>((resolve) => { waiters.push({ ready, resolve }); }), failed]));
  /** Waits until storage has taken what the worker sent so far. */
  const drained = async () => {
    while (out.writableNeedDrain && !failure) await Promise.race([once(out, 'drain'), failed]);
    if (failure) throw failure;
  };
  let rows = 0;
  let sent = 0;
  try {
    for await (const batch of batches) {
      await drained();
      // posted as soon as read: it waits in the worker's queue (serialized, outside this heap) while the
      // worker writes the previous one; then the next is read once that previous one is written
      worker.postMessage({ t: 'rows', json: batch.json });
      sent++;
      rows += batch.rows;
      progress(rows);
      await until(() => acks >= sent - 1);
    }
    await until(() => acks >= sent);
    worker.postMessage({ t: 'end' });
    await until(() => done);
    out.end();
    await put;
    return rows;
  } catch (e) {
    fail(e);
    out.destroy(failure);
    await put.catch(() => {});
    throw failure;
  } finally {
    finished = true;
    await worker.terminate();
  }
}

