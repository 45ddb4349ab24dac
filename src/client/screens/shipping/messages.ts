/**
 * Texts of the shipping screen (namespace `app.shipping.*`; spec 1 en and zh; spec 2.3
 * /func/normal_outbound_exec; spec 8: the server's messages are shown as they come). The page title is the
 * manifest's `screens.normalOutboundExec`, the packages' section `resources.outboundPackage.name`; action labels
 * come from the generated `resources.outboundOrder.actions.*`, field labels from `resources.outboundOrder.fields.*`,
 * line headers from the outbound console's `app.outbound.line.*`, status labels from
 * `enums.OutboundOrderStatus.*`. Both languages hold the same keys. Merged by providers/i18nProvider.ts.
 */
const en = {
  app: {
    shipping: {
      scan: 'Order, platform order, package or waybill number',
      scan_hint: 'Scan or type a number, then press Enter',
      scanned_package: 'Scanned package %{no}',
      lines: 'Lines',
      no_packages: 'No packages yet',
      nothing_to_do: 'Order %{no} is %{status}: there is nothing to do here',
      action: {
        add_package: 'Add package',
        clear: 'Clear',
        cancel: 'Cancel',
      },
      pack: {
        title: 'Pack order %{no}',
        one_package: 'The order has no package yet: packing makes one package of everything in the order, with the waybill, carrier and weight below.',
        all_packed: 'Every line must already be fully packed in the packages. A waybill number given here becomes the order\'s waybill.',
      },
      ship: {
        title: 'Ship order',
        content: 'Ship order %{no}? Its allocated stock leaves the warehouse.',
      },
      result: {
        now: 'Order %{no} is now %{status}',
        shipped: 'Shipped: order %{no}. Scan the next order.',
      },
      done: 'Operation successful',
    },
  },
};

const zh: typeof en = {
  app: {
    shipping: {
      scan: '出库单号、平台订单号、包裹号或运单号',
      scan_hint: '扫描或输入单号后按回车',
      scanned_package: '已扫描包裹 %{no}',
      lines: '出库明细',
      no_packages: '暂无包裹',
      nothing_to_do: '出库单 %{no} 当前状态为“%{status}”，无需操作',
      action: {
        add_package: '添加包裹',
        clear: '清空',
        cancel: '取消',
      },
      pack: {
        title: '打包出库单 %{no}',
        one_package: '该出库单尚无包裹：打包时将把全部商品装入一个包裹，并使用下方填写的运单号、承运商和重量。',
        all_packed: '所有明细须已全部装入包裹。此处填写的运单号将作为出库单的运单号。',
      },
      ship: {
        title: '确认发货',
        content: '确定发货出库单 %{no}？发货后已分配的库存将扣减出库。',
      },
      result: {
        now: '出库单 %{no} 当前状态：%{status}',
        shipped: '已发货：出库单 %{no}，请扫描下一单。',
      },
      done: '操作成功',
    },
  },
};

export const shippingMessages = { en, zh };
