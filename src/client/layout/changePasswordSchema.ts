/**
 * The change-password form (spec 2.4 change-password dialog; spec 3 change-password form: oldPassword,
 * password, confirmPassword; spec 5 "Change password"; spec 9 password length 6 to 20):
 *
 * - oldPassword: required ('Old password cannot be empty').
 * - password: required; when non-empty its length must be 6 to 20, and the message shown on that violation
 *   is the passwords-do-not-match text. This is a quirk of the spec and is kept on purpose.
 * - confirmPassword: required; when the new password is filled it must be 6 to 20 characters ('length must
 *   be between 6 and 20 characters') and equal to the new password ('passwords do not match'). The dialog
 *   validates it on blur.
 *
 * Messages are translation keys (`app.password.*`, texts in i18n/app-en.ts and app-zh.ts); the dialog
 * translates them where it shows them. Passwords are not trimmed.
 */
import * as yup from 'yup';

export const CHANGE_PASSWORD_PATH = '/sapi/sys/user/current/edit';
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** The message keys of the rules. */
export const changePasswordMessages = {
  oldRequired: 'app.password.old_required',
  newRequired: 'app.password.new_required',
  confirmRequired: 'app.password.confirm_required',
  length: 'app.password.length',
  mismatch: 'app.password.mismatch',
} as const;

export interface ChangePasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export const emptyChangePassword: ChangePasswordValues = { oldPassword: '', password: '', confirmPassword: '' };

const lengthOk = (value: string | undefined) => !!value && value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX;

export function changePasswordSchema(): yup.ObjectSchema<ChangePasswordValues> {
  const m = changePasswordMessages;
  return yup.object({
    oldPassword: yup.string().default('').required(m.oldRequired),
    // spec 5 quirk: a wrong length shows the passwords-do-not-match text
    password: yup
      .string()
      .default('')
      .required(m.newRequired)
      .test('length', m.mismatch, (value) => !value || lengthOk(value)),
    confirmPassword: yup
      .string()
      .default('')
      .required(m.confirmRequired)
      .test('length', m.length, function (value) {
        const password = (this.parent as Partial<ChangePasswordValues>).password;
        return !password || !value || lengthOk(value);
      })
      .test('match', m.mismatch, function (value) {
        const password = (this.parent as Partial<ChangePasswordValues>).password;
        // one message at a time: the length rule speaks first
        return !password || !lengthOk(value) || value === password;
      }),
  });
}
