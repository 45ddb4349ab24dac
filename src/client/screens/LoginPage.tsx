/**
 * Login screen (spec 2.1, 2.2, 5, 8; docs/architecture.md "Auth calls").
 *
 * Username, password and verification code with the captcha image from POST /sapi/captcha/get
 * `{type: 1, time}` -> `{captchaId, image}` (click the image to refresh; refreshed after a failed login).
 * Submits through react-admin's useLogin (authProvider.login) and then goes to the `redirect` query
 * (else '/'), whose code chunks start loading when the form is sent. A visitor who already holds a token goes
 * to '/'. A failed login shows the server msg.
 * data-testid: login-username, login-password, login-captcha, login-captcha-image, login-submit.
 */
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import { sapi } from '../providers/http';
import { getToken, sessionEndNote } from '../providers/session';
import { AppBridge } from '../providers/AppBridge';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { preloadPage } from '../routing/lazyPage';
import { loginSchema, safeRedirect, type LoginFormValues } from './loginSchema';

export const CAPTCHA_PATH = '/sapi/captcha/get';
export const CAPTCHA_TYPE_LOGIN = 1;

interface Captcha {
  captchaId: string;
  image: string;
}

export const LoginPage = () => {
  useDocumentTitle();
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get('redirect'));
  const [loggedInOnArrival] = useState(() => !!getToken());
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: yupResolver(loginSchema),
    defaultValues: { username: '', password: '', captcha: '' },
  });

  const loadCaptcha = useCallback(async () => {
    try {
      const data = await sapi<Captcha>(CAPTCHA_PATH, { type: CAPTCHA_TYPE_LOGIN, time: Date.now() }, { skipLoading: true });
      setCaptcha(data);
    } catch (error) {
      notify((error as Error)?.message || 'app.http.server_error', { type: 'error' });
    }
  }, [notify]);

  // why the last session ended on its own (a stale token, code 600: spec 8), kept over the reload that follows
  const [sessionEnd] = useState(sessionEndNote);

  useEffect(() => {
    if (!loggedInOnArrival) void loadCaptcha();
  }, [loadCaptcha, loggedInOnArrival]);

  if (loggedInOnArrival) return <Navigate to="/" replace />;

  const onSubmit = async (values: LoginFormValues) => {
    setSubmitting(true);
    preloadPage(redirect); // the next page's chunks download while the login calls run (routing/lazyPage.ts)
    try {
      await login({ ...values, captchaId: captcha?.captchaId ?? '' }, redirect);
    } catch (error) {
      notify((error as Error)?.message || 'app.login.failed', { type: 'error' });
      setValue('captcha', '');
      void loadCaptcha();
      setSubmitting(false);
    }
  };

  const errorText = (message?: string) => (message ? translate(message) : undefined);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        position: 'relative',
      }}
    >
      <AppBridge />
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <LocalesMenuButton />
      </Box>
      <Card sx={{ width: 380, maxWidth: '92vw' }}>
        <CardContent>
          <Typography variant="h5" align="center" gutterBottom>
            {translate('app.login.title')}
          </Typography>
          <form noValidate onSubmit={handleSubmit(onSubmit)}>
            <Stack spacing={2}>
              {sessionEnd && (
                <Alert severity="warning" data-testid="login-session-ended">
                  {sessionEnd}
                </Alert>
              )}
              <TextField
                label={translate('resources.user.fields.name')}
                autoComplete="username"
                autoFocus
                fullWidth
                {...register('username')}
                error={!!errors.username}
                helperText={errorText(errors.username?.message)}
                slotProps={{ htmlInput: { 'data-testid': 'login-username' } }}
              />
              <TextField
                label={translate('resources.user.fields.password')}
                type="password"
                autoComplete="current-password"
                fullWidth
                {...register('password')}
                error={!!errors.password}
                helperText={errorText(errors.password?.message)}
                slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
              />
              <Stack direction="row" spacing={1} alignItems="flex-start">
                <TextField
                  label={translate('app.login.captcha')}
                  autoComplete="off"
                  fullWidth
                  {...register('captcha')}
                  error={!!errors.captcha}
                  helperText={errorText(errors.captcha?.message)}
                  slotProps={{ htmlInput: { 'data-testid': 'login-captcha' } }}
                />
                <Box
                  component="button"
                  type="button"
                  onClick={() => void loadCaptcha()}
                  title={translate('app.login.captcha_image')}
                  sx={{
                    p: 0,
                    border: 0,
                    background: 'none',
                    cursor: 'pointer',
                    width: 120,
                    height: 56,
                    flexShrink: 0,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                  }}
                >
                  {captcha ? (
                    <img
                      src={captcha.image}
                      alt={translate('app.login.captcha_image')}
                      data-testid="login-captcha-image"
                      style={{ width: 120, height: 56, objectFit: 'contain' }}
                    />
                  ) : (
                    <Typography variant="caption" data-testid="login-captcha-image">
                      {translate('app.login.captcha_loading')}
                    </Typography>
                  )}
                </Box>
              </Stack>
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={submitting}
                data-testid="login-submit"
                startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {translate('app.login.submit')}
              </Button>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
};
