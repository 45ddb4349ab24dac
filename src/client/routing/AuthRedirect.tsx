/**
 * The `/auth-redirect` page (spec 2.1; rules in routing/authRedirect.ts): stores the handed-over token (the
 * previous session's state goes with the old token) and loads the target page, so the whole console starts
 * over in the new session; without a token it goes to the login page that returns to the target.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { clearToken, setToken } from '../providers/session';
import { loginUrlFor } from '../providers/createAuthProvider';
import { readAuthRedirect, tokenFromOpener } from './authRedirect';

export interface AuthRedirectProps {
  /** Loads `url` as a new page (default: `location.replace`, so the token query leaves the history). */
  leave?: (url: string) => void;
  /** Asks the opener for a token (default: `tokenFromOpener()`). */
  askOpener?: () => Promise<string | null>;
}

const replacePage = (url: string) => window.location.replace(url);

export const AuthRedirect = ({ leave = replacePage, askOpener = tokenFromOpener }: AuthRedirectProps) => {
  const { search } = useLocation();
  const translate = useTranslate();
  useEffect(() => {
    let cancelled = false;
    const { token, target } = readAuthRedirect(search);
    void (token ? Promise.resolve(token) : askOpener()).then((received) => {
      if (cancelled) return;
      if (!received) return leave(loginUrlFor(target));
      clearToken();
      setToken(received);
      leave(target);
    });
    return () => {
      cancelled = true;
    };
  }, [search, leave, askOpener]);
  return (
    <Box data-testid="auth-redirect" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, height: '100vh' }}>
      <CircularProgress />
      <Typography color="textSecondary">{translate('app.shell.auth_redirect')}</Typography>
    </Box>
  );
};
