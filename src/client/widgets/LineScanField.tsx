/**
 * The line scan input (issue 27 item 8), for wedge scanners (they type the code, then Enter) and typists:
 * - Enter takes what the field holds (`CODE` counts 1, `N*CODE` counts N: widgets/lineScan.ts parseScan), empties
 *   the field at once for the next scan, and hands the scan to `onScan`; scans are handled one after another in
 *   the order typed, however fast they come;
 * - `onScan` answers {ok, message} (or rejects with the message to show): a refused scan turns the field red and
 *   shows the message (it names the code) in `<testId>-message`, a counted one shows it in green; each plays its
 *   own beep (widgets/beep.ts). `data-signal` (ok / refused) and `data-scans` (scans answered) on the field's box
 *   tell tests what the clerk saw and heard;
 * - the helper text (`hint`, a message key) says how to count more than one.
 * `ScanProgressBar` and `LineProgress` show scanned / planned in total and per line.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { beep } from './beep';
import { errorMessage } from './errorMessage';
import { MAX_SCAN_QTY, parseScan, type ScanInput } from './lineScan';

/** What a scan came to: counted (ok) or refused, and the message naming the code. */
export interface ScanFeedback {
  ok: boolean;
  message: string;
}

export interface LineScanFieldProps {
  /** Counts a parsed scan; rejects (or answers ok: false) to refuse it. */
  onScan: (input: ScanInput) => Promise<ScanFeedback>;
  /** Message key of the helper text (how to count more than one; what is refused). */
  hint: string;
  /** Message key of the label (default: "Scan or type a SKU, supplier SKU, platform SKU or barcode"). */
  label?: string;
  testId: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

export const LineScanField = ({ onScan, hint, label = 'wms.widgets.lineScan.label', testId, disabled, autoFocus }: LineScanFieldProps) => {
  const translate = useTranslate();
  const [value, setValue] = useState('');
  const [feedback, setFeedback] = useState<ScanFeedback | undefined>();
  const [answered, setAnswered] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const show = (f: ScanFeedback) => {
    setFeedback(f);
    setAnswered((n) => n + 1);
    beep(f.ok ? 'ok' : 'refused');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const raw = (event.target as HTMLInputElement).value;
    setValue('');
    const parsed = parseScan(raw);
    if (!parsed.ok && parsed.reason === 'empty') return;
    queue.current = queue.current.then(async () => {
      if (!parsed.ok) return show({ ok: false, message: translate('wms.widgets.lineScan.qty', { text: raw.trim(), max: MAX_SCAN_QTY }) });
      try {
        show(await onScan({ code: parsed.code, qty: parsed.qty }));
      } catch (e) {
        show({ ok: false, message: errorMessage(e) });
      }
    });
  };

  const refused = feedback?.ok === false;
  return (
    <Box sx={{ mb: 1.5 }} data-testid={`${testId}-box`} data-signal={feedback ? (feedback.ok ? 'ok' : 'refused') : ''} data-scans={answered}>
      <TextField
        fullWidth
        size="small"
        autoFocus={autoFocus}
        label={translate(label)}
        helperText={translate(hint, { max: MAX_SCAN_QTY })}
        error={refused}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        color={feedback?.ok ? 'success' : undefined}
        focused={feedback?.ok ? true : undefined}
        slotProps={{ htmlInput: { 'data-testid': testId, maxLength: 120, autoComplete: 'off', spellCheck: false } }}
      />
      {feedback ? (
        <Alert severity={refused ? 'error' : 'success'} sx={{ mt: 1, py: 0 }} data-testid={`${testId}-message`} data-ok={String(!refused)}>
          {feedback.message}
        </Alert>
      ) : null}
    </Box>
  );
};

/** Scanned / planned over the whole order, with a bar. */
export const ScanProgressBar = ({ reached, planned, testId }: { reached: number; planned: number; testId: string }) => {
  const translate = useTranslate();
  const done = planned > 0 && reached >= planned;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }} data-testid={testId} data-reached={reached} data-planned={planned}>
      <LinearProgress variant="determinate" value={planned > 0 ? Math.min(100, (reached / planned) * 100) : 0} color={reached > planned ? 'warning' : done ? 'success' : 'primary'} sx={{ flex: '1 1 auto', height: 8, borderRadius: 4 }} />
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
        {translate('wms.widgets.lineScan.progress', { reached, planned })}
      </Typography>
    </Box>
  );
};

/** "reached / planned" of one line: green when complete, orange when over. */
export const LineProgress = ({ reached, planned, testId }: { reached: number; planned: number; testId: string }) => (
  <Typography
    component="span"
    variant="body2"
    sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: reached > planned ? 'warning.main' : reached === planned ? 'success.main' : 'text.primary' }}
    data-testid={testId}
  >
    {reached} / {planned}
  </Typography>
);
