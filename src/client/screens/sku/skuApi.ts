/**
 * The SKU screens' calls beyond plain CRUD (spec 7.2; brief: search, batchUpdateWeight, label export,
 * Excel imports and the import job), all through the data provider's `call` so that the screens can be
 * tested with a stub provider.
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { SapiOptions } from '../../providers/http';
import { IMPORTS, PATHS, type ImportKind } from './constants';

/** The console data provider's generic call (providers/createDataProvider.ts). */
export interface CallingDataProvider extends DataProvider {
  call<T = any>(path: string, body?: unknown, options?: SapiOptions): Promise<T>;
}

export interface SkuSearchHit {
  id: Identifier;
  sku: string;
  name: string;
}

export { IMPORT_FAIL, IMPORT_RUNNING, IMPORT_SUCCESS, queryImportJob, type ImportError, type ImportJob } from '../../widgets/importJob';
import type { ImportJob } from '../../widgets/importJob';

export interface ImportForm {
  ownerId: number;
  filePath: string;
  fileUrl: string;
}

function callOf(dataProvider: DataProvider): CallingDataProvider['call'] {
  const call = (dataProvider as Partial<CallingDataProvider>).call;
  if (typeof call !== 'function') throw new Error('The data provider has no call()');
  return call.bind(dataProvider) as CallingDataProvider['call'];
}

/** SKUs of one owner whose code or name contains the keyword (the SKU lookup input, spec 2.8). */
export function searchSkus(dataProvider: DataProvider, keyword: string, ownerId?: number | null): Promise<SkuSearchHit[]> {
  const body: Record<string, unknown> = { keyword };
  if (ownerId) body.ownerId = ownerId;
  return callOf(dataProvider)<SkuSearchHit[]>(PATHS.skuSearch, body, { skipLoading: true });
}

/** Spec 5 batch weight: `weight` may be null (empty prompt: the request is still sent). */
export function batchUpdateWeight(dataProvider: DataProvider, ids: Identifier[], weight: number | null): Promise<unknown> {
  return callOf(dataProvider)(PATHS.batchUpdateWeight, { ids, weight });
}

/** Platform labels of SKUs as a PDF (spec 7.2: skipLoading, file download). */
export async function exportEcPlatformLabels(dataProvider: DataProvider, ids: Identifier[], ecPlatform: number): Promise<Blob> {
  const result = await callOf(dataProvider)<unknown>(PATHS.exportLabels, { ids, ecPlatform }, { skipLoading: true });
  if (result instanceof Blob) return result;
  // a JSON answer with data (e.g. a url) is not a file: report it as a failure
  throw new Error('app.sku.labels.not_a_file');
}

/** Starts an Excel import; the job runs in the background. */
export function startImport(dataProvider: DataProvider, kind: ImportKind, form: ImportForm): Promise<ImportJob> {
  return callOf(dataProvider)<ImportJob>(IMPORTS[kind].path, form);
}
