/**
 * The owner API's typed client for the tests (issue 31): openapi-fetch over the types openapi-typescript made from
 * the generated OpenAPI document (generated/api/openapi.d.ts), sending through Fastify's inject (no socket), and the
 * helpers that make keys through the console's call.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../generated/api/openapi';
import type { TestApp } from './harness';

export type ApiClient = Client<paths>;

/** A fetch that hands the request to `t.app.inject` and its answer back as a Response. */
export function injectFetch(t: TestApp): (input: Request) => Promise<Response> {
  return async (input) => {
    const url = new URL(input.url);
    const payload = input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
    const res = await t.app.inject({ method: input.method as 'GET', url: url.pathname + url.search, headers: Object.fromEntries(input.headers), ...(payload ? { payload } : {}) });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.statusCode === 204 || !res.rawPayload.length ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

/** A client of `t`'s /api/v1 that sends `key` (none: no Authorization header). */
export function apiClient(t: TestApp, key?: string, lang?: 'en' | 'zh'): ApiClient {
  return createClient<paths>({
    baseUrl: 'http://wms.test/api/v1',
    fetch: injectFetch(t),
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(lang ? { 'Accept-Language': lang } : {}) },
  });
}

/** Makes an API key through /sapi/sys/api-key/add as `token`; returns the record (with `key`, shown this once) or throws. */
export async function makeKey(t: TestApp, token: string, body: { name?: string; ownerId: number; warehouseIds?: number[]; scopes: string[]; rateLimit?: number; expireDate?: string }): Promise<{ id: number; key: string; prefix: string }> {
  const r = await t.call('/sapi/sys/api-key/add', { name: body.name ?? `key of ${body.scopes.length} scopes`, warehouseIds: [-1], ...body }, token);
  if (r.code !== 200) throw new Error(`api-key/add: ${r.msg}`);
  return r.data;
}

/** Every ApiScope key. */
export const ALL_SCOPES = ['SKUS_READ', 'SKUS_WRITE', 'STOCK_READ', 'ORDERS_READ', 'ORDERS_WRITE', 'INBOUND_READ', 'INBOUND_WRITE'];
