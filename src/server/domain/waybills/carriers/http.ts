/**
 * The carriers' HTTP calls (issue 17): JSON over fetch with a time limit per attempt (ms) and bounded retries.
 *
 * Which failures are retried:
 * - no connection (refused, unknown host, connect timeout): the request never left, so every call is retried,
 *   a create too, up to `retries` more attempts with a short growing pause (200 ms, 400 ms, ...);
 * - a timeout or reset after the request was sent, or a 5xx answer: the carrier may have acted on it. Reads
 *   (`safe: true`) are retried; a create is not: it fails with kind `unknown` and the adapter decides
 *   (it looks for the first attempt by our reference before it creates again).
 * Anything else (2xx-4xx) is handed back to the adapter to read.
 */
import { CarrierError } from './types';

export interface HttpAnswer { status: number; text: string; json: unknown }

export interface CallOptions {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  retries: number;
  /** True for reads: retried after an unclear failure too. */
  safe: boolean;
}

const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** How a fetch failed: `connect` (request not sent) or `unclear` (timeout, reset after sending). */
function failureKind(e: unknown): 'connect' | 'unclear' {
  const cause = (e as { cause?: { code?: string } }).cause;
  return cause?.code && CONNECT_CODES.has(cause.code) ? 'connect' : 'unclear';
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One call with the retries above.
 * @returns the status, the body as text and parsed as JSON (null when it is not JSON: some carrier calls
 *   answer plain text).
 * @throws CarrierError('transport') when no attempt got through, ('unknown') when an unsafe call's outcome is
 *   unclear.
 */
export async function carrierCall(o: CallOptions): Promise<HttpAnswer> {
  let last = '';
  for (let attempt = 0; attempt <= o.retries; attempt++) {
    if (attempt > 0) await pause(200 * attempt);
    let res: Response;
    try {
      res = await fetch(o.url, {
        method: o.method,
        headers: { accept: 'application/json', ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}), ...o.headers },
        body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
        signal: AbortSignal.timeout(o.timeoutMs),
      });
    } catch (e) {
      const kind = (e as Error).name === 'TimeoutError' ? 'unclear' : failureKind(e);
      last = (e as Error).name === 'TimeoutError' ? `no answer within ${o.timeoutMs / 1000} s` : ((e as { cause?: Error }).cause?.message ?? (e as Error).message);
      if (kind === 'unclear' && !o.safe) throw new CarrierError('unknown', last);
      continue;
    }
    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      // the body was cut off (timeout or reset while reading): the call did reach the carrier
      last = (e as Error).name === 'TimeoutError' ? `no answer within ${o.timeoutMs / 1000} s` : (e as Error).message;
      if (!o.safe) throw new CarrierError('unknown', last);
      continue;
    }
    if (res.status >= 500) {
      last = `HTTP ${res.status} ${text.slice(0, 200)}`.trim();
      if (!o.safe) throw new CarrierError('unknown', last);
      continue;
    }
    let json: unknown = null;
    try { json = text ? JSON.parse(text) : null; } catch { json = null; }
    return { status: res.status, text, json };
  }
  throw new CarrierError('transport', last);
}
