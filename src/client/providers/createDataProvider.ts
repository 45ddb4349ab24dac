/**
 * Builds the react-admin data provider over the generic /sapi resource calls (docs/architecture.md
 * "Generic resource calls"; spec 7.2). `paths` maps a resource name to its API path, e.g.
 * `{ warehouse: '/sapi/wms/warehouse' }` (the generated `apiPaths`).
 *
 * | react-admin        | call        | body                                                      | result            |
 * |--------------------|-------------|-----------------------------------------------------------|-------------------|
 * | getList            | P/page      | current, size, sortProp, sortOrder ('asc'/'desc'), filter | {data: records, total, meta?: {totalCapped}} |
 * | getOne             | P/detail    | {id}                                                      | {data}            |
 * | getMany            | P/list      | {ids}                                                     | {data}            |
 * | getManyReference   | P/page      | as getList, plus {[target]: id}                           | {data, total}     |
 * | create             | P/add       | record                                                    | {data}            |
 * | update             | P/edit      | {id, ...data}                                             | {data}            |
 * | updateMany         | P/edit each | {id, ...data}                                             | {data: ids}       |
 * | delete             | P/remove    | {id}                                                      | {data: previousData} |
 * | deleteMany         | P/remove each | {id}                                                    | {data: ids}       |
 * | lock / unlock      | P/lock, P/unlock | {id}                                                 | {data}            |
 * | call(path, body)   | any path    | body                                                      | envelope data     |
 *
 * Loading mask (spec 7.1): reads with `meta: { skipLoading: true }` (autocompletes, see providers/loading.ts
 * QUIET_READ) and every getMany (the names of referenced records, resolved in the background) skip it;
 * `call(path, body, { skipLoading })` decides for itself.
 */
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { sapi, type SapiOptions } from './http';

export interface PageData<T = RaRecord> {
  records: T[];
  current: number;
  total: number;
  /** true when more than `total` (the server's count cap, 10,000) rows match (server/crud/count.ts). */
  totalCapped?: boolean;
}

export interface WmsDataProvider extends DataProvider {
  lock(resource: string, params: { id: Identifier }): Promise<{ data: RaRecord }>;
  unlock(resource: string, params: { id: Identifier }): Promise<{ data: RaRecord }>;
  call<T = any>(path: string, body?: unknown, options?: SapiOptions): Promise<T>;
}

/** The page-call body for a react-admin list query (paging 1-based; sort order lower-case). */
export function toPageBody(params: Partial<GetListParams>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...(params.filter ?? {}) };
  body.current = params.pagination?.page ?? 1;
  body.size = params.pagination?.perPage ?? 10;
  const field = params.sort?.field;
  if (field) {
    body.sortProp = field;
    body.sortOrder = String(params.sort?.order ?? 'ASC').toLowerCase() === 'desc' ? 'desc' : 'asc';
  }
  return body;
}

/**
 * A record id as the API takes it: a JSON number (the server casts nothing, issue 12); react-admin hands
 * over the id of an edit page's URL as text ("3").
 */
export const apiId = (id: Identifier): Identifier => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id);

export function createDataProvider(paths: Record<string, string>): WmsDataProvider {
  const pathOf = (resource: string): string => {
    const path = paths[resource];
    if (!path) throw new Error(`Unknown resource "${resource}": no API path`);
    return path;
  };
  /** A read's options: the caller's abort signal, and skipLoading from `meta` (or `quiet`). */
  const opts = (params: { signal?: AbortSignal; meta?: { skipLoading?: unknown } } | undefined, quiet = false): SapiOptions => ({
    ...(params?.signal ? { signal: params.signal } : {}),
    ...(quiet || params?.meta?.skipLoading ? { skipLoading: true } : {}),
  });

  const page = async (resource: string, body: Record<string, unknown>, params: { signal?: AbortSignal; meta?: { skipLoading?: unknown } }) => {
    const data = await sapi<PageData>(`${pathOf(resource)}/page`, body, opts(params));
    // a capped total travels as the list's meta: the pager shows it as "10,000+" (widgets/ListPagination.tsx)
    return { data: data?.records ?? [], total: data?.total ?? 0, ...(data?.totalCapped ? { meta: { totalCapped: true } } : {}) };
  };

  return {
    supportAbortSignal: true,

    getList: (resource, params) => page(resource, toPageBody(params), params) as any,

    getOne: async (resource, params) => ({
      data: await sapi(`${pathOf(resource)}/detail`, { id: apiId(params.id) }, opts(params)),
    }),

    getMany: async (resource, params) => ({
      data: (await sapi<any[]>(`${pathOf(resource)}/list`, { ids: params.ids.map(apiId) }, opts(params, true))) ?? [],
    }),

    getManyReference: (resource, params) =>
      page(resource, { ...toPageBody(params), [params.target]: apiId(params.id) }, params) as any,

    create: async (resource, params) => ({
      data: await sapi(`${pathOf(resource)}/add`, params.data),
    }),

    update: async (resource, params) => ({
      data: await sapi(`${pathOf(resource)}/edit`, { ...params.data, id: apiId(params.id) }),
    }),

    updateMany: async (resource, params) => {
      for (const id of params.ids) await sapi(`${pathOf(resource)}/edit`, { ...params.data, id: apiId(id) });
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      await sapi(`${pathOf(resource)}/remove`, { id: apiId(params.id) });
      return { data: (params.previousData ?? { id: params.id }) as any };
    },

    deleteMany: async (resource, params) => {
      for (const id of params.ids) await sapi(`${pathOf(resource)}/remove`, { id: apiId(id) });
      return { data: params.ids };
    },

    lock: async (resource, params) => ({ data: await sapi(`${pathOf(resource)}/lock`, { id: apiId(params.id) }) }),

    unlock: async (resource, params) => ({ data: await sapi(`${pathOf(resource)}/unlock`, { id: apiId(params.id) }) }),

    call: (path, body = {}, options) => sapi(path, body, options),
  };
}
