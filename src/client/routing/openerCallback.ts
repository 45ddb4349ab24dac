/**
 * Hand-back between browser tabs (spec 2.2: "pages opened from another page carry opener and callback query
 * parameters so the opened page can hand a result back and then close"; used by the SKU and inventory
 * pickers when opened in a new tab).
 *
 * Opening side: `openForResult(path, callback, onResult)` opens `path?opener=<id>&callback=<callback>` in a
 * new tab and calls `onResult(result)` once that page hands a result back; `<id>` is a fresh random id of
 * this request. Opened side: `openerRequest(search)` reads the two parameters; `handBack(request, result)`
 * posts `{ type: 'wms:hand-back', opener, callback, result }` to `window.opener` (target origin: this
 * origin) and closes the page. When the opener link is severed (noopener), the message goes over a
 * BroadcastChannel, which only same-origin pages can hear. The opening side accepts a message only from its
 * own origin and with its own request id: same origin only, and one answer per request.
 * The result must be structured-cloneable (plain data: ids, records).
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';

export const OPENER_PARAM = 'opener';
export const CALLBACK_PARAM = 'callback';
export const HAND_BACK_TYPE = 'wms:hand-back';
export const HAND_BACK_CHANNEL = 'wms-hand-back';

/** What an opened page was asked for: the opener's request id and the callback name. */
export interface OpenerRequest {
  opener: string;
  callback: string;
}

export interface HandBackMessage<T = unknown> extends OpenerRequest {
  type: typeof HAND_BACK_TYPE;
  result: T;
}

/** The opener request of a page from its query string, or null when it was not opened for a result. */
export function openerRequest(search: string): OpenerRequest | null {
  const params = new URLSearchParams(search);
  const opener = params.get(OPENER_PARAM);
  const callback = params.get(CALLBACK_PARAM);
  return opener && callback ? { opener, callback } : null;
}

/** `path` with the opener and callback parameters added. */
export function withOpenerParams(path: string, request: OpenerRequest): string {
  const [base, hash = ''] = path.split('#');
  const sep = base.includes('?') ? '&' : '?';
  const query = `${OPENER_PARAM}=${encodeURIComponent(request.opener)}&${CALLBACK_PARAM}=${encodeURIComponent(request.callback)}`;
  return `${base}${sep}${query}${hash ? `#${hash}` : ''}`;
}

function isHandBack(data: unknown, request: OpenerRequest): data is HandBackMessage {
  const m = data as Partial<HandBackMessage> | null;
  return !!m && m.type === HAND_BACK_TYPE && m.opener === request.opener && m.callback === request.callback;
}

function channel(win: Window): BroadcastChannel | undefined {
  const BC = (win as unknown as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  return typeof BC === 'function' ? new BC(HAND_BACK_CHANNEL) : undefined;
}

function randomId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export interface OpenForResult {
  /** The page opened (null when the browser blocked the pop-up). */
  page: Window | null;
  /** Stops listening (the result is then ignored). */
  cancel(): void;
}

/**
 * Opens `path` in a new tab asking for a result under `callback`; `onResult` runs once, with the first
 * matching hand-back from this origin. Listening stops after the result, or on `cancel()`.
 */
export function openForResult<T>(path: string, callback: string, onResult: (result: T) => void, win: Window = window): OpenForResult {
  const request: OpenerRequest = { opener: randomId(), callback };
  const bc = channel(win);
  let done = false;
  const finish = (data: unknown) => {
    if (done || !isHandBack(data, request)) return;
    cancel();
    onResult(data.result as T);
  };
  const onMessage = (e: MessageEvent) => {
    if (e.origin === win.location.origin) finish(e.data);
  };
  const onChannel = (e: MessageEvent) => finish(e.data);
  function cancel() {
    done = true;
    win.removeEventListener('message', onMessage);
    bc?.removeEventListener('message', onChannel);
    bc?.close();
  }
  win.addEventListener('message', onMessage);
  bc?.addEventListener('message', onChannel);
  const page = win.open(withOpenerParams(path, request), '_blank');
  return { page, cancel };
}

/**
 * Hands `result` back to the page that opened this one for `request`, then closes this page (`close: false`
 * keeps it open). Returns false when it could not be sent (no opener and no BroadcastChannel).
 */
export function handBack<T>(request: OpenerRequest, result: T, win: Window = window, options: { close?: boolean } = {}): boolean {
  const message: HandBackMessage<T> = { type: HAND_BACK_TYPE, opener: request.opener, callback: request.callback, result };
  let sent = false;
  const opener = win.opener as Window | null;
  if (opener && !opener.closed) {
    try {
      opener.postMessage(message, win.location.origin);
      sent = true;
    } catch {
      sent = false;
    }
  }
  if (!sent) {
    const bc = channel(win);
    if (bc) {
      bc.postMessage(message);
      bc.close();
      sent = true;
    }
  }
  if (sent && options.close !== false) win.close();
  return sent;
}

/**
 * The opener request of the current page (null when not opened for a result) and `handBack(result)` bound
 * to it: a picker page shows its "select" action when `request` is set and hands the choice back with it.
 */
export function useOpenerCallback<T = unknown>(): { request: OpenerRequest | null; handBack: (result: T) => boolean } {
  const { search } = useLocation();
  return useMemo(() => {
    const request = openerRequest(search);
    return { request, handBack: (result: T) => (request ? handBack(request, result) : false) };
  }, [search]);
}
