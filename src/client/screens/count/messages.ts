/**
 * Texts of the blind counting screen (namespace `app.count.*`; spec 1 en and zh; issue 30, docs/counts.md
 * "Counting"; spec 8: the server's messages are shown as they come). The page title is the manifest's
 * `screens.countExec`, the finish button the workflow's `resources.count.actions.finish`, field labels
 * `resources.countLine.fields.*` (the location, found goods: `unexpected`) and `resources.count.fields.*` (the count number), the status `enums.CountStatus.*`. Both languages
 * hold the same keys. Merged by providers/i18nProvider.ts.
 */
const en = {
  app: {
    count: {
      scan_hint: 'Scan the count sheet\'s barcode or type the count number, then press Enter',
      counting: 'Counts being counted',
      none_counting: 'No count is being counted in your warehouses',
      no_count: 'No cycle count has number %{code}',
      not_counting: 'Count %{no} is %{status}: only a count being counted takes counts',
      round: 'Recount round %{round}: only the lines open for recount are counted',
      location_hint: 'Scan the location\'s barcode or type its code, then press Enter',
      no_location: 'Location %{code} is not a location of count %{no}',
      not_open: 'Location %{code} has no line open for recount in count %{no}',
      locations: 'Locations to count',
      location_progress: '%{counted} / %{lines} lines counted',
      all_counted: 'Every location has been submitted: finish the count when you are done',
      sku_hint: 'Enter counts 1; type 3*CODE to count 3 (at most %{max}). Or type the quantity under "Counted quantity". Goods not on the list are added as found.',
      empty: 'No goods are listed here: scan what you find on the shelf',
      blank_zero: 'Lines left empty are submitted as counted 0.',
      qty_invalid: 'Line %{line}: the counted quantity must be a whole number from 0 to %{max}',
      scanned: '%{code}: +%{qty}, counted %{counted} (%{sku})',
      added: '%{code}: %{sku} found here, not on the list: counted %{counted}',
      ambiguous: 'Refused: %{code} names several SKUs (%{skus}): scan the SKU code',
      submitted: 'Location %{code}: %{lines} lines submitted. Scan the next location.',
      finished: 'Count %{no} is finished and waits for review',
      finish_title: 'Finish count %{no}?',
      finish_content: 'Lines not counted are taken as counted 0. The count then goes to the reviewer.',
      action: {
        submit: 'Submit location',
        change_location: 'Other location',
        change_count: 'Other count',
        remove: 'Remove',
      },
    },
  },
};

const zh: typeof en = {
  app: {
    count: {
      scan_hint: '扫描盘点表上的条码或输入盘点单号后按回车',
      counting: '盘点中的盘点单',
      none_counting: '您的仓库中没有盘点中的盘点单',
      no_count: '没有单号为 %{code} 的盘点单',
      not_counting: '盘点单 %{no} 当前状态为“%{status}”：只有盘点中的盘点单可以录入数量',
      round: '第 %{round} 轮重盘：只盘待重盘的明细',
      location_hint: '扫描库位条码或输入库位编码后按回车',
      no_location: '库位 %{code} 不在盘点单 %{no} 范围内',
      not_open: '库位 %{code} 在盘点单 %{no} 中没有待重盘的明细',
      locations: '待盘库位',
      location_progress: '已盘 %{counted} / %{lines} 行',
      all_counted: '所有库位均已提交：盘点结束后请完成盘点',
      sku_hint: '回车计数1件；输入 3*编码 计数3件（最多%{max}）。也可在“盘点数量”中直接输入数量。不在列表中的商品将作为盘点新增添加。',
      empty: '此处没有列出商品：请扫描货架上实际找到的商品',
      blank_zero: '未填写数量的明细按盘点数量0提交。',
      qty_invalid: '第 %{line} 行：盘点数量必须是0到%{max}之间的整数',
      scanned: '%{code}：+%{qty}，已盘 %{counted}（%{sku}）',
      added: '%{code}：%{sku} 不在列表中，作为盘点新增：已盘 %{counted}',
      ambiguous: '已拒绝：%{code} 对应多个商品（%{skus}）：请扫描商品SKU编码',
      submitted: '库位 %{code}：已提交 %{lines} 行。请扫描下一个库位。',
      finished: '盘点单 %{no} 已完成盘点，等待复核',
      finish_title: '确定完成盘点 %{no} 吗？',
      finish_content: '未盘点的明细将按盘点数量0处理，之后盘点单交由复核人审核。',
      action: {
        submit: '提交库位',
        change_location: '更换库位',
        change_count: '更换盘点单',
        remove: '移除',
      },
    },
  },
};

export const countMessages = { en, zh };
