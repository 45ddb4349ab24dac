/**
 * ListLoadError: what a list shows when its page could not be read (issue 27: a failed load looked like an
 * empty list, "No SKUs found" beside a stale pager). The reason in words and a Try again button that reads the
 * page again; every react-admin <List> gets it by default (layout/theme.ts, RaList `error`).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useListContext, useTranslate } from 'react-admin';

export const ListLoadError = () => {
  const translate = useTranslate();
  const { error, refetch } = useListContext();
  const message = (error as { message?: unknown } | null)?.message;
  return (
    <Alert
      severity="error"
      data-testid="list-load-error"
      sx={{ m: 1 }}
      action={
        <Button color="inherit" size="small" data-testid="list-load-retry" onClick={() => refetch()}>
          {translate('app.list.retry')}
        </Button>
      }
    >
      {translate('app.list.load_failed', { message: typeof message === 'string' && message ? message : translate('app.http.server_error') })}
    </Alert>
  );
};
