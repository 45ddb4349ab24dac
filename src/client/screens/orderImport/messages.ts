/**
 * Texts of the order import button and dialog (namespace `app.orderImport.*`; spec 1 zh and en, spec 5
 * "uploaded document required (please upload)"). Merged by providers/i18nProvider.ts; both languages hold the
 * same keys. Job messages and per-row errors come from the server in the caller's language. Progress, error
 * table and status texts are the SKU import's (`app.sku.import.*`, shared ImportJobReport).
 */
const en = {
  app: {
    orderImport: {
      button: 'Import',
      title: {
        inbound: 'Import inbound orders',
        outbound: 'Import outbound orders',
      },
      type: 'Order type: %{type}',
      download_template: 'Download template',
      hint: {
        inbound: 'One row per order line; adjacent rows with the same store order number form one order. An order with an error is not imported at all, the other orders are. Up to 100MB.',
        outbound: 'One row per order line; adjacent rows with the same platform order number form one order. Amounts in currency units. An order with an error is not imported at all, the other orders are. Up to 100MB.',
      },
      file: 'Excel file',
      please_upload: 'Please upload',
      confirm: 'Import',
      cancel: 'Close',
      done: 'Import finished',
      failed: 'Import failed',
    },
  },
};

const zh: typeof en = {
  app: {
    orderImport: {
      button: '导入',
      title: {
        inbound: '导入入库单',
        outbound: '导入出库单',
      },
      type: '订单类型：%{type}',
      download_template: '下载模板',
      hint: {
        inbound: '每行一条明细；店铺订单号相同的相邻行为同一订单。有错误的订单整单不导入，其他订单照常导入。文件不超过100MB。',
        outbound: '每行一条明细；平台订单号相同的相邻行为同一订单。金额按货币单位填写。有错误的订单整单不导入，其他订单照常导入。文件不超过100MB。',
      },
      file: 'Excel文件',
      please_upload: '请上传',
      confirm: '导入',
      cancel: '关闭',
      done: '导入完成',
      failed: '导入失败',
    },
  },
};

export const orderImportMessages = { en, zh };
