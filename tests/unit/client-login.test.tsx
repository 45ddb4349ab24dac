// @vitest-environment jsdom
/**
 * Login screen in a DOM (spec 2.2, 5, 8): captcha image, the three validation messages in both
 * languages, a successful login that goes to the `redirect` query, a failed login that shows the server
 * msg and refreshes the captcha, and /login with a token going to '/'.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, testDataProvider } from 'react-admin';
import { LoginPage } from '../../src/client/screens/LoginPage';
import { createAuthProvider } from '../../src/client/providers/createAuthProvider';
import { i18nProvider } from '../../src/client/providers/i18nProvider';
import { getToken, setToken } from '../../src/client/providers/session';

interface Call {
  url: string;
  body: string;
}

function mockServer(loginAnswer: () => { code: number; msg?: string; data: unknown }) {
  const calls: Call[] = [];
  let captchas = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      let envelope: unknown = { code: 200, data: null };
      if (url === '/sapi/captcha/get') {
        captchas += 1;
        envelope = { code: 200, data: { captchaId: `cap-${captchas}`, image: `data:image/svg+xml;base64,${captchas}` } };
      } else if (url === '/sapi/sys/user/login') envelope = loginAnswer();
      else if (url === '/sapi/sys/user/current/detail') envelope = { code: 200, data: { id: 1, name: 'Ann', roles: ['admin'] } };
      return new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={createAuthProvider({})} i18nProvider={i18nProvider} dataProvider={testDataProvider()}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<div>HOME PAGE</div>} />
          <Route path="/warehouse/list" element={<div>WAREHOUSE PAGE</div>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('LoginPage', () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18nProvider.changeLocale('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('loads the captcha and refreshes it on click', async () => {
    const calls = mockServer(() => ({ code: 200, data: { token: 'T' } }));
    renderAt('/login');
    await waitFor(() =>
      expect(screen.getByTestId('login-captcha-image').getAttribute('src')).toBe('data:image/svg+xml;base64,1'),
    );
    expect(JSON.parse(calls[0].body)).toMatchObject({ type: 1 });
    fireEvent.click(screen.getByTestId('login-captcha-image'));
    await waitFor(() =>
      expect(screen.getByTestId('login-captcha-image').getAttribute('src')).toBe('data:image/svg+xml;base64,2'),
    );
  });

  it('shows the spec 5 messages in English and Chinese', async () => {
    mockServer(() => ({ code: 200, data: { token: 'T' } }));
    renderAt('/login');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Username cannot be empty')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty')).toBeTruthy();
    expect(screen.getByText('Verification code cannot be empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Password length cannot be less than 6')).toBeTruthy();
    cleanup();

    await i18nProvider.changeLocale('zh');
    renderAt('/login');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
    expect(screen.getByText('验证码不能为空')).toBeTruthy();
  });

  it('logs in with the captcha id and goes to the redirect query', async () => {
    const calls = mockServer(() => ({ code: 200, data: { token: 'TOKEN-1' } }));
    renderAt('/login?redirect=%2Fwarehouse%2Flist');
    await waitFor(() => expect(screen.getByTestId('login-captcha-image').getAttribute('src')).toContain('base64,1'));
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByTestId('login-captcha'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('WAREHOUSE PAGE')).toBeTruthy();
    const login = calls.find(c => c.url === '/sapi/sys/user/login')!;
    expect(Object.fromEntries(new URLSearchParams(login.body))).toEqual({
      username: 'admin',
      password: 'secret1',
      captcha: 'ab12',
      captchaId: 'cap-1',
    });
    expect(getToken()).toBe('TOKEN-1');
  });

  it('a failed login shows the server msg and refreshes the captcha', async () => {
    const calls = mockServer(() => ({ code: 400, msg: 'Wrong verification code', data: null }));
    renderAt('/login');
    await waitFor(() => expect(screen.getByTestId('login-captcha-image').getAttribute('src')).toContain('base64,1'));
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByTestId('login-captcha'), { target: { value: 'zzzz' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(calls.filter(c => c.url === '/sapi/captcha/get')).toHaveLength(2));
    await waitFor(() => expect((screen.getByTestId('login-captcha') as HTMLInputElement).value).toBe(''));
    expect(getToken()).toBeNull();
  });

  it('/login with a token goes to /', async () => {
    mockServer(() => ({ code: 200, data: { token: 'T' } }));
    setToken('existing');
    renderAt('/login');
    expect(await screen.findByText('HOME PAGE')).toBeTruthy();
  });
});
