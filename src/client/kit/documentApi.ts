/**
 * The calls of the document screens (POST, envelope {code, msg, data}) go through the data provider's
 * `call`, so the screens can be tested with a stub provider; a failure rejects with the server msg (spec 8).
 */
import type { DataProvider } from 'react-admin';
import { apiPaths } from '../../../generated/client/api';

export type Call = <T = unknown>(path: string, body?: unknown) => Promise<T>;

/** The data provider's `call`, bound; throws when the provider has none. */
export function callOf(dataProvider: DataProvider): Call {
  const call = (dataProvider as { call?: Call }).call;
  if (typeof call !== 'function') throw new Error('The data provider has no call()');
  return call.bind(dataProvider) as Call;
}

/**
 * The paths of a resource's calls: `{ add: '/sapi/wms/inbound-order/add', ... }` from the generated API path
 * of `resource` (spec 7.2).
 */
export function documentPaths<N extends string>(resource: string, names: readonly N[]): Record<N, string> {
  const base = apiPaths[resource];
  if (!base) throw new Error(`No API path for resource ${resource}`);
  return Object.fromEntries(names.map((n) => [n, `${base}/${n}`])) as Record<N, string>;
}
