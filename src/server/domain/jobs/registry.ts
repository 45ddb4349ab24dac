/**
 * The job registry (spec 3 "Scheduled task": a job's `beanName` is the key of a handler registered here).
 * Business modules register their handlers once at start; the scheduler (domain/jobs/scheduler.ts) looks them
 * up by bean name for every fire and for "run now". A handler is plain async code: it gets the database, the
 * job's parameters (the job's `processorParams` parsed from JSON, `{}` when empty), an AbortSignal that fires
 * when the job's monitoring timeout (ms) passes or the server stops, and the fire time.
 */
import type { Db } from '../../db/connect';
import type { ExportDeps } from '../exports/jobs';
import type { FileStorage } from '../files/storage';
import type { JobText } from './texts';

/**
 * What the app hands its handlers besides the database (set by the scheduler of that app; absent when a test
 * calls a handler by itself): the file storage (stored files, export files) and the export machinery of the
 * app (the stale-export sweep resumes jobs in it).
 */
export interface JobServices {
  fileStorage?: FileStorage;
  exports?: ExportDeps;
}

/** What a run of a handler receives. */
export interface JobRunContext {
  db: Db;
  /** The job's processor parameters, parsed (an object; `{}` when the job has none). */
  params: Record<string, unknown>;
  /** Aborted at the job's monitoring timeout or at shutdown: stop soon and throw (or return) when it fires. */
  signal: AbortSignal;
  /** The scheduled fire time this run belongs to ("run now": the moment it was asked for). */
  fireTime: Date;
  /** The installation's data folder (stored files, exports). */
  dataDir: string;
  /** The app's services (the scheduler always sets them; a handler that needs one fails its run without it). */
  services?: JobServices;
}

/** A registered handler. */
export interface JobHandler {
  /** The key a job names in its bean name, e.g. `exportSweep`. */
  bean: string;
  /** One line for the job form's bean select, in both languages. */
  title: { en: string; zh: string };
  /**
   * The job seeded for this handler on first start when no job names its bean (the scheduler's seed): a
   * cron expression (croner syntax, server time zone) and its parameters. No defaults: nothing is seeded.
   */
  defaults?: { name: { en: string; zh: string }; cron: string; params?: Record<string, unknown> };
  /**
   * Runs once. Returns a short message for the job log in both languages (e.g. "deleted 12 rows"; texts.ts);
   * throws to fail the attempt (the scheduler retries after the job's retry interval up to its retry count).
   */
  run(ctx: JobRunContext): Promise<JobText | string | void>;
}

const handlers = new Map<string, JobHandler>();

/**
 * Registers a handler under its bean name (idempotent for the same object).
 * @throws Error when another handler already has that bean name.
 */
export function registerJobHandler(handler: JobHandler): void {
  const known = handlers.get(handler.bean);
  if (known && known !== handler) throw new Error(`job handler ${handler.bean} is registered twice`);
  handlers.set(handler.bean, handler);
}

/** The handler of a bean name, or undefined. */
export function jobHandler(bean: string): JobHandler | undefined {
  return handlers.get(bean);
}

/** Every registered handler, sorted by bean name (the job form's select). */
export function jobHandlers(): JobHandler[] {
  return [...handlers.values()].sort((a, b) => a.bean.localeCompare(b.bean));
}
