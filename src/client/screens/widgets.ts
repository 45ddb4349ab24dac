/**
 * Which hand-written widget modules (the registrations of src/client/kit/screen/registry.ts) each manifest
 * screen needs: `SCREEN_WIDGETS[resource]` names modules `src/client/screens/<name>/widgets.tsx`. The generator
 * reads this table (codegen/emit-screens.ts) and each screen's views module (generated/client/views/<resource>.tsx)
 * imports the modules of its screen and of its children's screens, so a list loads its own widgets and not
 * every screen's dialogs (issue 14 "First load"), and they are registered before it renders.
 *
 * Every widget name a screen's `screen:` in resources.yaml uses must be registered by one of its modules
 * (tests/unit/screen-widgets.test.ts checks it for every screen of the manifest, and that every screen is listed).
 * Plain data: no imports, so the generator can read it.
 */
export const SCREEN_WIDGETS: Record<string, string[]> = {
  sku: ['sku'],
  supplierSku: [],
  ecPlatformSku: ['sku'],
  // skuPlatforms (the platforms cell) is registered with the SKU list's widgets
  inventory: ['inventory', 'sku'],
  inventoryLog: ['inventory'],
  inventoryJudgement: ['judgement'],
  inboundOrder: ['orders', 'print'],
  outboundOrder: ['orders', 'print', 'waybill'],
  inboundPackage: ['packages', 'orders', 'print'],
  outboundPackage: ['packages', 'orders', 'print'],
  inventoryShare: ['share'],
  job: ['jobs'],
  jobLog: [],
  requestRecord: ['records'],
  exceptionHttpLog: ['records'],
  // the plain resources (screens derived from their fields by the manifest loader)
  company: [],
  warehouse: ['widgets/rowWidgets'],
  owner: ['widgets/rowWidgets'],
  carrierConfig: [],
  waybill: [],
  skuCategory: [],
  country: [],
  province: [],
  city: [],
  role: [],
  permission: [],
  user: ['widgets/rowWidgets'],
  dbConnection: ['widgets/rowWidgets'],
  // storage locations (issue 29)
  warehouseZone: [],
  location: ['widgets/rowWidgets', 'widgets/fileActions'],
  locationInventory: [],
  move: [],
  pickDiscrepancy: [],
  // cycle counts (issue 30): the count sheet PDF, the button opening the blind counting screen
  count: ['print', 'count'],
  // expiry (issue 30)
  batch: [],
  expiryAlert: [],
  // the owner API (issue 31): the key is shown once by the dialog's `reveal`
  apiKey: [],
  // transfers between warehouses (issue 30)
  transfer: [],
  // webhooks of the owner API (issue 31)
  webhook: [],
  webhookDelivery: [],
  webhookAttempt: [],
  // 3PL billing (issue 32)
  rateCard: [],
  charge: [],
  // invoiceRun: the billing run on demand; invoiceCorrect: a line by hand on a draft, a credit note of a confirmed
  // invoice; the invoice PDF (print) and the Excel detail (billing/widgets.tsx invoiceDetail)
  invoice: ['print', 'billing'],
  creditNote: [],
};
