/**
 * Texts of the scanning screens (namespace `app.floor.*`; spec 1 en and zh; issue 29). Titles are the manifest's
 * `screens.putawayExec|pickExec|moveExec`, field labels the manifest's (`resources.moveLine.fields.*`,
 * `resources.outboundAllocation.fields.*`, ...); the server's messages are shown as they come (spec 8). Both
 * languages hold the same keys. Merged by providers/i18nProvider.ts.
 */
const en = {
  app: {
    floor: {
      choose_warehouse: 'Choose a warehouse first',
      enter_hint: 'Scan or type, then press Enter',
      scan_sku: 'SKU code or barcode',
      qty_rule: 'Enter a whole number from 1 to %{max}',
      qty_short_rule: 'Enter a whole number from 0 to %{max}',
      clear: 'Clear',
      putaway: {
        pending: 'Goods waiting on the receiving location',
        none: 'Nothing waits for putaway in this warehouse',
        no_match: 'No goods with code %{code} wait for putaway here',
        available: 'To put away',
        suggested: 'Suggested location',
        no_suggestion: 'No location fits: scan any storage location',
        target_hint: 'Scan the target location to confirm (another location may be scanned)',
        done: 'Put away %{qty} × %{sku} on %{code} (%{no})',
      },
      pick: {
        open_orders: 'Orders to pick',
        tasks: 'Pick tasks in walk order',
        go_to: 'Go to %{location}: take %{qty} × %{sku}',
        wrong_location: '%{scanned} is not the location of this line: take it from %{expected}',
        wrong_sku: '%{code} is not SKU %{sku}',
        short_title: 'Short pick: %{found} of %{qty} found at %{location}. The rest is released there and reserved elsewhere where stock allows.',
        short_confirm: 'Confirm short pick',
        back: 'Back',
        picked: 'Picked %{qty} × %{sku} at %{location}',
        short_done: 'Short pick recorded at %{location}: %{found} of %{expected} found',
        offered: 'Reserved again at: %{places}',
        unreserved: '%{count} units were found nowhere. Reserve them again once stock has arrived, or cancel the order.',
        reallocate: 'Reserve on another location',
        nothing_reserved: 'No other location holds the missing units yet',
        all_picked: 'Every line of %{no} is picked',
        to_shipping: 'Go to packing and shipping',
        no_tasks: 'Order %{no} has no pick tasks',
      },
      move: {
        from_hint: 'Scan the location the goods are taken from',
        to_hint: 'Scan the location the goods go to: the line is added',
        no_location: 'There is no location %{code} in this warehouse',
        nothing_at: 'Nothing with code %{code} is available on %{location}',
        over: 'At most %{available} of %{sku} can move from %{location}',
        same: 'The goods are already on %{code}',
        empty: 'Scan a location, the SKU, the quantity and the target location to add a line',
        remove: 'Remove line',
        done: 'Move %{no} completed: %{count} lines',
      },
    },
  },
};

const zh: typeof en = {
  app: {
    floor: {
      choose_warehouse: '请先选择仓库',
      enter_hint: '扫描或输入后按回车',
      scan_sku: 'SKU编码或条码',
      qty_rule: '请输入 1 到 %{max} 的整数',
      qty_short_rule: '请输入 0 到 %{max} 的整数',
      clear: '清空',
      putaway: {
        pending: '收货库位上待上架的货物',
        none: '该仓库没有待上架的货物',
        no_match: '这里没有编码为 %{code} 的待上架货物',
        available: '待上架',
        suggested: '建议库位',
        no_suggestion: '没有合适的库位：请扫描任一存储库位',
        target_hint: '扫描目标库位以确认（也可扫描其他库位）',
        done: '已上架 %{qty} 件 %{sku} 到 %{code}（%{no}）',
      },
      pick: {
        open_orders: '待拣货的出库单',
        tasks: '按拣货顺序的拣货任务',
        go_to: '请到 %{location}：拣取 %{qty} 件 %{sku}',
        wrong_location: '%{scanned} 不是该拣货行的库位：请到 %{expected} 拣货',
        wrong_sku: '%{code} 不是 SKU %{sku}',
        short_title: '短拣：在 %{location} 应拣 %{qty}，实拣 %{found}。其余数量将在该库位释放，并在有库存时改到其他库位分配。',
        short_confirm: '确认短拣',
        back: '返回',
        picked: '已在 %{location} 拣取 %{qty} 件 %{sku}',
        short_done: '已记录 %{location} 的短拣：应拣 %{expected}，实拣 %{found}',
        offered: '已改到以下库位分配：%{places}',
        unreserved: '有 %{count} 件在任何库位都未找到。请在到货后重新分配，或取消出库单。',
        reallocate: '改到其他库位分配',
        nothing_reserved: '暂无其他库位有缺少的数量',
        all_picked: '%{no} 的所有明细已拣完',
        to_shipping: '去打包发货',
        no_tasks: '出库单 %{no} 没有拣货任务',
      },
      move: {
        from_hint: '扫描货物所在的库位',
        to_hint: '扫描货物要放到的库位：随后加入一行',
        no_location: '该仓库没有库位 %{code}',
        nothing_at: '%{location} 上没有编码为 %{code} 的可用库存',
        over: '%{sku} 最多可从 %{location} 移出 %{available}',
        same: '货物已在 %{code}',
        empty: '依次扫描库位、SKU、数量和目标库位以添加一行',
        remove: '移除此行',
        done: '移库单 %{no} 已完成：%{count} 行',
      },
    },
  },
};

export const floorMessages = { en, zh };
