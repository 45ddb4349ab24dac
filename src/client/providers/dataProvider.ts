/**
 * The console's data provider: createDataProvider bound to the generated resource -> API path table
 * (generated/client/api.ts). Use `useDataProvider<WmsDataProvider>()` for `lock`, `unlock` and `call`.
 */
import { apiPaths } from '../../../generated/client/api';
import { createDataProvider } from './createDataProvider';

export type { WmsDataProvider } from './createDataProvider';
export const dataProvider = createDataProvider(apiPaths);
