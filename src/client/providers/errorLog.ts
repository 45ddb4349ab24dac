/**
 * The console's error log (spec 2.4: the top bar's error-log dialog "lists message, info, URL and stack").
 * Kept in memory for the page's life, newest last, at most ERROR_LOG_LIMIT entries.
 *
 * Sources:
 * - `logCallFailure` (providers/http.ts): a failed /sapi call; URL is the call's path, info names the method
 *   and the envelope code or HTTP status;
 * - `installGlobalErrorLog`: the window's `error` and `unhandledrejection` events; URL is the page's;
 * - `logRenderError` (main.tsx, React's onCaughtError / onUncaughtError): errors caught by an error boundary,
 *   info is the component stack.
 * A rejection whose reason is an error already logged (a failed call nobody caught) is not logged twice.
 */

export type ErrorKind = 'call' | 'error' | 'rejection' | 'render';

/**
 * `warning`: a business refusal the server answered in words (envelope 400, 403, 404, 409: a wrong value, no
 * permission, insufficient stock), which the screen already shows; `error`: anything else. Only errors count on
 * the top bar's badge (issue 27: expected refusals made the console look broken).
 */
export type ErrorLevel = 'error' | 'warning';

/** Envelope codes that are answers, not failures. */
const REFUSAL_CODES = new Set([400, 403, 404, 409]);

export interface ErrorLogEntry {
  id: number;
  level: ErrorLevel;
  /** Epoch ms. */
  time: number;
  kind: ErrorKind;
  message: string;
  /** Where it came from: "POST, code 400", "HTTP 502", the component stack, "unhandled rejection" ... */
  info: string;
  /** The call's path for a failed call, else the page's URL. */
  url: string;
  stack: string;
}

export const ERROR_LOG_LIMIT = 200;

type Listener = () => void;

let entries: readonly ErrorLogEntry[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
/** Errors already logged (a failed call rejected and then left unhandled). */
const logged = new WeakSet<object>();

function pageUrl(): string {
  return typeof window !== 'undefined' && window.location ? window.location.href : '';
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

function stackOf(error: unknown): string {
  return error instanceof Error && error.stack ? error.stack : '';
}

/** Adds an entry (and remembers `error`, when an object, so it is not logged again). */
export function logError(entry: Omit<ErrorLogEntry, 'id' | 'time'>, error?: unknown): void {
  if (error && typeof error === 'object') {
    if (logged.has(error)) return;
    logged.add(error);
  }
  const next = [...entries, { ...entry, id: nextId++, time: Date.now() }];
  entries = next.length > ERROR_LOG_LIMIT ? next.slice(next.length - ERROR_LOG_LIMIT) : next;
  for (const l of [...listeners]) l();
}

/** A failed /sapi call: its path and what failed ("code 400", "HTTP 502", "no answer", "time-out"). */
export function logCallFailure(path: string, error: unknown, what: string): void {
  const code = (error as { body?: { code?: unknown } } | undefined)?.body?.code;
  const level: ErrorLevel = typeof code === 'number' && REFUSAL_CODES.has(code) ? 'warning' : 'error';
  logError({ kind: 'call', level, message: messageOf(error), info: `POST, ${what}`, url: path, stack: stackOf(error) }, error);
}

/** The entries that count as errors (the badge's number). */
export const errorCount = (entries: readonly ErrorLogEntry[]): number => entries.filter((e) => e.level === 'error').length;

/** An error caught by a React error boundary (or none); `componentStack` from React's error info. */
export function logRenderError(error: unknown, componentStack?: string | null): void {
  logError({ kind: 'render', level: 'error', message: messageOf(error), info: (componentStack ?? '').trim(), url: pageUrl(), stack: stackOf(error) }, error);
}

/** Listens to the window's uncaught errors and unhandled rejections; returns the uninstall function. */
export function installGlobalErrorLog(win: Window = window): () => void {
  const onError = (e: ErrorEvent) => {
    const where = e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : '';
    logError({ kind: 'error', level: 'error', message: e.message || messageOf(e.error), info: where, url: pageUrl(), stack: stackOf(e.error) }, e.error);
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    logError({ kind: 'rejection', level: 'error', message: messageOf(e.reason), info: 'unhandled rejection', url: pageUrl(), stack: stackOf(e.reason) }, e.reason);
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}

/** The entries, oldest first (a new array after every change: usable with useSyncExternalStore). */
export function errorLogEntries(): readonly ErrorLogEntry[] {
  return entries;
}

export function subscribeErrorLog(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Empties the log (the dialog's Clear button). */
export function clearErrorLog(): void {
  entries = [];
  for (const l of [...listeners]) l();
}
