/**
 * Which /sapi calls are running that the full-screen loading mask waits for (spec 7.1: "shows a full-screen
 * loading mask unless skipLoading is set"). http.ts opens a slot per call with `beginCall(skipLoading)` and
 * closes it when the call settles; `layout/LoadingMask.tsx` shows the mask while `maskedCalls() > 0` for
 * longer than MASK_DELAY_MS.
 *
 * Calls that never mask (skipLoading): captcha, export / import job polling, SKU search, autocompletes
 * (react-admin reads with `meta: { skipLoading: true }`, see QUIET_READ), reference look-ups (getMany), and
 * background refreshes: react-query refetches every shown query when the window becomes visible again or the
 * network comes back; calls started before the next task after such an event count as background
 * (`installBackgroundRefreshMarks`).
 */

/** Spec 7.1 mask delay (ms): a call quicker than this never shows the mask, so quick calls do not flash. */
export const MASK_DELAY_MS = 300;

/** react-admin read params (or `queryOptions`) marking an autocomplete / background read: no mask. */
export const QUIET_READ = { meta: { skipLoading: true } } as const;

type Listener = () => void;

let masked = 0;
let backgroundUntilNextTask = false;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of [...listeners]) l();
}

/** Running calls that want the mask. */
export function maskedCalls(): number {
  return masked;
}

/** Subscribes to changes of `maskedCalls()`; returns the unsubscribe function. */
export function subscribeMaskedCalls(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Opens the slot of a call starting now; returns the function that closes it (idempotent). A call with
 * `skipLoading`, or started during a background refresh, gets a no-op slot.
 */
export function beginCall(skipLoading = false): () => void {
  if (skipLoading || backgroundUntilNextTask) return () => {};
  masked += 1;
  emit();
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    masked -= 1;
    emit();
  };
}

/** Calls started from now until the next macrotask (microtasks included) skip the mask. */
export function markBackgroundRefresh(): void {
  if (backgroundUntilNextTask) return;
  backgroundUntilNextTask = true;
  setTimeout(() => {
    backgroundUntilNextTask = false;
  }, 0);
}

/**
 * Marks the refetches react-query starts on its own (window visible again, network back) as background:
 * listens in the capture phase, so the mark is set before react-query's own listeners run. Returns the
 * uninstall function.
 */
export function installBackgroundRefreshMarks(win: Window = window): () => void {
  const onVisibility = () => {
    if (win.document.visibilityState === 'visible') markBackgroundRefresh();
  };
  const onOnline = () => markBackgroundRefresh();
  win.addEventListener('visibilitychange', onVisibility, true);
  win.addEventListener('online', onOnline, true);
  return () => {
    win.removeEventListener('visibilitychange', onVisibility, true);
    win.removeEventListener('online', onOnline, true);
  };
}

/** Test hook: no call running, no background mark. */
export function resetLoadingForTests(): void {
  masked = 0;
  backgroundUntilNextTask = false;
  emit();
}
