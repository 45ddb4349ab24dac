/**
 * Constants of the blind counting screen (issue 30; docs/counts.md "Counting", "Calls"): the count calls it makes
 * and the blind shapes they answer (never an expected, locked or book quantity).
 */
import { CountStatus } from '../../../../generated/shared/enums';
import { documentPaths } from '../../kit/documentApi';

export { CountStatus };
export { COUNT_EXEC_ROUTE } from './routes';

/** The manifest resource of counts (its list, workflow and labels). */
export const COUNT_RESOURCE = 'count';
/** The code of counting: enter and scan quantities, read the blind lines, finish. */
export const CODE_COUNT = 'count:count';

/** POST /sapi/wms/count/<call>. */
export const COUNT_PATHS = documentPaths(COUNT_RESOURCE, ['page', 'enter', 'scan', 'lines', 'locations', 'finish'] as const);

/** A count as the generic page and the steps answer it (the fields this screen reads). */
export interface CountRecord {
  id: number;
  countNo: string;
  status: number;
  warehouseId: number;
  ownerId: number | null;
  recountRound: number;
  lineCount?: number | null;
  countedLines?: number | null;
}

/** A location to count (/locations): no quantities. */
export interface CountLocation {
  locationId: number;
  code: string;
  zoneCode: string;
  pickSequence: number;
  lines: number;
  countedLines: number;
}

/** A line as a counter reads it (/lines, /enter, /scan): blind. */
export interface BlindLine {
  id: number;
  locationId: number;
  locationCode: string;
  skuId: number;
  sku: string;
  skuName: string | null;
  batchNo: string;
  countedQty: number | null;
  recounting?: boolean;
}

/** One line of /enter: the count replaces the line's (batch left out: the SKU's one batch on the location). */
export interface EnterLine {
  locationId: number;
  skuId: number;
  batchNo?: string;
  countedQty: number;
}

/** The most lines /lines answers per page. */
export const LINES_PAGE = 1000;
