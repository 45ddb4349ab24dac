/**
 * The change-password dialog of the user menu (spec 2.4: old password, new password, confirm password;
 * spec 3 change-password form; spec 5 "Change password" rules, including the quirk, see
 * changePasswordSchema.ts; spec 8 "Change-password failure").
 *
 * react-hook-form + yup, every field validated on blur (spec 5: confirm password on blur), all of them again
 * on submit; the form is sent only when valid: `sapi('/sapi/sys/user/current/edit', {oldPassword, password,
 * confirmPassword})`. Success -> 'Operation Successful' (app.password.success) and the dialog closes and
 * forgets the typed passwords; failure -> the server msg as an error notification, the dialog stays open.
 * Code 600 is left to sapi(), which already tells the user and reloads.
 *
 * Test ids: password-old, password-new, password-confirm (the inputs), password-submit.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { yupResolver } from '@hookform/resolvers/yup';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useNotify, useTranslate } from 'react-admin';
import { sapi, CODE_NOT_LOGGED_IN } from '../providers/http';
import {
  CHANGE_PASSWORD_PATH,
  changePasswordSchema,
  emptyChangePassword,
  type ChangePasswordValues,
} from './changePasswordSchema';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

const resolver = yupResolver(changePasswordSchema());

interface PasswordFieldProps {
  control: Control<ChangePasswordValues>;
  name: keyof ChangePasswordValues;
  label: string;
  testId: string;
  autoComplete: string;
  autoFocus?: boolean;
  onBlur?: () => void;
}

/** A password text field with a show/hide toggle, like react-admin's <PasswordInput>. */
const PasswordField = ({ control, name, label, testId, autoComplete, autoFocus, onBlur }: PasswordFieldProps) => {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={() => {
            field.onBlur();
            onBlur?.();
          }}
          type={visible ? 'text' : 'password'}
          label={label}
          required
          fullWidth
          autoFocus={autoFocus}
          margin="dense"
          size="small"
          error={fieldState.invalid}
          helperText={fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : ' '}
          slotProps={{
            htmlInput: { 'data-testid': testId, autoComplete },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    tabIndex={-1}
                    onClick={() => setVisible((v) => !v)}
                    aria-label={translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
                  >
                    {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
};

export const ChangePasswordDialog = ({ open, onClose }: ChangePasswordDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const {
    control,
    handleSubmit,
    reset,
    trigger,
    getFieldState,
    formState: { isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: emptyChangePassword,
  });

  const close = () => {
    reset(emptyChangePassword);
    onClose();
  };

  const onSubmit = handleSubmit(async ({ oldPassword, password, confirmPassword }) => {
    try {
      await sapi(CHANGE_PASSWORD_PATH, { oldPassword, password, confirmPassword });
      notify('app.password.success', { type: 'success' });
      close();
    } catch (error) {
      if ((error as { status?: number })?.status === CODE_NOT_LOGGED_IN) return;
      const message = error instanceof Error && error.message ? error.message : translate('app.http.server_error');
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
  });

  // A changed new password re-checks a confirm password that was already visited.
  const recheckConfirm = () => {
    if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
  };

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' || isSubmitting) return;
        close();
      }}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-password-title"
      data-testid="change-password-dialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="change-password-title">{translate('app.password.change')}</DialogTitle>
        <DialogContent>
          <PasswordField
            control={control}
            name="oldPassword"
            label={translate('app.password.old')}
            testId="password-old"
            autoComplete="current-password"
            autoFocus
          />
          <PasswordField
            control={control}
            name="password"
            label={translate('app.password.new')}
            testId="password-new"
            autoComplete="new-password"
            onBlur={recheckConfirm}
          />
          <PasswordField
            control={control}
            name="confirmPassword"
            label={translate('app.password.confirm')}
            testId="password-confirm"
            autoComplete="new-password"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSubmitting} data-testid="password-cancel">
            {translate('app.password.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="password-submit">
            {translate('app.password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
