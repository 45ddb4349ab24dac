/**
 * Graceful stop of a listening instance on SIGTERM / SIGINT (issue 28; docs/deployment.md "Graceful stop"):
 *
 * 1. readiness turns 503 (http/health.ts), and every answer from now on says `Connection: close`; for `delayMs`
 *    (WMS_SHUTDOWN_DELAY_MS) the instance still accepts connections, so a load balancer that has not yet seen the
 *    503 loses no call;
 * 2. the listening socket closes once no connection came for {@link ACCEPT_QUIET_MS} (a busy loop may not yet have
 *    accepted what the kernel queued; closing would reset those): no new connection. The connections accepted stay:
 *    each one's calls are answered, then it is closed once idle ({@link ConnectionTracker}); one that has not sent a call yet gets
 *    {@link FRESH_GRACE_MS} to do so (its request may already be on its way: Node's own `closeIdleConnections`,
 *    which `server.close()` calls, would reset it). After `timeoutMs` every connection still open is cut;
 * 3. `app.close()`, whose onClose hooks write the request-record queue (records/recorder.ts), stop the scheduler
 *    (its runs end as FAIL "the server stopped", its instance row is removed: domain/jobs/scheduler.ts), give
 *    queued exports back for another instance and wait for running imports and exports;
 * 4. `closers` (e.g. the metrics port), then the database pool, once;
 * 5. resolves with the exit code: 0, or 1 when a step failed or the stop took longer than `delayMs` + `timeoutMs`
 *    + {@link HOOKS_GRACE_MS}.
 *
 * A second signal during the stop starts nothing new (it used to end the pool twice: "Called end on pool more
 * than once") and gets the same promise.
 */
import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/connect';

/** How often idle connections are looked for while the stop waits (ms). */
export const SWEEP_MS = 50;
/** How long a connection that has not sent a call yet is kept once the stop began (ms). */
export const FRESH_GRACE_MS = 1_000;
/** The listening socket closes only after this long without a new connection (ms, up to 20 times). */
export const ACCEPT_QUIET_MS = 20;
/** What the onClose hooks and the pool get after the calls' limit before the stop gives up (ms). */
export const HOOKS_GRACE_MS = 10_000;

/**
 * The open connections of an HTTP server, each with its calls under way and whether it has carried one:
 * what Node's `closeIdleConnections` cannot tell apart (an accepted connection whose request is not parsed yet
 * looks idle to it).
 */
export class ConnectionTracker {
  private readonly open = new Map<Socket, { busy: number; served: boolean }>();
  /** Connections accepted since the start. */
  accepted = 0;

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      this.accepted++;
      this.open.set(socket, { busy: 0, served: false });
      socket.once('close', () => this.open.delete(socket));
    });
    server.on('request', (req, res) => {
      const state = this.open.get(req.socket);
      if (!state) return;
      state.busy++;
      res.once('close', () => { state.busy--; state.served = true; });
    });
  }

  get size(): number { return this.open.size; }

  /** Closes every connection without a call under way that has carried one, or any such one when `fresh` too. */
  closeIdle(fresh: boolean): void {
    for (const [socket, state] of this.open) if (!state.busy && (state.served || fresh)) socket.destroy();
  }

  closeAll(): void {
    for (const socket of this.open.keys()) socket.destroy();
  }
}

export interface StopOptions {
  app: FastifyInstance;
  database: Pick<Database, 'close'>;
  /** Longest wait for the calls already taken (ms; WMS_SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long the instance goes on accepting connections after readiness turned 503 (ms; WMS_SHUTDOWN_DELAY_MS). */
  delayMs?: number;
  /** Closed after the app, before the database (e.g. the metrics port's server). */
  closers?: Array<() => Promise<void>>;
}

/**
 * The stop function of a listening app (call this right after `listen`: it starts tracking connections). Call the
 * result with the signal's name; every call gets the first call's promise of the exit code.
 */
export function gracefulStop({ app, database, timeoutMs, delayMs = 0, closers = [] }: StopOptions): (signal: string) => Promise<number> {
  const log = app.log;
  const server = app.server;
  const connections = new ConnectionTracker(server);
  let stopping: Promise<number> | undefined;

  /**
   * Waits until no connection was accepted for {@link ACCEPT_QUIET_MS} (and one poll phase, which accepts, after
   * it): connections the kernel queued while the loop was busy would be reset by closing the socket.
   */
  const acceptQueued = async () => {
    for (let i = 0; i < 20; i++) {
      const before = connections.accepted;
      await new Promise((turn) => setTimeout(turn, ACCEPT_QUIET_MS));
      await new Promise((turn) => setImmediate(turn));
      if (connections.accepted === before) return;
    }
  };

  /** Stops listening and resolves once every accepted connection has ended (module doc, step 2). */
  const drain = (started: number) => new Promise<void>((done) => {
    // net.Server's close, not http.Server's: the latter first destroys every connection it thinks idle
    NetServer.prototype.close.call(server, () => done());
    const sweep = setInterval(() => connections.closeIdle(Date.now() - started >= FRESH_GRACE_MS), SWEEP_MS);
    connections.closeIdle(false);
    const cut = setTimeout(() => {
      log.warn({ timeoutMs, open: connections.size }, 'shutdown limit reached: closing the connections still open');
      connections.closeAll();
    }, timeoutMs);
    server.once('close', () => { clearInterval(sweep); clearTimeout(cut); });
  });

  return (signal) => {
    if (stopping) {
      log.info({ signal }, `${signal} again: the stop under way goes on`);
      return stopping;
    }
    stopping = (async () => {
      const started = Date.now();
      log.info({ signal, timeoutMs, connections: connections.size }, `${signal}: stopping (readiness 503, no new connections, answering the calls taken)`);
      app.readiness.beginShutdown();
      let giveUp: NodeJS.Timeout | undefined;
      const late = new Promise<number>((done) => {
        giveUp = setTimeout(() => {
          log.error({ ms: Date.now() - started }, 'the stop did not end in time: exiting anyway');
          done(1);
        }, delayMs + timeoutMs + HOOKS_GRACE_MS);
      });
      const steps = (async () => {
        let code = 0;
        const step = async (what: string, work: () => Promise<unknown>) => {
          try {
            await work();
          } catch (err) {
            log.error({ err }, `${what} failed`);
            code = 1;
          }
        };
        // still accepting: a balancer that has not yet seen the 503 may send more; each answer closes its connection
        if (delayMs > 0) await new Promise((ok) => setTimeout(ok, delayMs));
        await acceptQueued();
        log.info({ connections: connections.size }, 'no longer accepting connections');
        await step('draining the connections', () => drain(Date.now()));
        log.info({ ms: Date.now() - started }, 'every call answered; closing the app');
        await step('closing the app', () => app.close());
        for (const close of closers) await step('a close step', close);
        await step('closing the database', () => database.close());
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
