// @vitest-environment jsdom
/**
 * Widgets added for the SKU screens (spec 2.10, 5, 6, 8): MultiLineInput (one value per line, blank lines
 * dropped, joined by commas), Permitted (spec 6 permission directive; admin passes), SafeImage (spec 8 and
 * issue 26: stored files at signed addresses fetched in one call, asked again once on a load failure, then a
 * blank placeholder; never the token in an address).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, ResourceContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { generatedMessages } from '../../generated/client/i18n';
import { appEn } from '../../src/client/i18n/app-en';
import { deepMerge, type MessageTree } from '../../src/client/providers/messages';
import { setToken } from '../../src/client/providers/session';
import {
  MultiLineInput,
  Permitted,
  SafeImage,
  SkuPicker,
  linesToValue,
  permits,
  valueToLines,
  widgetMessages,
} from '../../src/client/widgets';
import { resetSignedUrlsForTests } from '../../src/client/widgets/signedFileUrl';

// the console renders heavy MUI trees: allow slow machines and parallel test files more time
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = polyglotI18nProvider(
  () => deepMerge(englishMessages as unknown as MessageTree, appEn, widgetMessages.en, generatedMessages.en) as any,
  'en',
);

function stubDataProvider(): DataProvider {
  const empty = () => Promise.resolve({ data: [], total: 0 });
  return {
    getList: vi.fn(empty),
    getMany: vi.fn(() => Promise.resolve({ data: [] })),
    getManyReference: vi.fn(empty),
    getOne: vi.fn(() => Promise.resolve({ data: { id: 0 } })),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
  } as unknown as DataProvider;
}

function authWith(roles: string[]): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(roles),
  };
}

function renderIn(node: ReactNode, authProvider?: AuthProvider, dataProvider: DataProvider = stubDataProvider()) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
      <ResourceContextProvider value="sku">{node}</ResourceContextProvider>
    </AdminContext>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('widget messages', () => {
  it('keeps the same keys in en and zh', () => {
    const keys = (tree: unknown, prefix = ''): string[] =>
      typeof tree !== 'object' || tree === null ? [prefix] : Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
    expect(keys(widgetMessages.zh).sort()).toEqual(keys(widgetMessages.en).sort());
  });
});

describe('MultiLineInput', () => {
  it('converts between lines and the comma-joined value', () => {
    expect(linesToValue('  A  \n\n   \r\n B\nC ')).toBe('A,B,C');
    expect(linesToValue('')).toBe('');
    expect(valueToLines('A, B,,C')).toBe('A\nB\nC');
    expect(valueToLines(null)).toBe('');
  });

  it('joins the dialog lines by commas and drops blank lines', async () => {
    const onSubmit = vi.fn();
    renderIn(
      <Form onSubmit={onSubmit}>
        <MultiLineInput source="sku" label="SKU code" />
        <button type="submit">submit</button>
      </Form>,
    );
    fireEvent.click(screen.getByTestId('multi-line-open-sku'));
    const area = await screen.findByLabelText('One value per line');
    fireEvent.change(area, { target: { value: '  SKU-1 \n\n   \nSKU-2\r\n SKU-3  \n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect((screen.getByLabelText('SKU code') as HTMLInputElement).value).toBe('SKU-1,SKU-2,SKU-3'));
    fireEvent.click(screen.getByText('submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].sku).toBe('SKU-1,SKU-2,SKU-3');
  });

  it('shows the value one per line when the dialog opens, and Cancel keeps the value', async () => {
    renderIn(
      <Form record={{ sku: 'A,B' }}>
        <MultiLineInput source="sku" label="SKU code" />
      </Form>,
    );
    fireEvent.click(screen.getByTestId('multi-line-open-sku'));
    const area = (await screen.findByLabelText('One value per line')) as HTMLTextAreaElement;
    expect(area.value).toBe('A\nB');
    expect(area.maxLength).toBe(10000);
    fireEvent.change(area, { target: { value: 'C' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('One value per line')).toBeNull());
    expect((screen.getByLabelText('SKU code') as HTMLInputElement).value).toBe('A,B');
  });
});

describe('Permitted', () => {
  it('checks codes like the permission directive of spec 6', () => {
    expect(permits(['admin'], 'sku:add')).toBe(true);
    expect(permits(['sku:add'], ['sku:edit', 'sku:add'])).toBe(true);
    expect(permits(['sku:list'], 'sku:add')).toBe(false);
    expect(permits(undefined, 'sku:add')).toBe(false);
  });

  it('hides its children without the code', async () => {
    renderIn(
      <>
        <span>always</span>
        <Permitted codes="sku:add">
          <button>Add</button>
        </Permitted>
      </>,
      authWith(['sku', 'sku:list']),
    );
    await screen.findByText('always');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Add')).toBeNull();
  });

  it('shows its children to admin and to holders of one of the codes', async () => {
    renderIn(
      <Permitted codes="sku:add">
        <button>Add</button>
      </Permitted>,
      authWith(['admin']),
    );
    expect(await screen.findByText('Add')).toBeTruthy();
    cleanup();
    renderIn(
      <Permitted codes={['sku:edit', 'outbound:export_ec_platform_labels']}>
        <button>Labels</button>
      </Permitted>,
      authWith(['outbound:export_ec_platform_labels']),
    );
    expect(await screen.findByText('Labels')).toBeTruthy();
  });
});

describe('SafeImage', () => {
  /** A fake server: the sign call answers the paths in `readable` with a signed address; every call is kept. */
  const signCalls: string[][] = [];
  const stubSign = (readable: (path: string) => boolean, version = { n: 1 }) => {
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      const paths = (JSON.parse(String(init.body)) as { urls: string[] }).urls;
      signCalls.push(paths);
      const urls = Object.fromEntries(paths.filter(readable).map((p) => [p, `${p}?u=7&exp=9&sig=v${version.n}`]));
      return new Response(JSON.stringify({ code: 200, data: { urls, expiresAt: Date.now() + 600_000 } }), { headers: { 'content-type': 'application/json' } });
    }));
    return version;
  };
  beforeEach(() => { signCalls.length = 0; resetSignedUrlsForTests(); });
  afterEach(() => { vi.unstubAllGlobals(); });

  it('shows stored files at signed addresses fetched in one call for the whole page, never with the token', async () => {
    setToken('TOKEN');
    stubSign((p) => !p.includes('other'));
    renderIn(
      <>
        <SafeImage src="/sapi/sys/file/get/2026/01/01/a.png" alt="a" />
        <SafeImage src="/sapi/sys/file/get/2026/01/01/b.png" alt="b" />
        <SafeImage src="/sapi/sys/file/get/2026/01/01/other.png" alt="other" />
        <SafeImage src="https://cdn.example.com/c.png" alt="c" />
      </>,
    );
    // an address from elsewhere is shown as it is, at once
    expect((screen.getByAltText('c') as HTMLImageElement).getAttribute('src')).toBe('https://cdn.example.com/c.png');
    await waitFor(() => expect((screen.getByAltText('a') as HTMLImageElement).getAttribute('src')).toBe('/sapi/sys/file/get/2026/01/01/a.png?u=7&exp=9&sig=v1'));
    expect((screen.getByAltText('b') as HTMLImageElement).getAttribute('src')).toBe('/sapi/sys/file/get/2026/01/01/b.png?u=7&exp=9&sig=v1');
    // a file the user may not read: the placeholder
    expect(screen.getByLabelText('other').tagName).not.toBe('IMG');
    expect(signCalls).toEqual([['/sapi/sys/file/get/2026/01/01/a.png', '/sapi/sys/file/get/2026/01/01/b.png', '/sapi/sys/file/get/2026/01/01/other.png']]);
    for (const img of document.querySelectorAll('img')) expect(img.getAttribute('src')).not.toContain('token');
  });

  it('shows a list image as its 60x60 thumbnail, the original when there is none or it fails (spec 9; issue 27)', async () => {
    // the server signs the thumbnail of a.png, not one of webp or of old.png (made before thumbnails)
    stubSign((p) => !p.includes('old_60x60'));
    renderIn(
      <>
        <SafeImage src="/sapi/sys/file/get/2026/01/01/a.png" alt="a" thumbnail />
        <SafeImage src="/sapi/sys/file/get/2026/01/01/w.webp" alt="w" thumbnail />
        <SafeImage src="/sapi/sys/file/get/2026/01/01/old.png" alt="old" thumbnail />
      </>,
    );
    await waitFor(() => expect(screen.getByAltText('a').getAttribute('src')).toBe('/sapi/sys/file/get/2026/01/01/a_60x60.png?u=7&exp=9&sig=v1'));
    expect(screen.getByAltText('w').getAttribute('src')).toBe('/sapi/sys/file/get/2026/01/01/w.webp?u=7&exp=9&sig=v1');
    expect(screen.getByAltText('old').getAttribute('src')).toBe('/sapi/sys/file/get/2026/01/01/old.png?u=7&exp=9&sig=v1');
    // a thumbnail that fails to load gives way to the original
    fireEvent.error(screen.getByAltText('a'));
    await waitFor(() => expect(screen.getByAltText('a').getAttribute('src')).toBe('/sapi/sys/file/get/2026/01/01/a.png?u=7&exp=9&sig=v1'));
  });

  it('asks for a failed stored image once more, then shows a blank placeholder', async () => {
    const version = stubSign(() => true);
    renderIn(<SafeImage src="/sapi/sys/file/get/2026/01/01/a.png" alt="product" />);
    const img = await screen.findByAltText('product');
    expect(img.getAttribute('src')).toBe('/sapi/sys/file/get/2026/01/01/a.png?u=7&exp=9&sig=v1');
    version.n = 2;
    fireEvent.error(img);
    await waitFor(() => expect(screen.getByAltText('product').getAttribute('src')).toBe('/sapi/sys/file/get/2026/01/01/a.png?u=7&exp=9&sig=v2'));
    expect(signCalls).toHaveLength(2);
    fireEvent.error(screen.getByAltText('product'));
    expect(screen.queryByAltText('product')?.tagName).not.toBe('IMG');
    expect(screen.getByTestId('safe-image-placeholder')).toBeTruthy();
    expect(signCalls).toHaveLength(2);
  });

  it('shows the placeholder at once without a url, and starts again for a new url', () => {
    const { rerender } = render(
      <AdminContext dataProvider={stubDataProvider()} i18nProvider={i18nProvider}>
        <SafeImage src="" alt="none" />
      </AdminContext>,
    );
    expect(screen.getByTestId('safe-image-placeholder')).toBeTruthy();
    rerender(
      <AdminContext dataProvider={stubDataProvider()} i18nProvider={i18nProvider}>
        <SafeImage src="/files/b.png" alt="b" />
      </AdminContext>,
    );
    // not a stored file: the url as it is, then the placeholder
    const img = screen.getByAltText('b') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/files/b.png');
    fireEvent.error(img);
    expect(screen.getByTestId('safe-image-placeholder')).toBeTruthy();
  });
});

