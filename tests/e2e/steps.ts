/**
 * Browser steps of the order flows (issue 5), shared by the inbound, outbound, shipping and whole-day tests.
 * Each step drives one screen the way a user does and waits on what the screen shows (an element, a text, a
 * focus), never on a fixed sleep. Steps take the session's Console (base URL, screenshots) or its page, and
 * plain values; what a test asserts beyond a step's own checks stays in the test.
 *
 * - session and API set-up: consoleSession, apiAs, ownerIdByName, warehouseIdByName, addSku;
 * - order dialogs on /inbound/normal_list and /outbound/normal_list: chooseOption, openOrderDialog,
 *   fillOwnerAndWarehouse, pickSku, addOrderLine, fillReceiver, saveOrderDialog, createInboundOrderInDialog,
 *   createOutboundOrderInDialog;
 * - scan boxes: scanInto, inputValues;
 * - receiving (/func/normal_inbound_exec): openReceivingScreen, scanForReceiving, confirmReceiving,
 *   receiveOnScreen;
 * - shipping (/func/normal_outbound_exec): openShippingScreen, scanForShipping, shippingResultIs,
 *   allocateOnScreen, packOnScreen, shipOnScreen;
 * - inventory: inventoryRowsOf, inventoryRowOfBatch, stockOnRow, inventoryQtyInList, logDialogOfRow,
 *   logLinesOf, logLinesFor;
 * - list rows (issue 27: at most two actions inline, the rest in the row's menu): rowAction, rowActionIds,
 *   openRowMenu.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { openConsole, type Console } from './browser';

// ---------------------------------------------------------------------------------------------------------
// Session and API set-up

/** A /sapi call in one API session: resolves to the response's `data`, throws with its `msg` unless code 200. */
export type Api = (path: string, body: object) => Promise<any>;

/** The Api of the session `token` on the console's app. */
export function apiAs(c: Console, token: string): Api {
  return async (path, body) => {
    const res = await c.t.call(path, body, token);
    if (res.code !== 200) throw new Error(`${path}: ${res.msg}`);
    return res.data;
  };
}

/** What a describe's tests share: the console (app + Chromium), its page, and an admin API session. */
export interface Session {
  readonly c: Console;
  readonly page: Page;
  readonly api: Api;
}

/**
 * Registers the hooks of the calling describe: before all, opens the console, logs in to the API as admin
 * and runs `setup`; after a failed test, a screenshot `failed-<prefix>-<test name>`; after all, closes.
 * The returned session's members are there from the first test (and in `setup`) on.
 */
