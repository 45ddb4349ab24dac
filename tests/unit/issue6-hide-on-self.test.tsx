// @vitest-environment jsdom
/**
 * HideOnSelf (spec 2.5: status hidden when a user edits themself; spec 6) and DateTimeField
 * (YYYY-MM-DD HH:mm in both languages, spec 1).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider, type AuthProvider, type DataProvider, type RaRecord } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { DateTimeField, HideOnSelf, formatDateTime, isSelf, toDate, widgetMessages } from '../../src/client/widgets';

function i18nFor(locale: 'en' | 'zh') {
  return polyglotI18nProvider(() => ({ ...englishMessages, ...widgetMessages[locale] }), locale, [
    { locale: 'en', name: 'English' },
    { locale: 'zh', name: '中文' },
  ]);
}

const dataProvider = {
  getList: vi.fn(() => Promise.resolve({ data: [], total: 0 })),
  getOne: vi.fn(),
  getMany: vi.fn(() => Promise.resolve({ data: [] })),
  getManyReference: vi.fn(() => Promise.resolve({ data: [], total: 0 })),
  create: vi.fn(),
  update: vi.fn(),
  updateMany: vi.fn(),
  delete: vi.fn(),
  deleteMany: vi.fn(),
} as unknown as DataProvider;

function authProviderFor(id: number | string): AuthProvider & { getIdentity: ReturnType<typeof vi.fn> } {
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getIdentity: vi.fn(() => Promise.resolve({ id, fullName: 'Ann' })),
  };
}

function renderIn(node: ReactNode, record: RaRecord | undefined, authProvider?: AuthProvider, locale: 'en' | 'zh' = 'en') {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nFor(locale)}>
      <RecordContextProvider value={record}>
        {node}
        <span>marker</span>
      </RecordContextProvider>
    </AdminContext>,
  );
}

afterEach(cleanup);

describe('HideOnSelf', () => {
  it('hides the children on the logged-in user', async () => {
    const authProvider = authProviderFor(7);
    renderIn(<HideOnSelf><span>status</span></HideOnSelf>, { id: 7, name: 'ann' }, authProvider);
    await waitFor(() => expect(authProvider.getIdentity).toHaveBeenCalled());
    await screen.findByText('marker');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('status')).toBeNull();
  });

  it('shows the children on another user', async () => {
    renderIn(<HideOnSelf><span>status</span></HideOnSelf>, { id: 8, name: 'bob' }, authProviderFor(7));
    expect(await screen.findByText('status')).toBeTruthy();
  });

  it('shows the children without a record (create form)', async () => {
    renderIn(<HideOnSelf><span>status</span></HideOnSelf>, undefined, authProviderFor(7));
    expect(await screen.findByText('status')).toBeTruthy();
  });

  it('compares ids as strings', () => {
    expect(isSelf({ id: 7 }, '7')).toBe(true);
    expect(isSelf({ id: '7' }, 7)).toBe(true);
    expect(isSelf({ id: 7 }, 8)).toBe(false);
    expect(isSelf({ id: 7 }, '')).toBe(false);
    expect(isSelf(undefined, 7)).toBe(false);
  });
});

describe('DateTimeField', () => {
  it('formats YYYY-MM-DD HH:mm in local time', () => {
    const d = new Date(2026, 10, 22, 14, 5, 33);
    expect(formatDateTime(d)).toBe('2026-11-22 14:05');
    expect(formatDateTime(d.getTime())).toBe('2026-11-22 14:05');
    expect(formatDateTime(d.toISOString())).toBe('2026-11-22 14:05');
    expect(formatDateTime('2026-01-02 03:04:05')).toBe('2026-01-02 03:04');
    expect(formatDateTime('2026-01-02')).toBe('2026-01-02 00:00');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(toDate('garbage')).toBeUndefined();
  });

  it('shows the same format in English and Chinese', async () => {
    const addDate = new Date(2026, 10, 22, 14, 5).toISOString();
    renderIn(<DateTimeField source="addDate" />, { id: 1, addDate }, undefined, 'en');
    expect(await screen.findByText('2026-11-22 14:05')).toBeTruthy();
    cleanup();
    renderIn(<DateTimeField source="addDate" />, { id: 1, addDate }, undefined, 'zh');
    const zh = await screen.findByText('2026-11-22 14:05');
    expect(zh.getAttribute('lang')).toBe('zh-CN');
  });

  it('renders nothing for an empty value', async () => {
    const { container } = renderIn(<DateTimeField source="addDate" />, { id: 1, addDate: null });
    await screen.findByText('marker');
    expect(container.textContent).toBe('marker');
  });
});
