/**
 * The console's print flow (spec 2.4, 4, 7.2 "Local print", 8; issue 16; docs/print.md):
 *
 * 1. `POST /sapi/sys/print/url {document, id}` mints a signed address of the document's PDF (valid 5 minutes,
 *    checked for code and scope on the server);
 * 2. with local print on (top bar toggle, `wms.localPrint`), a GET to the local print plugin
 *    `<plugin address>/print?url=<absolute PDF address>[&printer=]` (address: `wms.printPluginAddress`, default
 *    http://127.0.0.1:17521); any failure (plugin not running, refused, printer error) is a
 *    {@link PrintFailure} whose message is the spec 8 text 打印失败，请检查是否启用了本地打印插件;
 * 3. with it off, the PDF opens in a new browser tab, whose PDF viewer prints.
 *
 * `openOrPrint(url)` does 2/3 for any PDF address the console already holds (spec 4: an export may end in print).
 */
import { appText } from './locale';
import { sapi } from './http';
import { localPrint, preference } from './preferences';

export const PRINT_DOCUMENTS = ['pickList', 'packingList', 'inboundReceipt', 'outboundPackageLabel', 'inboundPackageLabel', 'countSheet', 'invoice'] as const;
export type PrintDocument = (typeof PRINT_DOCUMENTS)[number];

export const DEFAULT_PLUGIN_ADDRESS = 'http://127.0.0.1:17521';
/** How long the console waits for the plugin (download + hand-over to the printer), ms. */
export const PLUGIN_TIMEOUT_MS = 30_000;

/** The plugin's address: an http(s) origin; anything else stored reads as the default. */
export const printPluginAddress = preference<string>('wms.printPluginAddress', DEFAULT_PLUGIN_ADDRESS, (raw) => {
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
});

/** A local print that did not happen; `message` is the spec 8 text, `detail` what the plugin or network said. */
export class PrintFailure extends Error {
  constructor(readonly detail: string) {
    super(appText('app.print.failed'));
    this.name = 'PrintFailure';
  }
}

/** The signed address of a document's PDF (relative to the console). */
export async function documentUrl(document: PrintDocument, id: number): Promise<string> {
  const data = await sapi<{ url: string; expiresAt: number }>('/sapi/sys/print/url', { document, id });
  return data.url;
}

/** Sends an absolute PDF address to the local print plugin; throws PrintFailure unless it printed. */
export async function printThroughPlugin(absoluteUrl: string, opts: { printer?: string; fetchImpl?: typeof fetch } = {}): Promise<void> {
  const q = new URLSearchParams({ url: absoluteUrl });
  if (opts.printer) q.set('printer', opts.printer);
  let res: Response;
  try {
    res = await (opts.fetchImpl ?? fetch)(`${printPluginAddress.get()}/print?${q}`, { method: 'GET', mode: 'cors', cache: 'no-store', signal: AbortSignal.timeout(PLUGIN_TIMEOUT_MS) });
  } catch (e) {
    throw new PrintFailure(e instanceof Error ? e.message : String(e));
  }
  let body: { ok?: boolean; error?: string } | undefined;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (!res.ok || !body?.ok) throw new PrintFailure(body?.error ?? `HTTP ${res.status}`);
}

/**
 * Prints the PDF at `url` (a console path or absolute address): through the plugin when local print is on,
 * else opens it in a new tab. Throws PrintFailure (plugin) or the call's error.
 */
export async function openOrPrint(url: string, opts: { printer?: string; open?: (url: string) => void } = {}): Promise<'plugin' | 'browser'> {
  const absolute = new URL(url, window.location.origin).href;
  if (localPrint.get()) {
    await printThroughPlugin(absolute, opts);
    return 'plugin';
  }
  (opts.open ?? ((u: string) => window.open(u, '_blank', 'noopener')))(absolute);
  return 'browser';
}

/** Mints the document's address, then openOrPrint. */
export async function printDocument(document: PrintDocument, id: number, opts: { printer?: string; open?: (url: string) => void } = {}): Promise<'plugin' | 'browser'> {
  // A new tab opened after an await may be taken for a pop-up: open it at once and point it at the PDF later.
  const tab = !localPrint.get() && !opts.open ? window.open('', '_blank') : null;
  try {
    const url = await documentUrl(document, id);
    return await openOrPrint(url, { ...opts, open: opts.open ?? (tab ? (u) => { tab.location.href = u; } : undefined) });
  } catch (e) {
    tab?.close();
    throw e;
  }
}
