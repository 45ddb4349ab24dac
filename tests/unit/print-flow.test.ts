/**
 * The console's print flow (src/client/providers/print.ts; issue 16, spec 8): with local print on, the PDF's
 * absolute address goes to the plugin's /print; a plugin that does not answer, refuses, or reports a failure
 * is the spec 8 message in the console's language; with local print off the PDF opens in a tab instead.
 * jsdom supplies window and localStorage; fetch is a stand-in per test.
 * @vitest-environment jsdom
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentLocale } from '../../src/client/providers/locale';
import { localPrint } from '../../src/client/providers/preferences';
import { DEFAULT_PLUGIN_ADDRESS, openOrPrint, PrintFailure, printPluginAddress, printThroughPlugin } from '../../src/client/providers/print';

const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  localStorage.clear();
  setCurrentLocale('en');
});

describe('print flow', () => {
  it('sends the absolute document address (and printer) to the configured plugin', async () => {
    printPluginAddress.set('http://127.0.0.1:18001');
    const fetchImpl = vi.fn(() => answer(200, { ok: true }));
    await printThroughPlugin('http://console.example/sapi/sys/print/file/pickList/1?sig=a&exp=2', { printer: 'Zebra 1', fetchImpl });
    const url = new URL((fetchImpl.mock.calls[0] as unknown as [string])[0]);
    expect(url.origin).toBe('http://127.0.0.1:18001');
    expect(url.pathname).toBe('/print');
    expect(url.searchParams.get('url')).toBe('http://console.example/sapi/sys/print/file/pickList/1?sig=a&exp=2');
    expect(url.searchParams.get('printer')).toBe('Zebra 1');
  });

  it('a plugin not running, refusing, or failing to print is the spec 8 message, in both languages', async () => {
    const cases = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => answer(403, { ok: false, error: 'only http://x may use the print plugin' }),
      () => answer(502, { ok: false, error: 'printing failed: lp: not found' }),
      () => answer(200, { ok: false }),
      () => Promise.resolve(new Response('<html>', { status: 200 })),
    ];
    for (const impl of cases) {
      const e = await printThroughPlugin('http://console.example/x.pdf', { fetchImpl: vi.fn(impl) }).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(PrintFailure);
      expect((e as Error).message).toBe('Printing failed: check that the local print plugin is enabled');
    }
    setCurrentLocale('zh');
    const zh = await printThroughPlugin('http://console.example/x.pdf', { fetchImpl: vi.fn(cases[0]) }).catch((err: unknown) => err);
    expect((zh as PrintFailure).message).toBe('打印失败，请检查是否启用了本地打印插件');
    expect((zh as PrintFailure).detail).toBe('Failed to fetch');
  });

  it('with local print off opens the PDF in the browser; on, goes to the plugin', async () => {
    const open = vi.fn();
    expect(await openOrPrint('/sapi/sys/print/file/pickList/1?sig=a', { open })).toBe('browser');
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/sapi/sys/print/file/pickList/1?sig=a`);
    localPrint.set(true);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, { ok: true }));
    try {
      expect(await openOrPrint('/doc.pdf', { open })).toBe('plugin');
      expect(String(fetchSpy.mock.calls[0][0])).toContain(`${DEFAULT_PLUGIN_ADDRESS}/print?url=${encodeURIComponent(`${window.location.origin}/doc.pdf`)}`);
      expect(open).toHaveBeenCalledTimes(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('a stored plugin address that is not http(s) reads as the default', () => {
    localStorage.setItem('wms.printPluginAddress', 'javascript:alert(1)');
    expect(printPluginAddress.get()).toBe(DEFAULT_PLUGIN_ADDRESS);
    localStorage.setItem('wms.printPluginAddress', 'http://localhost:9000/some/path');
    expect(printPluginAddress.get()).toBe('http://localhost:9000');
  });
});
