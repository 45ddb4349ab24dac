/**
 * Health checks for load balancers and container orchestrators (issue 28; docs/deployment.md "Health checks"):
 *
 * - `GET /healthz`: the process answers: 200 `{"status":"ok"}`, nothing else looked at (a liveness probe).
 * - `GET /readyz`: 200 `{"status":"ready","checks":{"database":"ok","migrations":"ok","storage":"ok"}}` when the
 *   database answers one cheap query that also tells whether it holds this build's newest migration
 *   (db/migrate.ts `migrationsBehind`) and the file storage answers its `check()`, each within
 *   {@link CHECK_TIMEOUT_MS}; else 503 `{"status":"not ready","reason":"database: ...","checks":{...}}`. From the
 *   moment the instance begins to stop (shutdown.ts) it is 503 `{"status":"stopping",...}` whatever the checks,
 *   so a balancer takes it out before its connections close. Probes arriving together share one check.
 *
 * Both are public, answer JSON (never the console's HTML), are not /sapi calls (no request record) and write no
 * log line at level info (http/requestLog.ts).
 *
 * While stopping, every answer also carries `Connection: close`, so a client's kept-alive connection ends with
 * the call it carried instead of holding the stopping process open.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect';
import { migrationsBehind } from '../db/migrate';
import type { FileStorage } from '../domain/files/storage';

export const HEALTH_PATHS = ['/healthz', '/readyz'] as const;
/** How long /readyz waits for the database and for the storage (ms). */
export const CHECK_TIMEOUT_MS = 2_000;

/** Whether the instance has begun to stop (set once by shutdown.ts, read by /readyz and the answers' hook). */
export class Readiness {
  private stoppingSince?: Date;
  /** Readiness turns 503 for good and every answer closes its connection. */
  beginShutdown(): void { this.stoppingSince ??= new Date(); }
  get stopping(): boolean { return this.stoppingSince !== undefined; }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's readiness (http/health.ts): shutdown.ts marks it stopping. */
    readiness: Readiness;
  }
}

type Check = 'ok' | string;
export interface ReadyReport { status: 'ready' | 'not ready' | 'stopping'; reason?: string; checks: { database: Check; migrations: Check; storage: Check } }

const reasonOf = (e: unknown) => (e instanceof Error ? e.message || e.name : String(e));

/** `work` or a rejection after `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => { timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms); });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Runs the checks of /readyz once (see module doc). */
export async function readyReport(database: Pick<Database, 'db'>, storage: Pick<FileStorage, 'check'>, timeoutMs = CHECK_TIMEOUT_MS): Promise<ReadyReport> {
  const [db, files] = await Promise.allSettled([within(migrationsBehind(database.db), timeoutMs), within(storage.check(), timeoutMs)]);
  const checks: ReadyReport['checks'] = {
    database: db.status === 'fulfilled' ? 'ok' : reasonOf(db.reason),
    migrations: db.status === 'fulfilled' ? (db.value ?? 'ok') : 'unknown: the database did not answer',
    storage: files.status === 'fulfilled' ? 'ok' : reasonOf(files.reason),
  };
  const bad = (['database', 'migrations', 'storage'] as const).find((k) => checks[k] !== 'ok');
  return bad ? { status: 'not ready', reason: `${bad}: ${checks[bad]}`, checks } : { status: 'ready', checks };
}

/**
 * Adds /healthz, /readyz, the `readiness` decoration and the stopping answers' `Connection: close` (before other
 * routes: the hook must see every answer). `storage` is asked for the store at each check (it is made later).
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database, storage: () => FileStorage): Readiness {
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (readiness.stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  let running: Promise<ReadyReport> | undefined;
  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (readiness.stopping) return reply.status(503).send({ status: 'stopping', reason: 'the instance is shutting down' });
    running ??= readyReport(database, storage()).finally(() => { running = undefined; });
    const report = await running;
    // a stop that began during the checks wins
    if (readiness.stopping) return reply.status(503).send({ status: 'stopping', reason: 'the instance is shutting down' });
    return reply.status(report.status === 'ready' ? 200 : 503).send(report);
  });
  return readiness;
}
