/**
 * The SQL query screen (spec 2.3 /dbms/database/query, code dbms:database_query; issue 15): a connection
 * select (the built-in one first; `?id=` chooses one), a monospaced editor (Ctrl+Enter runs; a statement loaded
 * from the history arrives in the location's state), Run, and the result grid with its columns from the
 * result's fields. It says how many rows came in how long, "First 1,000 rows shown" when the cap cut the
 * result, and the database's own message when the statement failed or was refused.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import HistoryIcon from '@mui/icons-material/History';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { errorMessage } from '../../widgets/errorMessage';
import { dbmsApi, DEFAULT_TIMEOUT_MS, type Connection, type QueryAnswer } from './dbmsApi';
import { ResultGrid } from './ResultGrid';

export const QueryPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [connections, setConnections] = useState<Connection[]>([]);
  const [sql, setSql] = useState<string>((location.state as { sql?: string } | null)?.sql ?? '');
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<QueryAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();
  const chosen = Number(params.get('id')) || connections[0]?.id;

  useEffect(() => {
    dbmsApi.connections().then(setConnections, (e) => setError(errorMessage(e)));
  }, []);

  const run = async () => {
    if (!chosen || !sql.trim() || running) return;
    setRunning(true);
    setError(undefined);
    try {
      setAnswer(await dbmsApi.run(chosen, sql));
    } catch (e) {
      setAnswer(undefined);
      setError(errorMessage(e));
    } finally {
      setRunning(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void run(); }
  };
  const number = (n: number) => n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="dbms-query">
      <Title title={translate('screens.dbmsQuery')} />
      <Paper sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select size="small" sx={{ minWidth: 280 }} label={translate('app.dbms.connection')}
            value={chosen ?? ''} onChange={(e) => setParams({ id: String(e.target.value) }, { replace: true, state: location.state })}
            slotProps={{ htmlInput: { 'data-testid': 'dbms-connection' } }}
          >
            {connections.map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
          </TextField>
          <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={run} disabled={!chosen || !sql.trim() || running} data-testid="dbms-run">
            {translate('app.dbms.run')}
          </Button>
          {chosen ? (
            <Button component={RouterLink} to={`/dbms/database/history/${chosen}`} startIcon={<HistoryIcon />} data-testid="dbms-history-link">
              {translate('app.dbms.history')}
            </Button>
          ) : null}
        </Box>
        <TextField
          label={translate('app.dbms.statement')} value={sql} onChange={(e) => setSql(e.target.value)} onKeyDown={onKeyDown}
          multiline minRows={8} maxRows={24} fullWidth
          helperText={translate('app.dbms.run_hint', { seconds: DEFAULT_TIMEOUT_MS / 1000 })}
          slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'dbms-sql', style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 14 } } }}
        />
        {running ? <LinearProgress /> : null}
      </Paper>
      {error ? <Alert severity="error" data-testid="dbms-error" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>{error}</Alert> : null}
      {answer && !error ? (
        <Paper sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" data-testid="dbms-summary">
            {translate('app.dbms.rows', { count: number(answer.rowCount), ms: number(answer.durationMs) })}
          </Typography>
          {answer.truncated ? <Alert severity="warning" data-testid="dbms-capped">{translate('app.dbms.capped', { max: number(answer.maxRows) })}</Alert> : null}
          {answer.columns.length ? <ResultGrid answer={answer} /> : <Typography variant="body2">{translate('app.dbms.no_rows')}</Typography>}
        </Paper>
      ) : null}
    </Box>
  );
};
