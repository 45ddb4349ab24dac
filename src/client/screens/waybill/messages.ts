/**
 * Texts of the waybill screens (namespace `app.waybill.*`; issue 17; spec 1 en and zh): /func/create_waybill,
 * the pack step's button, the outbound list's row and bulk buttons. Field labels are the manifest's
 * (`resources.waybill.fields.*`, `resources.outboundOrder.fields.*`), the screen title `screens.createWaybill`,
 * states `enums.WaybillStatus.*`; the server's messages (with the carrier's words) are shown as they come.
 */
const en = {
  app: {
    waybill: {
      scan: 'Outbound order or platform order number',
      scan_hint: 'Scan or type the order number, then press Enter',
      not_found: 'No outbound order has the number %{code}',
      order: 'Order %{no}: %{status}',
      state_hint: 'A waybill is made for allocated, picking or packed orders.',
      no_config: 'This warehouse has no carrier configuration yet: add one under Outbound first.',
      created: 'Waybill %{no} created with %{carrier}',
      download: 'Download label',
      cancel_waybill: 'Cancel waybill',
      cancel_confirm: 'Cancel waybill %{no}? It is taken off the order and its packages.',
      history: 'Waybill requests and tracking',
      no_history: 'No waybill requested yet',
      money_hint: 'Amount in the currency (e.g. 125.50)',
      back: 'Close',
      bulk: {
        button: 'Waybills for selected',
        title: 'Waybills for %{count} orders',
        hint: 'Each order gets a waybill from its own receiver, cash on delivery and insurance; the weight is its packages\' weight, else its goods\' weight.',
        run: 'Request waybills',
        done: '%{ok} of %{count} orders got a waybill',
      },
    },
  },
};

const zh: typeof en = {
  app: {
    waybill: {
      scan: '出库单号或平台订单号',
      scan_hint: '扫描或输入单号后按回车',
      not_found: '没有单号为 %{code} 的出库单',
      order: '出库单 %{no}：%{status}',
      state_hint: '已分配、拣货中或已打包的出库单可以创建运单。',
      no_config: '该仓库尚无承运商配置：请先在“出库”下添加。',
      created: '已通过 %{carrier} 创建运单 %{no}',
      download: '下载面单',
      cancel_waybill: '取消运单',
      cancel_confirm: '确定取消运单 %{no}？运单号将从出库单及其包裹上移除。',
      history: '运单请求与轨迹',
      no_history: '尚未请求运单',
      money_hint: '按币种金额填写（如 125.50）',
      back: '关闭',
      bulk: {
        button: '为所选创建运单',
        title: '为 %{count} 个出库单创建运单',
        hint: '每个出库单按其收件人、代收货款和保价信息创建运单；重量取其包裹重量，无包裹时取商品重量。',
        run: '请求运单',
        done: '%{count} 个出库单中 %{ok} 个已获得运单',
      },
    },
  },
};

export const waybillMessages = { en, zh };
