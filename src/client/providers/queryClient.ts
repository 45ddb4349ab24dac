/**
 * The console's react-query client (issue 27). A read is retried, at most twice with react-query's backoff, only
 * when no answer came (status 0: network down or timed out) or the server failed (HTTP 5xx, envelope 500). A
 * business answer (400, 403, 404, 409) or 600 (not logged in) is final: react-query's default of three retries
 * of every error kept a failed list or a stale token waiting ~7 s before its error state or the login page.
 */
import { QueryClient } from '@tanstack/react-query';

/** Whether a failed read may succeed when asked again (see module doc). */
export function worthRetrying(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0 || (status >= 500 && status < 600);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: (failures, error) => failures < 2 && worthRetrying(error) } } });
}
