/**
 * The SKU imports' job hook (brief; spec 4, 9): `useImportJob(kind)` runs the SKU, supplier-SKU or platform-SKU
 * import through the shared runner (widgets/importJob.ts), which the order imports and the manifest's import
 * button use too.
 */
import { startImport, type ImportForm } from './skuApi';
import { useImportJobRunner, type ImportJobHandlers, type ImportJobState } from '../../widgets/importJob';
import type { ImportKind } from './constants';

export { POLL_RETRIES, useImportJobRunner, type ImportJobHandlers, type ImportJobState, type ImportPhase } from '../../widgets/importJob';

/** The SKU, supplier-SKU and platform-SKU imports: `start({ ownerId, filePath, fileUrl })`. */
export function useImportJob(kind: ImportKind, handlers: ImportJobHandlers = {}): ImportJobState<ImportForm> {
  return useImportJobRunner((dataProvider, form: ImportForm) => startImport(dataProvider, kind, form), handlers);
}
