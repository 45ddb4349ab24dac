/**
 * Row buttons of the database connection list (issue 15; manifest `dbConnection.screen.rowWidgets`): Query opens the
 * SQL query screen on the row's connection, History the caller's past statements on it. Shown to holders of
 * dbms:database_query (the code of both screens).
 */
import type { MouseEvent, ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import HistoryIcon from '@mui/icons-material/History';
import TerminalIcon from '@mui/icons-material/Terminal';
import { Button, useRecordContext } from 'react-admin';
import { usePermitted } from './Permitted';

const QUERY_CODE = 'dbms:database_query';

const RowLink = ({ to, label, testId, icon }: { to: (id: string) => string; label: string; testId: string; icon: ReactElement }) => {
  const record = useRecordContext();
  const navigate = useNavigate();
  const allowed = usePermitted(QUERY_CODE);
  if (!record || !allowed) return null;
  const onClick = (event: MouseEvent) => {
    event.stopPropagation(); // the row itself opens the edit page
    navigate(to(String(record.id)));
  };
  return <Button label={label} onClick={onClick} data-testid={testId}>{icon}</Button>;
};

export const DbmsQueryButton = () => <RowLink to={(id) => `/dbms/database/query?id=${id}`} label="app.dbms.query" testId="db-connection-row-query" icon={<TerminalIcon />} />;
export const DbmsHistoryButton = () => <RowLink to={(id) => `/dbms/database/history/${id}`} label="app.dbms.history" testId="db-connection-row-history" icon={<HistoryIcon />} />;