export function consoleSession(prefix: string, setup?: (s: Session) => Promise<void>): Session {
  let open: { c: Console; api: Api } | undefined;
  const get = () => {
    if (!open) throw new Error('the console is not open yet');
    return open;
  };
  const s: Session = {
    get c() {
      return get().c;
    },
    get page() {
      return get().c.page;
    },
    get api() {
      return get().api;
    },
  };
  beforeAll(async () => {
    const c = await openConsole();
    open = { c, api: apiAs(c, await c.t.login()) };
    await setup?.(s);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await open?.c.shot(`failed-${prefix}-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await open?.c.close();
  });
  return s;
}

/** The id of the enabled owner named `name` (a seeded one). */
export async function ownerIdByName(api: Api, name: string): Promise<number> {
  const owners = (await api('/sapi/wms/owner/page', { current: 1, size: 10, status: 1 })).records as Array<{ id: number; name: string }>;
  const owner = owners.find((o) => o.name === name);
  if (!owner) throw new Error(`no owner ${name}`);
  return owner.id;
}

/** The id of the enabled warehouse named `name` (a seeded one). */
export async function warehouseIdByName(api: Api, name: string): Promise<number> {
  const warehouses = (await api('/sapi/wms/warehouse/page', { current: 1, size: 10, status: 1 })).records as Array<{ id: number; name: string }>;
  const warehouse = warehouses.find((w) => w.name === name);
  if (!warehouse) throw new Error(`no warehouse ${name}`);
  return warehouse.id;
}

/** Makes an enabled SKU of the owner in a new category `category` (no stock); resolves to its id. */
export async function addSku(api: Api, sku: { ownerId: number; code: string; name: string; category: string; weight: number }): Promise<number> {
  const category = await api('/sapi/wms/sku-category/add', { name: sku.category });
  return (await api('/sapi/wms/sku/add', { ownerId: sku.ownerId, sku: sku.code, name: sku.name, enable: true, categoryId: category.id, weight: sku.weight })).id;
}

// ---------------------------------------------------------------------------------------------------------
// Order dialogs (/inbound/normal_list, /outbound/normal_list): their test ids start with the kind

/** The test id stem of a document dialog with lines: orders, and transfers (issue 30), whose lines are picked the same way. */
export type OrderKind = 'inbound' | 'outbound' | 'transfer';

/** One line of an order dialog: SKU code, batch, and the quantity (left empty when not given). */
export interface OrderLine {
  sku: string;
  batch: string;
  qty?: number | string;
}

/** Picks `option` in the autocomplete inside `box` after typing `typed` (its first word by default); waits until the input shows it. */
export async function chooseOption(page: Page, box: Locator, option: string, typed = option.split(' ')[0]) {
  const input = box.getByRole('combobox');
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => input.inputValue()).toBe(option);
}

/** Presses the list's add button (the list page is shown) and resolves to the new-order dialog once open. */
export async function openOrderDialog(page: Page, kind: OrderKind): Promise<Locator> {
  await page.getByTestId(`${kind}-add`).click();
  const dialog = page.getByTestId(`${kind}-edit-dialog`);
  await dialog.waitFor();
  return dialog;
}

/** Checks that no line can be added before the owner ("Select owner first", spec 8), then chooses the owner and the warehouse. */
export async function fillOwnerAndWarehouse(page: Page, dialog: Locator, kind: OrderKind, owner: string, warehouse: string) {
  await dialog.getByTestId(`${kind}-add-line`).click();
  await page.getByText('Select owner first').first().waitFor();
  await chooseOption(page, dialog.getByTestId(`${kind}-form-owner`), owner);
  await chooseOption(page, dialog.getByTestId(`${kind}-form-warehouse`), warehouse);
}

/** Picks the SKU `code` for a dialog line through the SKU picker (searched by the code). */
export async function pickSku(page: Page, line: Locator, kind: OrderKind, code: string) {
  await line.getByTestId(`${kind}-line-sku-picker`).locator('input').first().click();
  const picker = page.getByTestId('sku-picker-dialog');
  await picker.waitFor();
  await picker.locator('input[name="sku"]').fill(code);
  await picker.getByTestId('sku-search').click();
  await picker.locator('.wms-sku-table tbody tr').filter({ has: page.getByText(code, { exact: true }) }).getByTestId('sku-row-select').click();
  await picker.waitFor({ state: 'hidden' });
}

/** Adds a line to the dialog (owner and warehouse chosen): the SKU through the picker, the batch, the quantity when given; resolves to the line. */
export async function addOrderLine(page: Page, dialog: Locator, kind: OrderKind, l: OrderLine): Promise<Locator> {
  const lines = dialog.getByTestId(`${kind}-line`);
  const before = await lines.count();
  await dialog.getByTestId(`${kind}-add-line`).click();
  await expect.poll(() => lines.count()).toBe(before + 1);
  const line = lines.nth(before);
  await pickSku(page, line, kind, l.sku);
  await line.getByTestId(`${kind}-line-batch`).fill(l.batch);
  if (l.qty !== undefined) await line.getByTestId(`${kind}-line-qty`).fill(String(l.qty));
  return line;
}

/** An outbound order's receiver; `country` is the option's text, e.g. "Saudi Arabia (SA)"; a city needs its province (the city input waits for it). */
export interface Receiver {
  name: string;
  phone: string;
  country: string;
  province?: string;
  city?: string;
  address: string;
}

/** Fills the receiver of the outbound dialog: name, phone, country, province and city when given, address. */
export async function fillReceiver(page: Page, dialog: Locator, r: Receiver) {
  await dialog.getByTestId('outbound-form-receiver-name').fill(r.name);
  await dialog.getByTestId('outbound-form-receiver-phone').fill(r.phone);
  await chooseOption(page, dialog.getByTestId('outbound-form-country-code'), r.country);
  if (r.province) await chooseOption(page, dialog.getByTestId('outbound-form-province'), r.province);
  if (r.city) await chooseOption(page, dialog.getByTestId('outbound-form-city'), r.city);
  await dialog.getByTestId('outbound-form-address').fill(r.address);
}

/** Saves the dialog; waits for it to close and for "Operation successful". */
export async function saveOrderDialog(page: Page, dialog: Locator, kind: OrderKind) {
  await dialog.getByTestId(`${kind}-save`).click();
  await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
  await page.getByText('Operation successful').first().waitFor();
}

export interface InboundOrderInput {
  owner: string;
  warehouse: string;
  lines: OrderLine[];
  storeOrderNo?: string;
  waybillNo?: string;
}

/** On /inbound/normal_list (shown): creates the inbound order through the new-order dialog; `shot` names a screenshot of the filled dialog. */
export async function createInboundOrderInDialog(c: Console, order: InboundOrderInput, shot?: string) {
  const dialog = await openOrderDialog(c.page, 'inbound');
  await fillOwnerAndWarehouse(c.page, dialog, 'inbound', order.owner, order.warehouse);
  for (const l of order.lines) await addOrderLine(c.page, dialog, 'inbound', l);
  if (order.storeOrderNo) await dialog.getByTestId('inbound-form-store-order-no').fill(order.storeOrderNo);
  if (order.waybillNo) await dialog.getByTestId('inbound-form-waybill-no').fill(order.waybillNo);
  if (shot) await c.shot(shot);
  await saveOrderDialog(c.page, dialog, 'inbound');
}

export interface OutboundOrderInput {
  owner: string;
  warehouse: string;
  receiver: Receiver;
  platformOrderNo?: string;
  lines: OrderLine[];
}

/** On /outbound/normal_list (shown): creates the outbound order through the new-order dialog; `shot` names a screenshot of the filled dialog. */
export async function createOutboundOrderInDialog(c: Console, order: OutboundOrderInput, shot?: string) {
  const dialog = await openOrderDialog(c.page, 'outbound');
  await fillOwnerAndWarehouse(c.page, dialog, 'outbound', order.owner, order.warehouse);
  if (order.platformOrderNo) await dialog.getByTestId('outbound-form-platform-order-no').fill(order.platformOrderNo);
  await fillReceiver(c.page, dialog, order.receiver);
  for (const l of order.lines) await addOrderLine(c.page, dialog, 'outbound', l);
  if (shot) await c.shot(shot);
  await saveOrderDialog(c.page, dialog, 'outbound');
}

// ---------------------------------------------------------------------------------------------------------
// Scan boxes

/** Types `value` into the scan box `testId` once it has the focus (the screens focus it themselves) and presses Enter. */
export async function scanInto(page: Page, testId: string, value: string) {
  const box = page.getByTestId(testId);
  await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
  await box.fill(value);
  await box.press('Enter');
}

/** The values of the inputs matched by `inputs`, in order. */
export async function inputValues(inputs: Locator): Promise<string[]> {
  return inputs.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
}

// ---------------------------------------------------------------------------------------------------------
// Receiving: /func/normal_inbound_exec

/** Opens the receiving screen and waits for its scan box. */
export async function openReceivingScreen(c: Console) {
  await c.page.goto(`${c.base}/func/normal_inbound_exec`);
  await c.page.getByTestId('inbound-scan').waitFor();
}

/** Scans `no` (an order or a package number) on the receiving screen; resolves to the card once it shows the order `orderNo`. */
export async function scanForReceiving(page: Page, no: string, orderNo = no): Promise<Locator> {
  await scanInto(page, 'inbound-scan', no);
  const card = page.getByTestId('inbound-exec-order');
  await card.waitFor();
  await expect(card.getByTestId('inbound-header-no').textContent()).resolves.toBe(orderNo);
  return card;
}

/** Confirms the receipt in `card`; waits for "<orderNo> is now <status>", then expects the card gone and the scan box empty. */
export async function confirmReceiving(page: Page, card: Locator, orderNo: string, status: string) {
  await card.getByTestId('inbound-receive-confirm').click();
  const result = page.getByTestId('inbound-receive-result');
  await result.waitFor({ timeout: 15_000 });
  await expect(result.textContent()).resolves.toContain(`${orderNo} is now ${status}`);
  await expect(card.count()).resolves.toBe(0);
  await expect(page.getByTestId('inbound-scan').inputValue()).resolves.toBe('');
}

/**
 * Receives the order on the receiving screen (shown): scans it, expects the prefilled line quantities
 * `shown` when given, types `set` when given, confirms and expects `status`. With `shot`, screenshots
 * `<shot>-scanned` before confirming and `<shot>` after.
 */
export async function receiveOnScreen(c: Console, orderNo: string, o: { shown?: string[]; set?: string[]; status: string; shot?: string }) {
  const card = await scanForReceiving(c.page, orderNo);
  const qty = card.getByTestId('inbound-exec-qty');
  if (o.shown) await expect.poll(() => inputValues(qty)).toEqual(o.shown);
  if (o.set) for (let i = 0; i < o.set.length; i++) await qty.nth(i).fill(o.set[i]);
  if (o.shot) await c.shot(`${o.shot}-scanned`);
  await confirmReceiving(c.page, card, orderNo, o.status);
  if (o.shot) await c.shot(o.shot);
}

// ---------------------------------------------------------------------------------------------------------
// Shipping: /func/normal_outbound_exec

/** Opens the shipping screen and waits for its scan box. */
export async function openShippingScreen(c: Console) {
  await c.page.goto(`${c.base}/func/normal_outbound_exec`);
  await c.page.getByTestId('shipping-scan').waitFor();
}

/** Scans the order `orderNo` on the shipping screen; resolves to its card once shown, with the status `status` when given. */
export async function scanForShipping(page: Page, orderNo: string, status?: string): Promise<Locator> {
  await scanInto(page, 'shipping-scan', orderNo);
  const card = page.getByTestId('shipping-order');
  await card.waitFor();
  await expect(card.getByTestId('shipping-order-no').textContent()).resolves.toBe(orderNo);
  if (status) await expect(card.getByTestId('shipping-status').textContent()).resolves.toBe(status);
  return card;
}

/** Waits until the result line of the shipping screen reads `text`. */
export async function shippingResultIs(page: Page, text: string) {
  await expect.poll(() => page.getByTestId('shipping-result').textContent(), { timeout: 15_000 }).toBe(text);
}

/** Presses Allocate on the scanned order: "Order <no> is now Allocated". */
export async function allocateOnScreen(page: Page, orderNo: string) {
  await page.getByTestId('shipping-allocate').click();
  await shippingResultIs(page, `Order ${orderNo} is now Allocated`);
}

/**
 * Packs the scanned order through the pack dialog, typing the values given (with no package yet the server
 * makes one of everything): "Order <no> is now Packed", and a waybill given is shown as the order's.
 * `shot` names a screenshot of the filled dialog.
 */
export async function packOnScreen(c: Console, orderNo: string, values: { waybillNo?: string; carrier?: string; weight?: string } = {}, shot?: string) {
  await c.page.getByTestId('shipping-pack').click();
  const dialog = c.page.getByTestId('shipping-pack-dialog');
  await dialog.waitFor();
  for (const [field, value] of Object.entries(values)) if (value !== undefined) await dialog.getByTestId(`shipping-pack-${field}`).fill(value);
  if (shot) await c.shot(shot);
  await dialog.getByTestId('shipping-pack-confirm').click();
  await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
  await shippingResultIs(c.page, `Order ${orderNo} is now Packed`);
  if (values.waybillNo) await expect(c.page.getByTestId('shipping-order-waybill-no').textContent()).resolves.toBe(values.waybillNo);
}

/** Ships the scanned order after the confirmation; then the card is gone and the scan box empty and focused for the next order. */
export async function shipOnScreen(page: Page, orderNo: string) {
  await page.getByTestId('shipping-ship').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await shippingResultIs(page, `Shipped: order ${orderNo}. Scan the next order.`);
  await expect(page.getByTestId('shipping-order').count()).resolves.toBe(0);
  const scan = page.getByTestId('shipping-scan');
  await expect(scan.inputValue()).resolves.toBe('');
  await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true);
}

// ---------------------------------------------------------------------------------------------------------
// Inventory: /sku/inventory_list, its log dialog, /sku/inventory_log_list

/** Opens /sku/inventory_list filtered by the SKU code; resolves to the rows once there are `count` of them. */
export async function inventoryRowsOf(c: Console, skuCode: string, count = 1): Promise<Locator> {
  await c.page.goto(`${c.base}/sku/inventory_list`);
  await c.page.getByTestId('inventory-filters').waitFor();
  const text = c.page.getByTestId('inventory-filter-sku').locator('input');
  await text.fill(skuCode);
  await text.press('Enter');
  const rows = c.page.getByTestId('inventory-row');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(count);
  return rows;
}

/** The row of the batch among inventory rows. */
export function inventoryRowOfBatch(rows: Locator, batch: string): Locator {
  return rows.filter({ has: rows.page().locator('td.column-batchNo', { hasText: batch }) });
}

/** [quantity, locked quantity] as an inventory row shows them. */
export async function stockOnRow(row: Locator): Promise<[string, string]> {
  return [(await row.locator('td.column-qty').textContent()) ?? '', (await row.locator('td.column-lockQty').textContent()) ?? ''];
}

/** The inventory list filtered by the SKU (with `count` rows): [quantity, locked] shown for the batch; `shot` names a screenshot of the list. */
export async function inventoryQtyInList(c: Console, skuCode: string, batch: string, o: { count?: number; shot?: string } = {}): Promise<[string, string]> {
  const row = inventoryRowOfBatch(await inventoryRowsOf(c, skuCode, o.count), batch);
  await row.waitFor();
  if (o.shot) await c.shot(o.shot);
  return stockOnRow(row);
}

/** Opens the change log (dialog) of an inventory row; resolves to its lines once there are `count` of them. */
export async function logDialogOfRow(row: Locator, count: number): Promise<Locator> {
  await row.getByTestId('inventory-row-log').click();
  const dialog = row.page().getByTestId('inventory-log-dialog');
  await dialog.waitFor();
  const lines = dialog.getByTestId('inventory-log-row');
  await expect.poll(() => lines.count(), { timeout: 10_000 }).toBe(count);
  return lines;
}

/** Opens /sku/inventory_log_list searched by the document number; resolves to the lines once there are `count` of them, all naming it. */
export async function logLinesOf(c: Console, bizNo: string, count: number): Promise<Locator> {
  await c.page.goto(`${c.base}/sku/inventory_log_list`);
  await c.page.getByTestId('inventory-log-filters').waitFor();
  await c.page.getByTestId('inventory-log-filter-biz-no').locator('input').fill(bizNo);
  await c.page.getByTestId('inventory-log-search').click();
  const lines = c.page.getByTestId('inventory-log-row');
  // all shown lines name the number: the search has been applied
  const named = lines.filter({ has: c.page.getByText(bizNo, { exact: true }) });
  await expect.poll(async () => [await lines.count(), await named.count()], { timeout: 10_000 }).toEqual([count, count]);
  return lines;
}

/** The log lines among `lines` that name the document type (e.g. "Outbound order") and, when given, the document number. */
export function logLinesFor(lines: Locator, type: string, no?: string): Locator {
  const page = lines.page();
  const ofType = lines.filter({ has: page.getByText(type, { exact: true }) });
  return no === undefined ? ofType : ofType.filter({ has: page.getByText(no, { exact: true }) });
}

// ---------------------------------------------------------------------------------------------------------
// List rows

/**
 * Clicks the action `testId` of `row` (e.g. `inbound-row-cancel`): its inline button, else the item of the menu
 * the row's "more" button opens (issue 27: at most two actions inline).
 */
export async function rowAction(row: Locator, testId: string) {
  await row.locator('[class*="-row-actions"]').first().waitFor();
  const inline = row.getByTestId(testId);
  if (await inline.count()) return inline.click();
  await row.locator('[data-testid$="-row-more"]').click();
  await openRowMenu(row.page()).getByTestId(testId).click();
}

/**
 * Presses the row's print action `testId` with local printing off (the PDF opens in a new tab) and resolves to the
 * PDF's bytes; the tab is closed again. `kind`: the print kind in the tab's address (/sapi/sys/print/file/<kind>/<id>).
 */
export async function printedPdf(row: Locator, testId: string, kind: string): Promise<Buffer> {
  const page = row.page();
  const opened = page.context().waitForEvent('page');
  await rowAction(row, testId);
  const tab = await opened;
  await tab.waitForURL(new RegExp(`/sapi/sys/print/file/${kind}/\\d+\\?`));
  const res = await tab.request.get(tab.url());
  expect(res.headers()['content-type']).toBe('application/pdf');
  const pdf = Buffer.from(await res.body());
  await tab.close();
  return pdf;
}

/** The row menu on screen (MUI's; the sidebar is a role=menu too; closed row menus stay mounted, hidden). */
export const openRowMenu = (page: Page): Locator => page.locator('.MuiMenu-list:visible');

/** The actions of `row`: `inline` its buttons (without the menu's), `menu` the items of its menu (opened and closed again). */
export async function rowActionIds(row: Locator): Promise<{ inline: string[]; menu: string[] }> {
  const cell = row.locator('[class*="-row-actions"]').first();
  await cell.waitFor();
  const ids = (l: Locator) => l.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  const buttons = await ids(cell.locator(':scope > button, :scope > span > button'));
  const inline = buttons.filter((id) => id && !id.endsWith('-row-more'));
  if (!buttons.some((id) => id.endsWith('-row-more'))) return { inline, menu: [] };
  await cell.locator('[data-testid$="-row-more"]').click();
  const menu = openRowMenu(row.page());
  await menu.waitFor();
  const items = await ids(menu.getByRole('menuitem'));
  await row.page().keyboard.press('Escape');
  await expect.poll(() => menu.count()).toBe(0);
  return { inline, menu: items };
}
