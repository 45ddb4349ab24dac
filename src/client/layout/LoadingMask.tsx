/**
 * The full-screen loading mask of spec 7.1: shown while a /sapi call without `skipLoading` runs
 * (providers/loading.ts), but only once one has been running for MASK_DELAY_MS, so quick calls never flash
 * it; it goes the moment the last one settles. It covers dialogs too (z-index above MUI's modals, below
 * notifications) and takes no focus: typing goes on in the focused field. Test id: `loading-mask`.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { MASK_DELAY_MS, maskedCalls, subscribeMaskedCalls } from '../providers/loading';
import { appText } from '../providers/locale';

/** MUI: modal 1300, snackbar 1400. */
export const MASK_Z_INDEX = 1350;

/** `on`, once it has stayed true for `delayMs`; false at once when it turns false. */
export function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  return on && shown;
}

const busyNow = () => maskedCalls() > 0;

export const LoadingMask = ({ delayMs = MASK_DELAY_MS }: { delayMs?: number }) => {
  const busy = useSyncExternalStore(subscribeMaskedCalls, busyNow, () => false);
  const shown = useDelayedFlag(busy, delayMs);
  if (!shown) return null;
  return (
    <Box
      data-testid="loading-mask"
      role="progressbar"
      aria-busy="true"
      aria-label={appText('app.shell.loading')}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: MASK_Z_INDEX,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'rgba(255, 255, 255, 0.6)',
        cursor: 'wait',
      }}
    >
      <CircularProgress />
    </Box>
  );
};
