/**
 * The top bar's error log (spec 2.4: "error-log dialog (hidden on mobile; lists message, info, URL and
 * stack)"): a button with a badge of the count of logged errors (providers/errorLog.ts: the console's caught
 * errors and its failed /sapi calls) opening a dialog that lists them, newest first, with Clear.
 * Hidden below 1024 px. Test ids: `error-log-button`, `error-log-dialog`, `error-log-row`, `error-log-clear`.
 */
import { useState, useSyncExternalStore } from 'react';
import {
  Badge,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import BugReportIcon from '@mui/icons-material/BugReport';
import { useTranslate } from 'react-admin';
import { clearErrorLog, errorCount, errorLogEntries, subscribeErrorLog, type ErrorLogEntry } from '../../providers/errorLog';

const Row = ({ entry }: { entry: ErrorLogEntry }) => (
  <TableRow data-testid="error-log-row" data-level={entry.level} sx={{ verticalAlign: 'top', ...(entry.level === 'warning' ? { color: 'text.secondary' } : {}) }}>
    <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(entry.time).toLocaleTimeString()}</TableCell>
    <TableCell data-testid="error-log-message" sx={{ wordBreak: 'break-word' }}>{entry.message}</TableCell>
    <TableCell data-testid="error-log-info" sx={{ wordBreak: 'break-word', maxWidth: 220 }}>
      <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'inherit', maxHeight: 120, overflow: 'auto' }}>{entry.info}</Box>
    </TableCell>
    <TableCell data-testid="error-log-url" sx={{ wordBreak: 'break-all' }}>{entry.url}</TableCell>
    <TableCell sx={{ maxWidth: 360 }}>
      <Box component="pre" sx={{ m: 0, fontSize: 11, whiteSpace: 'pre', maxHeight: 120, overflow: 'auto' }}>{entry.stack}</Box>
    </TableCell>
  </TableRow>
);

export const ErrorLogButton = () => {
  const translate = useTranslate();
  const entries = useSyncExternalStore(subscribeErrorLog, errorLogEntries, errorLogEntries);
  const [open, setOpen] = useState(false);
  const mobile = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (mobile) return null;
  const label = translate('app.shell.error_log.title');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} data-testid="error-log-button" onClick={() => setOpen(true)}>
          <Badge badgeContent={errorCount(entries)} color="error" max={99} data-testid="error-log-count">
            <BugReportIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" fullWidth data-testid="error-log-dialog">
        <DialogTitle>{label}</DialogTitle>
        <DialogContent dividers>
          {entries.length === 0 ? (
            <Typography color="textSecondary">{translate('app.shell.error_log.empty')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.shell.error_log.time')}</TableCell>
                  <TableCell>{translate('app.shell.error_log.message')}</TableCell>
                  <TableCell>{translate('app.shell.error_log.info')}</TableCell>
                  <TableCell>{translate('app.shell.error_log.url')}</TableCell>
                  <TableCell>{translate('app.shell.error_log.stack')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...entries].reverse().map((e) => (
                  <Row key={e.id} entry={e} />
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          <Button data-testid="error-log-clear" onClick={clearErrorLog} disabled={entries.length === 0}>
            {translate('app.shell.error_log.clear')}
          </Button>
          <Button data-testid="error-log-close" onClick={() => setOpen(false)}>
            {translate('app.shell.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
