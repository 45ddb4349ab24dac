/**
 * Bridge from plain modules (http.ts, authProvider) to the router and the notification area.
 *
 * http.ts must navigate (HTTP 401/403 -> /401, 404 -> /404; spec 6, 8) and show messages (code 600,
 * spec 8) but is not a React component. The mounted `<AppBridge/>` (providers/AppBridge.tsx) registers
 * react-router's navigate and react-admin's notify here; until then navigation falls back to a full
 * page load and notifications to the console.
 */
export type Navigator = (path: string) => void;
export type Notifier = (message: string, type?: 'error' | 'warning' | 'info' | 'success') => void;

let navigator_: Navigator | undefined;
let notifier: Notifier | undefined;

export function setNavigator(fn: Navigator | undefined): void {
  navigator_ = fn;
}

export function setNotifier(fn: Notifier | undefined): void {
  notifier = fn;
}

/** Client-side navigation when a router is mounted, else a full page load. */
export function navigateTo(path: string): void {
  if (navigator_) navigator_(path);
  else if (typeof window !== 'undefined') window.location.assign(path);
}

/** Shows a notification when the UI is mounted, else logs it. */
export function notify(message: string, type: 'error' | 'warning' | 'info' | 'success' = 'error'): void {
  if (notifier) notifier(message, type);
  else if (type === 'error') console.error(message);
  else console.info(message);
}
