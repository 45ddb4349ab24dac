/**
 * Graceful stop of a listening instance on SIGTERM / SIGINT (issue 28; docs/deployment.md "Graceful stop"):
 *
 * 1. readiness turns 503 (http/health.ts), and every answer from now on says `Connection: close`;
 * 2. `app.close()`: the listening socket closes (no new connection), idle kept-alive connections are closed at
 *    once and again every {@link IDLE_SWEEP_MS} (a connection whose call ends becomes idle), every call already
 *    taken is answered; calls still running after `timeoutMs` have their connections cut;
 * 3. then the app's onClose hooks: the request-record queue is written (records/recorder.ts), the scheduler stops
 *    firing, ends its runs as FAIL "the server stopped" and removes its instance row (domain/jobs/scheduler.ts),
 *    queued exports are given back for another instance, running imports and exports end;
 * 4. `closers` (e.g. the metrics port), then the database pool, once;
 * 5. resolves with the exit code: 0, or 1 when a step failed or the whole stop took longer than `timeoutMs` +
 *    {@link HOOKS_GRACE_MS}.
 *
 * A second signal during the stop starts nothing new (it used to end the pool twice: "Called end on pool more
 * than once") and gets the same promise.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/connect';

/** How often idle kept-alive connections are closed while the stop waits for calls (ms). */
export const IDLE_SWEEP_MS = 100;
/** What the onClose hooks and the pool get after the calls' limit before the stop gives up (ms). */
export const HOOKS_GRACE_MS = 10_000;

export interface StopOptions {
  app: FastifyInstance;
  database: Pick<Database, 'close'>;
  /** Longest wait for the calls already taken (ms; WMS_SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Closed after the app, before the database (e.g. the metrics port's server). */
  closers?: Array<() => Promise<void>>;
}

/** The stop function of one instance: call it with the signal's name; every call gets the first call's promise of the exit code. */
export function gracefulStop({ app, database, timeoutMs, closers = [] }: StopOptions): (signal: string) => Promise<number> {
  let stopping: Promise<number> | undefined;
  const log = app.log;
  return (signal) => {
    if (stopping) {
      log.info({ signal }, `${signal} again: the stop under way goes on`);
      return stopping;
    }
    stopping = (async () => {
      const started = Date.now();
      log.info({ signal, timeoutMs }, `${signal}: stopping (readiness 503, no new connections, answering the calls taken)`);
      app.readiness.beginShutdown();
      const server = app.server;
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const cut = setTimeout(() => {
        log.warn({ timeoutMs }, 'shutdown limit reached: closing the connections of calls still running');
        server.closeAllConnections();
      }, timeoutMs);
      let giveUp: NodeJS.Timeout | undefined;
      const late = new Promise<number>((done) => {
        giveUp = setTimeout(() => {
          log.error({ ms: Date.now() - started }, 'the stop did not end in time: exiting anyway');
          done(1);
        }, timeoutMs + HOOKS_GRACE_MS);
      });
      const steps = (async () => {
        let code = 0;
        try {
          await app.close();
        } catch (err) {
          log.error({ err }, 'closing the app failed');
          code = 1;
        } finally {
          clearInterval(sweep);
          clearTimeout(cut);
        }
        for (const close of closers) await close().catch((err) => { log.error({ err }, 'a close step failed'); code = 1; });
        try {
          await database.close();
        } catch (err) {
          log.error({ err }, 'closing the database failed');
          code = 1;
        }
        log.info({ ms: Date.now() - started, code }, 'stopped');
        return code;
      })();
      try {
        return await Promise.race([steps, late]);
      } finally {
        clearTimeout(giveUp);
      }
    })();
    return stopping;
  };
}
