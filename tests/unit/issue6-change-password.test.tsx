// @vitest-environment jsdom
/**
 * Change password (spec 2.4 dialog; spec 5 rules with the quirk; spec 8 failure shows the server msg,
 * success 'Operation Successful'): the schema, the dialog and the user-menu item.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, HttpError, Notification, type AuthProvider, type DataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { ValidationError } from 'yup';

vi.mock('../../src/client/providers/http', () => ({
  sapi: vi.fn(),
  CODE_NOT_LOGGED_IN: 600,
}));

import { sapi } from '../../src/client/providers/http';
import { appEn } from '../../src/client/i18n/app-en';
import { appZh } from '../../src/client/i18n/app-zh';
import { ChangePasswordDialog } from '../../src/client/layout/ChangePasswordDialog';
import { changePasswordSchema, CHANGE_PASSWORD_PATH } from '../../src/client/layout/changePasswordSchema';
import { ChangePasswordUserMenuItem } from '../../src/client/layout/AppBar';

const sapiMock = vi.mocked(sapi);

/** The first message per field, as the form shows them. */
async function errorsOf(values: Record<string, string>): Promise<Record<string, string>> {
  try {
    await changePasswordSchema().validate(values, { abortEarly: false });
    return {};
  } catch (e) {
    const out: Record<string, string> = {};
    for (const inner of (e as ValidationError).inner) if (inner.path && !out[inner.path]) out[inner.path] = inner.message;
    return out;
  }
}

describe('changePasswordSchema (spec 5)', () => {
  it('requires all three fields', async () => {
    expect(await errorsOf({ oldPassword: '', password: '', confirmPassword: '' })).toEqual({
      oldPassword: 'app.password.old_required',
      password: 'app.password.new_required',
      confirmPassword: 'app.password.confirm_required',
    });
  });

  it('quirk: a new password of the wrong length shows the passwords-do-not-match text', async () => {
    expect((await errorsOf({ oldPassword: 'old', password: 'abcde', confirmPassword: 'abcde' })).password).toBe('app.password.mismatch');
    expect((await errorsOf({ oldPassword: 'old', password: 'a'.repeat(21), confirmPassword: 'a'.repeat(21) })).password).toBe('app.password.mismatch');
    expect((await errorsOf({ oldPassword: 'old', password: 'abcdef', confirmPassword: 'abcdef' })).password).toBeUndefined();
    expect((await errorsOf({ oldPassword: 'old', password: 'a'.repeat(20), confirmPassword: 'a'.repeat(20) })).password).toBeUndefined();
  });

  it('confirm: 6-20 characters and equal to the new password, when the new password is filled', async () => {
    expect((await errorsOf({ oldPassword: 'o', password: 'abcdef', confirmPassword: 'abc' })).confirmPassword).toBe('app.password.length');
    expect((await errorsOf({ oldPassword: 'o', password: 'abcdef', confirmPassword: 'abcdeg' })).confirmPassword).toBe('app.password.mismatch');
    expect((await errorsOf({ oldPassword: 'o', password: '', confirmPassword: 'abc' })).confirmPassword).toBeUndefined();
    expect(await errorsOf({ oldPassword: 'o', password: 'abcdef', confirmPassword: 'abcdef' })).toEqual({});
  });

  it('texts in en and zh', () => {
    expect(appEn.app.password).toMatchObject({
      old_required: 'Old password cannot be empty',
      length: 'length must be between 6 and 20 characters',
      mismatch: 'passwords do not match',
      success: 'Operation Successful',
    });
    expect(appZh.app.password.success).toBe('操作成功');
  });
});

function i18nFor(locale: 'en' | 'zh') {
  return polyglotI18nProvider(() => ({ ...englishMessages, ...(locale === 'zh' ? appZh : appEn) }), locale);
}

const dataProvider = {} as DataProvider;

function renderDialog(locale: 'en' | 'zh' = 'en') {
  const onClose = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nFor(locale)}>
      <ChangePasswordDialog open onClose={onClose} />
      <Notification />
    </AdminContext>,
  );
  return { onClose };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
function type(testId: string, value: string) {
  fireEvent.change(input(testId), { target: { value } });
  fireEvent.blur(input(testId));
}

beforeEach(() => {
  sapiMock.mockReset();
});
afterEach(cleanup);

describe('ChangePasswordDialog', () => {
  it('shows the quirk message for a 5-character new password, on blur', async () => {
    renderDialog();
    type('password-new', 'abcde');
    expect(await screen.findByText('passwords do not match')).toBeTruthy();
    expect(screen.queryByText('Old password cannot be empty')).toBeNull(); // not visited yet
  });

  it('checks the confirm password on blur: length, then match', async () => {
    renderDialog();
    type('password-new', 'abcdef');
    type('password-confirm', 'abc');
    expect(await screen.findByText('length must be between 6 and 20 characters')).toBeTruthy();
    type('password-confirm', 'abcdeg');
    expect(await screen.findByText('passwords do not match')).toBeTruthy();
    type('password-confirm', 'abcdef');
    await waitFor(() => expect(screen.queryByText('passwords do not match')).toBeNull());
    // changing the new password re-checks a visited confirm password
    type('password-new', 'abcdefg');
    expect(await screen.findByText('passwords do not match')).toBeTruthy();
  });

  it('does not send an invalid form', async () => {
    renderDialog();
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('Old password cannot be empty')).toBeTruthy();
    expect(screen.getByText('New password cannot be empty')).toBeTruthy();
    expect(screen.getByText('Confirm password cannot be empty')).toBeTruthy();
    expect(sapiMock).not.toHaveBeenCalled();
  });

  it('sends the three fields, notifies success and closes', async () => {
    sapiMock.mockResolvedValue(null);
    const { onClose } = renderDialog();
    type('password-old', 'old-secret');
    type('password-new', 'new-secret');
    type('password-confirm', 'new-secret');
    await act(async () => {
      fireEvent.click(screen.getByTestId('password-submit'));
    });
    await waitFor(() =>
      expect(sapiMock).toHaveBeenCalledWith(CHANGE_PASSWORD_PATH, {
        oldPassword: 'old-secret',
        password: 'new-secret',
        confirmPassword: 'new-secret',
      }),
    );
    expect(CHANGE_PASSWORD_PATH).toBe('/sapi/sys/user/current/edit');
    expect(await screen.findByText('Operation Successful')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server msg on failure and stays open', async () => {
    sapiMock.mockRejectedValue(new HttpError('The old password is wrong', 400, { code: 400, msg: 'The old password is wrong' }));
    const { onClose } = renderDialog();
    type('password-old', 'bad-secret');
    type('password-new', 'new-secret');
    type('password-confirm', 'new-secret');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('The old password is wrong')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('password-old')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    sapiMock.mockResolvedValue(null);
    renderDialog('zh');
    expect(screen.getByText('修改密码')).toBeTruthy();
    type('password-new', 'abc');
    expect(await screen.findByText('两次输入密码不一致')).toBeTruthy();
    type('password-old', 'old-secret');
    type('password-new', 'new-secret');
    type('password-confirm', 'new-secret');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });
});

describe('user menu item', () => {
  it('is labelled "Change password" and opens the dialog', async () => {
    const onOpen = vi.fn();
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nFor('en')}>
        <ChangePasswordUserMenuItem onOpen={onOpen} />
      </AdminContext>,
    );
    const item = screen.getByTestId('user-menu-change-password');
    expect(item.textContent).toBe('Change password');
    fireEvent.click(item);
    expect(onOpen).toHaveBeenCalled();
  });
});
