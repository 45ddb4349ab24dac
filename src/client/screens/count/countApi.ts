/**
 * The counting screen's calls (POST /sapi/wms/count/<call>, envelope {code, msg, data}) through the data
 * provider's `call`; a refusal rejects with the server msg (spec 8), e.g. "Location code: no location of this
 * count has code \"X\"", "CC... is not being counted: it is to review", a recount round's closed line (409).
 */
import type { DataProvider } from 'react-admin';
import type { WmsDataProvider } from '../../providers/dataProvider';
import { COUNT_PATHS, CountStatus, LINES_PAGE, type BlindLine, type CountLocation, type CountRecord, type EnterLine } from './constants';

const call = <T,>(dp: DataProvider, path: string, body: object) => (dp as WmsDataProvider).call<T>(path, body);

export const countApi = {
  /** The counts being counted (COUNTING) in the caller's scope, newest first; `countNo` narrows to that number. */
  counting: async (dp: DataProvider, countNo?: string) =>
    (await call<{ records: CountRecord[] }>(dp, COUNT_PATHS.page, { status: CountStatus.COUNTING, ...(countNo ? { countNo } : {}), current: 1, size: 50 })).records ?? [],
  /** The count of number `countNo` in any state (null: none in scope). */
  byNumber: async (dp: DataProvider, countNo: string) =>
    (await call<{ records: CountRecord[] }>(dp, COUNT_PATHS.page, { countNo, current: 1, size: 1 })).records?.[0] ?? null,
  /** The locations to count, in walk order. */
  locations: (dp: DataProvider, id: number) => call<CountLocation[]>(dp, COUNT_PATHS.locations, { id }),
  /** The lines of one location (a recount round: `onlyOpen`, the lines open for recount), in walk order. */
  lines: async (dp: DataProvider, id: number, locationId: number, onlyOpen: boolean) =>
    (await call<{ records: BlindLine[] }>(dp, COUNT_PATHS.lines, { id, locationId, onlyOpen, size: LINES_PAGE })).records ?? [],
  /** The lines open in the count (a recount round: the lines to recount), to list their locations. */
  openLines: async (dp: DataProvider, id: number) =>
    (await call<{ records: BlindLine[] }>(dp, COUNT_PATHS.lines, { id, onlyOpen: true, size: LINES_PAGE })).records ?? [],
  /** Counted quantities replacing the lines' (found goods become new lines): the lines written. */
  enter: (dp: DataProvider, id: number, lines: EnterLine[]) => call<BlindLine[]>(dp, COUNT_PATHS.enter, { id, lines }),
  /** One scan of `code` on location `location` added on the server (the count's own SKU matching): the line written. */
  scan: (dp: DataProvider, body: { id: number; location: string; code: string; qty: number; skuId?: number }) => call<BlindLine>(dp, COUNT_PATHS.scan, body),
  /** Counting done: the count goes to review. */
  finish: (dp: DataProvider, id: number) => call<CountRecord>(dp, COUNT_PATHS.finish, { id }),
};
