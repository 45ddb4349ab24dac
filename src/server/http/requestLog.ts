/**
 * The server's application log: every line masked by records/redact.ts (issue 26 "Redaction from the manifest":
 * values under secret keys, the manifest's `secret` / `password` fields among them, errors' messages and stacks,
 * and secret URL parameters such as `token=` and `sig=`), and one info line per request, written when the response
 * is sent, with method, url (secret query parameters masked: download links carry the session token, print links
 * a signature), status and time taken (ms); health probes and metric scrapes at level debug (http/health.ts). Headers are never logged (X-Token, X-New-Token, X-Upload-Token).
 * Fastify's own pair of lines ("incoming request", "request completed") is switched off in app.ts
 * (`LogController` with `disableRequestLogging`), so a short session does not write thousands of lines.
 */
import type { FastifyInstance } from 'fastify';
import { redactLogObject, redactUrl } from '../domain/records/redact';
import { HEALTH_PATHS } from './health';
import { METRICS_PATH } from './metrics';

/** Probes and scrapes come every few seconds: their lines are written at level debug, not info. */
const QUIET = new Set<string>([...HEALTH_PATHS, METRICS_PATH]);

/** pino's options as far as this module touches them. */
interface LoggerOptions { formatters?: { log?: (o: Record<string, unknown>) => Record<string, unknown> }; hooks?: { logMethod?: unknown } }

/**
 * Fastify's `logger` option (false, true or pino options, e.g. a test's `{level, stream}`) with every line masked:
 * pino's `formatters.log` passes the line's object through {@link redactLogObject}, a `logMethod` hook passes its
 * message texts through {@link redactUrl}. `false` stays false.
 */
export function redactingLogger(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const base: LoggerOptions = logger === true ? {} : (logger as LoggerOptions);
  const own = base.formatters?.log;
  const ownLogMethod = base.hooks?.logMethod as ((this: unknown, args: unknown[], method: (...a: unknown[]) => void) => void) | undefined;
  return {
    ...base,
    formatters: { ...base.formatters, log: (o: Record<string, unknown>) => redactLogObject(own ? own(o) : o) },
    hooks: {
      ...base.hooks,
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        const masked = args.map((a) => (typeof a === 'string' ? redactUrl(a) : a));
        if (ownLogMethod) ownLogMethod.call(this, masked, method);
        else method.apply(this, masked);
      },
    },
  };
}

/** Adds the onResponse hook that writes the line. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const url = redactUrl(req.url);
    const ms = Math.round(reply.elapsedTime);
    const level = QUIET.has(req.url) && reply.statusCode < 500 ? 'debug' : 'info';
    req.log[level]({ method: req.method, url, status: reply.statusCode, ms }, `${req.method} ${url} ${reply.statusCode} ${ms}ms`);
    done();
  });
}
