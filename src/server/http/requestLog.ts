/**
 * The server's request log: one info line per request, written when the response is sent, with method, url
 * (a `token` query parameter masked: download links carry the session token), status and time taken (ms).
 * Fastify's own pair of lines ("incoming request", "request completed") is switched off in app.ts
 * (`LogController` with `disableRequestLogging`), so a short session does not write thousands of lines.
 */
import type { FastifyInstance } from 'fastify';

/** `url` with the value of every `token` query parameter replaced by `***`. */
export function maskTokenQuery(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1***');
}

/** Adds the onResponse hook that writes the line. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const url = maskTokenQuery(req.url);
    const ms = Math.round(reply.elapsedTime);
    req.log.info({ method: req.method, url, status: reply.statusCode, ms }, `${req.method} ${url} ${reply.statusCode} ${ms}ms`);
    done();
  });
}
