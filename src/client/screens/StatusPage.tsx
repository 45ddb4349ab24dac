/**
 * Full-page status message shared by the 401 and 404 screens: a big code, a message, and buttons
 * (optional "go back", "back to home").
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AppBridge } from '../providers/AppBridge';
import { useDocumentTitle } from '../layout/useDocumentTitle';

export const StatusPage = ({ code, message, showBack, testId }: { code: ReactNode; message: ReactNode; showBack: boolean; testId: string }) => {
  useDocumentTitle();
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box
      data-testid={testId}
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <AppBridge />
      <Stack spacing={2} alignItems="center">
        <Typography variant="h1" color="primary" sx={{ fontWeight: 700 }}>
          {code}
        </Typography>
        <Typography variant="h6">{message}</Typography>
        <Stack direction="row" spacing={2}>
          {showBack && (
            <Button variant="outlined" onClick={() => navigate(-1)} data-testid="status-back">
              {translate('app.page.back')}
            </Button>
          )}
          <Button variant="contained" onClick={() => navigate('/')} data-testid="status-home">
            {translate('app.page.home')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
};
