/**
 * Texts of the invoice corrections widgets (namespace `app.billing.*`; spec 1 en and zh; issue 32 step 3,
 * docs/billing.md "Invoices", "Documents"): the row buttons and the dialogs' titles and buttons. Field labels and enum texts
 * are the manifest's (`resources.invoiceLine.*`, `resources.creditNote.*`, `enums.ChargeKind.*`). Merged by
 * providers/i18nProvider.ts.
 */
const en = {
  app: {
    billing: {
      add_line: 'Add line',
      add_line_title: 'Add a line to invoice of %{month}',
      credit: 'Credit note',
      credit_title: 'Credit note of invoice %{no}',
      credit_left: 'Left to credit: %{left}',
      amount_hint: 'In the invoice currency; negative (a discount) only on an adjustment',
      manual_lines: 'Lines added by hand',
      remove_line: 'Remove',
      save: 'Save',
      cancel: 'Cancel',
      line_added: 'Line added',
      line_removed: 'Line removed',
      credited: 'Credit note %{no} made',
      run: 'Billing run',
      run_title: 'Billing run: draft the invoice of a goods owner and month',
      run_hint: 'The month\'s charges are computed again and its draft invoice made or remade; a confirmed month is not changed.',
      run_done: 'Draft invoice of %{month} made: total %{total}',
      // the invoice documents' row button (widgets.tsx invoiceDetail)
      invoiceDetail: 'Download detail (Excel)',
    },
  },
};

const zh: typeof en = {
  app: {
    billing: {
      add_line: '添加明细',
      add_line_title: '为 %{month} 的账单添加明细',
      credit: '开贷记单',
      credit_title: '账单 %{no} 的贷记单',
      credit_left: '还可贷记：%{left}',
      amount_hint: '账单币种；只有调整行可以为负数（折扣）',
      manual_lines: '手工添加的明细',
      remove_line: '删除',
      save: '保存',
      cancel: '取消',
      line_added: '明细已添加',
      line_removed: '明细已删除',
      credited: '贷记单 %{no} 已开具',
      run: '计费运行',
      run_title: '计费运行：生成货主某月的账单草稿',
      run_hint: '重新计算该月费用并生成或刷新账单草稿；已确认的月份不会改变。',
      run_done: '%{month} 的账单草稿已生成：合计 %{total}',
      invoiceDetail: '下载明细（Excel）',
    },
  },
};

export const billingMessages = { en, zh };
