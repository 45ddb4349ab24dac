/**
 * Row buttons of the database connection list (issue 15; manifest `dbConnection.screen.rowWidgets`): Query opens the
 * SQL query screen on the row's connection, History the caller's past statements on it. Shown to holders of
 * dbms:database_query (the code of both screens).
 */
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import HistoryIcon from '@mui/icons-material/History';
import TerminalIcon from '@mui/icons-material/Terminal';
import { useRecordContext, useTranslate } from 'react-admin';
import { RowActionButton } from '../kit/RowActionMenu';
import { usePermitted } from './Permitted';

const QUERY_CODE = 'dbms:database_query';

const RowLink = ({ to, label, testId, icon }: { to: (id: string) => string; label: string; testId: string; icon: ReactElement }) => {
  const record = useRecordContext();
  const navigate = useNavigate();
  const translate = useTranslate();
  const allowed = usePermitted(QUERY_CODE);
  if (!record || !allowed) return null;
  return <RowActionButton label={translate(label)} onClick={() => navigate(to(String(record.id)))} testId={testId} icon={icon} />;
};

export const DbmsQueryButton = () => <RowLink to={(id) => `/dbms/database/query?id=${id}`} label="app.dbms.query" testId="db-connection-row-query" icon={<TerminalIcon />} />;
export const DbmsHistoryButton = () => <RowLink to={(id) => `/dbms/database/history/${id}`} label="app.dbms.history" testId="db-connection-row-history" icon={<HistoryIcon />} />;
