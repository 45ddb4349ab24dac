/**
 * Texts of the inventory screens (spec 1: the console speaks en and zh; spec 2.6, 2.7, 2.8, 2.9, 2.10).
 *
 * Namespace `app.inventory.*`, merged by providers/i18nProvider.ts next to the widget messages. en and zh
 * hold the same keys and the same %{placeholders}; the zh texts use no polyglot plural forms.
 */
export const inventoryMessages = {
  en: {
    app: {
      inventory: {
        title: {
          log_list: 'Inventory log',
        },
        filter: {
          biz_no: 'Document number',
          biz_type: 'Document type',
          add_date_start: 'Created from',
          add_date_end: 'Created to',
          search: 'Search',
          reset: 'Reset',
        },
        column: {
          row_number: 'No.',
          warehouse: 'Warehouse',
          owner: 'Goods owner',
          sku: 'SKU',
          qty_change: 'Quantity change',
          lock_qty_change: 'Locked quantity change',
          biz_type: 'Document type',
          biz_no: 'Document number',
          remark: 'Remark',
          store_info: 'Store info',
          add_date: 'Created',
        },
        action: {
          log: 'Change log',
          export: 'Export',
        },
        dialog: {
          log: 'Change log of %{sku}',
          sku: 'Inventory of %{sku}',
          picker: 'Select inventory',
        },
      },
    },
  },
  zh: {
    app: {
      inventory: {
        title: {
          log_list: '库存流水',
        },
        filter: {
          biz_no: '单据号',
          biz_type: '单据类型',
          add_date_start: '创建日期从',
          add_date_end: '创建日期至',
          search: '搜索',
          reset: '重置',
        },
        column: {
          row_number: '序号',
          warehouse: '仓库',
          owner: '货主',
          sku: 'SKU',
          qty_change: '数量变化',
          lock_qty_change: '冻结数量变化',
          biz_type: '单据类型',
          biz_no: '单据号',
          remark: '备注',
          store_info: '店铺信息',
          add_date: '创建时间',
        },
        action: {
          log: '变更记录',
          export: '导出',
        },
        dialog: {
          log: '%{sku} 的库存变更记录',
          sku: '%{sku} 的库存',
          picker: '选择库存',
        },
      },
    },
  },
};

export type InventoryMessages = typeof inventoryMessages.en;
