/**
 * The rows of an import workbook, read in a worker thread with a capped heap (issue 12 "bounded imports").
 *
 * Why a thread: reading XML makes a lot of short-lived garbage (parser events, exceljs rows and cells) and
 * keeps the shared texts. In the server's heap V8 collects it late, after the heap has grown to a multiple of
 * what is alive, more so on a busy machine: two 100,000-row imports one after the other took the server from
 * 250 MB to 460-680 MB of RSS when read on the main thread, ~410 MB with this thread. In the worker,
 * `resourceLimits` ({@link READER_HEAP}) makes V8 collect as it goes, so the reading costs at most that heap
 * (plus ~50 MB for the thread itself) whatever the file; a file that needs more fails the import
 * (ImportLimitError 'memory') instead of the server. It also keeps the parsing off the thread that answers
 * API calls. Starting the thread takes ~1 s (tsx and exceljs load in it).
 *
 * Protocol (sheet-worker.ts): one request at a time. `next` opens the next sheet (`sheet`) or says there is
 * none (`end`); `pull` returns the next batch of rows of the open sheet (at most 500 rows or 1,000,000
 * characters: `rows`, with `last` at the sheet's end); `skip` closes the open sheet. Rows come as
 * `[rowNumber, cells]` with cells 1-based ({@link rowCells}: the row limits are checked in the worker).
 *
 * The worker's entry is TypeScript: the eval bootstrap below registers tsx's loader in the thread first (the
 * server runs under tsx, and so do the tests).
 */
import { Worker } from 'node:worker_threads';
import type { Cell } from './cells';
import { formatBytes, IMPORT_LIMITS, ImportLimitError, type LimitKey } from './limits';

/** Heap limits of the reader thread (MB): the shared texts at their limit (32 MB of XML) fit with room to parse. */
export const READER_HEAP = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };

/** One row of a sheet: its Excel row number and its cells (index 0 empty). */
export interface SheetRow { number: number; values: Cell[] }

type Reply =
  | { t: 'sheet' | 'end' | 'skipped' }
  | { t: 'rows'; rows: Array<[number, Cell[]]>; last: boolean }
  | { t: 'error'; limit?: { key: LimitKey; args: Record<string, string | number> }; message: string };

const BOOTSTRAP = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
import('tsx/esm/api')
  .then(({ register }) => { register(); return import(workerData.entry); })
  .catch((e) => parentPort.postMessage({ t: 'error', message: String((e && e.message) || e) }));
`;
const ENTRY = new URL('./sheet-worker.ts', import.meta.url).href;

/** Request/answer over the worker's port; a crash (out of memory included) fails the waiting request. */
class ReaderThread {
  private readonly worker: Worker;
  private waiting?: { resolve: (r: Reply) => void; reject: (e: Error) => void };
  private failure?: Error;

  constructor(path: string, limits: Partial<typeof IMPORT_LIMITS>) {
    this.worker = new Worker(BOOTSTRAP, { eval: true, workerData: { entry: ENTRY, path, limits }, resourceLimits: READER_HEAP });
    this.worker.on('message', (r: Reply) => {
      const w = this.waiting;
      this.waiting = undefined;
      if (r.t !== 'error') w?.resolve(r);
      else w?.reject(r.limit ? new ImportLimitError(r.limit.key, r.limit.args) : new Error(r.message));
    });
    this.worker.on('error', (e: Error & { code?: string }) => this.fail(e.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? new ImportLimitError('memory', { max: formatBytes((READER_HEAP.maxOldGenerationSizeMb + READER_HEAP.maxYoungGenerationSizeMb) * 1024 * 1024) })
      : e));
    this.worker.on('exit', (code) => this.fail(new Error(`the sheet reader stopped (exit code ${code})`)));
  }

  private fail(e: Error) {
    this.failure ??= e;
    const w = this.waiting;
    this.waiting = undefined;
    w?.reject(this.failure);
  }

  request<T extends Reply['t']>(t: 'next' | 'pull' | 'skip'): Promise<Extract<Reply, { t: T }>> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve: resolve as (r: Reply) => void, reject };
      this.worker.postMessage({ t });
    });
  }

  async stop() {
    this.failure ??= new Error('stopped');
    await this.worker.terminate();
  }
}

/**
 * The sheets of the workbook at the local path `path`, in sheet order, each an async iterable of its rows.
 * Leaving a sheet early skips the rest of it; leaving the loop stops the thread. Throws (while iterating)
 * ImportLimitError for a limit (memory included), Error for a file that is not an xlsx workbook.
 */
export async function* workerSheets(path: string, limits: Partial<typeof IMPORT_LIMITS> = {}): AsyncGenerator<AsyncIterable<SheetRow>> {
  const thread = new ReaderThread(path, limits);
  try {
    for (;;) {
      if ((await thread.request('next')).t === 'end') return;
      let ended = false;
      const rows = async function* (): AsyncGenerator<SheetRow> {
        try {
          while (!ended) {
            const batch = await thread.request<'rows'>('pull');
            if (batch.last) ended = true;
            for (const [number, values] of batch.rows) yield { number, values };
          }
        } finally {
          if (!ended) { ended = true; await thread.request('skip'); }
        }
      };
      yield rows();
      if (!ended) await thread.request('skip'); // a sheet the caller did not read
    }
  } finally {
    await thread.stop();
  }
}
