/**
 * The query history of one connection (spec 2.3 /dbms/database/history/{id}, code dbms:database_query; issue 15):
 * the caller's own statements, newest first, with time, duration (ms), rows and the database's error; Load
 * into editor opens the query screen on that connection with the statement in the editor.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { formatDateTime } from '../../widgets/DateTimeField';
import { errorMessage } from '../../widgets/errorMessage';
import { dbmsApi, type HistoryEntry } from './dbmsApi';

export const HistoryPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const [data, setData] = useState<{ records: HistoryEntry[]; total: number }>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    dbmsApi.history(id, page + 1, size).then(setData, (e) => setError(errorMessage(e)));
  }, [id, page, size]);

  const load = (h: HistoryEntry) => navigate(`/dbms/database/query?id=${id}`, { state: { sql: h.statement } });

  return (
    <Box sx={{ p: 2 }} data-testid="dbms-history">
      <Title title={translate('screens.dbmsHistory')} />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Paper>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('app.dbms.started')}</TableCell>
              <TableCell>{translate('app.dbms.statement')}</TableCell>
              <TableCell align="right">{translate('app.dbms.duration')}</TableCell>
              <TableCell align="right">{translate('app.dbms.row_count')}</TableCell>
              <TableCell>{translate('app.dbms.error')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.records.map((h) => (
              <TableRow key={h.id} hover data-testid="dbms-history-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(h.startedAt)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', maxWidth: 520, wordBreak: 'break-word' }}>{h.statement}</TableCell>
                <TableCell align="right">{h.durationMs}</TableCell>
                <TableCell align="right">{h.rowCount ?? ''}{h.truncated ? '+' : ''}</TableCell>
                <TableCell sx={{ color: 'error.main', maxWidth: 320, wordBreak: 'break-word' }}>{h.error ?? ''}</TableCell>
                <TableCell><Button size="small" onClick={() => load(h)} data-testid="dbms-history-load">{translate('app.dbms.load')}</Button></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data && data.total === 0 ? <Typography sx={{ p: 2 }} color="text.secondary">{translate('app.dbms.empty_history')}</Typography> : null}
        {data && data.total > 0 ? (
          <TablePagination
            component="div" count={data.total} page={page} rowsPerPage={size} rowsPerPageOptions={[10, 20, 50, 100]}
            onPageChange={(_, p) => setPage(p)} onRowsPerPageChange={(e) => { setSize(Number(e.target.value)); setPage(0); }}
          />
        ) : null}
      </Paper>
    </Box>
  );
};
