/**
 * What an import dialog shows of its job (shared by the SKU imports, the order imports and the manifest's import
 * button): a progress bar with done / total rows while it runs and after; on failure the job's message (or the
 * start or poll error) and the table of every error (row, column, message). `IMPORT_ACCEPT`: the file types the
 * uploader offers.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { errorMessage } from './errorMessage';
import type { ImportError, ImportJob, ImportPhase } from './importJob';

export const IMPORT_ACCEPT = '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/** Progress in percent (0 when the total is not known yet). */
export function progressOf(job: Pick<ImportJob, 'doneRows' | 'totalRows'> | null): number {
  if (!job || !job.totalRows) return 0;
  return Math.max(0, Math.min(100, Math.round((job.doneRows / job.totalRows) * 100)));
}

/** Every error of a failed import: row, column, message. */
export const ImportErrorTable = ({ errors }: { errors: ImportError[] }) => {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader data-testid="import-errors">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 90 }}>{translate('app.sku.import.row')}</TableCell>
            <TableCell sx={{ width: 200 }}>{translate('app.sku.import.column')}</TableCell>
            <TableCell>{translate('app.sku.import.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((e, i) => (
            <TableRow key={`${i}:${e.row}:${e.column}`}>
              <TableCell>{e.row}</TableCell>
              <TableCell>{e.column}</TableCell>
              <TableCell>{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/**
 * The state of a running or finished import job (shared with the order imports, screens/orderImport): a
 * progress bar with done / total rows while it runs and after; on failure the job's message (or the start
 * or poll error) and the table of every error (row, column, message).
 */
export const ImportJobReport = ({ phase, job, error }: { phase: ImportPhase; job: ImportJob | null; error: unknown }) => {
  const translate = useTranslate();
  const errors = job?.errors ?? [];
  return (
    <>
      {phase !== 'idle' && job ? (
        <Box sx={{ mt: 2 }} data-testid="import-progress">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {translate(phase === 'running' || phase === 'starting' ? 'enums.ImportStatus.RUNNING' : phase === 'success' ? 'app.sku.import.success' : 'app.sku.import.failed')}
            {' · '}
            {translate('app.sku.import.progress', { done: job.doneRows ?? 0, total: job.totalRows ?? 0 })}
          </Typography>
          <LinearProgress
            variant={phase === 'running' && !job.totalRows ? 'indeterminate' : 'determinate'}
            value={progressOf(job)}
            color={phase === 'fail' ? 'error' : phase === 'success' ? 'success' : 'primary'}
          />
        </Box>
      ) : phase === 'starting' ? (
        <Box sx={{ mt: 2 }}>
          <LinearProgress />
        </Box>
      ) : null}
      {phase === 'fail' ? (
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Alert severity="error">{job?.message || (error ? errorMessage(error) : translate('app.sku.import.failed'))}</Alert>
          {errors.length > 0 ? (
            <>
              <Typography variant="subtitle2">{translate('app.sku.import.errors', { smart_count: errors.length })}</Typography>
              <ImportErrorTable errors={errors} />
            </>
          ) : null}
        </Box>
      ) : null}
    </>
  );
};