describe('SkuPicker', () => {
  it('opens the SKU list in select mode, preset to the owner, and keeps the picked id', async () => {
    const skus = [
      { id: 1, sku: 'SKU-1', name: 'Red cup', ownerId: 3, enable: true, supplierNames: [], ecPlatforms: [] },
      { id: 2, sku: 'SKU-2', name: 'Blue cup', ownerId: 3, enable: true, supplierNames: [], ecPlatforms: [] },
    ];
    const dataProvider = stubDataProvider();
    (dataProvider.getList as ReturnType<typeof vi.fn>).mockImplementation((resource: string) =>
      Promise.resolve(resource === 'sku' ? { data: skus, total: 2 } : { data: [], total: 0 }),
    );
    const onSubmit = vi.fn();
    const onPick = vi.fn();
    renderIn(
      <Form onSubmit={onSubmit}>
        <SkuPicker source="skuId" label="SKU" ownerId={3} onPick={onPick} />
        <button type="submit">submit</button>
      </Form>,
      authWith(['admin']),
      dataProvider,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Select SKU' }));
    expect(await screen.findByTestId('sku-picker-dialog')).toBeTruthy();
    const select = await screen.findAllByTestId('sku-row-select');
    const call = (dataProvider.getList as ReturnType<typeof vi.fn>).mock.calls.find((c) => c[0] === 'sku')!;
    expect(call[1].filter).toEqual({ ownerId: 3 });
    fireEvent.click(select[1]);
    await waitFor(() => expect(screen.queryByTestId('sku-picker-dialog')).toBeNull());
    expect((screen.getByLabelText('SKU') as HTMLInputElement).value).toBe('SKU-2 (Blue cup)');
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    fireEvent.click(screen.getByText('submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].skuId).toBe(2);
  });
});
