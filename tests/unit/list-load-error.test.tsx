// @vitest-environment jsdom
/**
 * A list whose read fails shows the reason and Try again, not an empty list or a stale pager (issue 27 item 9):
 * every react-admin <List> gets ListLoadError from the theme (layout/theme.ts).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Datagrid, HttpError, List, TextField, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../src/client/layout/theme';
import { i18nProvider } from '../../src/client/providers/i18nProvider';
import { createQueryClient } from '../../src/client/providers/queryClient';
import { ListPagination } from '../../src/client/widgets';

afterEach(cleanup);

describe('a list whose read fails', () => {
  it('says why, hides the pager, and reads again on Try again', async () => {
    let fail = true;
    const getList = vi.fn(async () => {
      if (fail) throw new HttpError('Goods owners: outside your data scope', 403);
      return { data: [{ id: 1, name: 'Riyadh DC' }], total: 1 };
    });
    const dataProvider = { getList } as unknown as DataProvider;
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme} queryClient={createQueryClient()}>
        <List resource="warehouse" pagination={<ListPagination />} disableSyncWithLocation>
          <Datagrid bulkActionButtons={false}>
            <TextField source="name" />
          </Datagrid>
        </List>
      </AdminContext>,
    );
    const alert = await screen.findByTestId('list-load-error');
    expect(alert.textContent).toContain('Goods owners: outside your data scope');
    expect(getList).toHaveBeenCalledTimes(1); // a refusal is not retried
    expect(screen.queryByText(/of 1/)).toBeNull();
    fail = false;
    fireEvent.click(screen.getByTestId('list-load-retry'));
    await screen.findByText('Riyadh DC');
    await waitFor(() => expect(screen.queryByTestId('list-load-error')).toBeNull());
  });
});
