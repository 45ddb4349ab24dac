/**
 * Texts of the inventory screens' hand-written parts (spec 1: the console speaks en and zh; spec 2.6, 2.7,
 * 2.8, 2.10): the change-log and Export buttons and the dialogs' titles. Column, filter and list labels are
 * the manifest's (`resources.inventory|inventoryLog.*`).
 *
 * Namespace `app.inventory.*`, merged by providers/i18nProvider.ts next to the widget messages. en and zh
 * hold the same keys and the same %{placeholders}; the zh texts use no polyglot plural forms.
 */
export const inventoryMessages = {
  en: {
    app: {
      inventory: {
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
