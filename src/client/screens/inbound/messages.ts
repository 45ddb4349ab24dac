/**
 * Texts of the inbound receiving screens (namespace `app.inbound.*`; spec 1 zh and en; spec 5 quantity rules).
 * Field, action and enum labels are the manifest's (`resources.inboundOrder*`, `enums.*`). Both languages hold
 * the same keys; zh has no '||||' plurals.
 */
const en = {
  app: {
    inbound: {
      exec_title: {
        normal: 'Receive inbound order',
        return: 'Receive customer return',
        reject: 'Receive rejected delivery',
      },
      action: {
        confirm_receive: 'Confirm receipt',
        clear: 'Clear',
      },
      line: {
        remaining: 'Remaining',
        receive_qty: 'Receive now',
      },
      exec: {
        scan: 'Scan or enter the order, package, waybill or store order number',
        scan_hint: 'Press Enter to look the order up',
        package: 'Package %{no}',
        over_receipt: 'Allow over-receipt (more than planned)',
        nothing_to_receive: 'Enter a quantity above 0 on at least one line',
        not_receivable: 'This order cannot be received now (status: %{status})',
        received: 'Received: inbound order %{no} is now %{status}',
      },
      rules: {
        qty_number: 'Numbers only',
        qty_integer: 'Integers only',
        qty_not_negative: 'Cannot be below 0',
        qty_too_big: 'Quantity too large',
      },
      success: 'Operation successful',
    },
  },
};

type Messages = typeof en;

const zh: Messages = {
  app: {
    inbound: {
      exec_title: {
        normal: '入库收货',
        return: '退货入库收货',
        reject: '拒收入库收货',
      },
      action: {
        confirm_receive: '确认收货',
        clear: '清空',
      },
      line: {
        remaining: '待收数量',
        receive_qty: '本次收货',
      },
      exec: {
        scan: '扫描或输入入库单号、包裹号、运单号或店铺订单号',
        scan_hint: '按回车查找入库单',
        package: '包裹 %{no}',
        over_receipt: '允许超收（超过计划数量）',
        nothing_to_receive: '请至少在一行输入大于0的数量',
        not_receivable: '该入库单当前不能收货（状态：%{status}）',
        received: '收货成功：入库单 %{no} 当前状态 %{status}',
      },
      rules: {
        qty_number: '只能输入数字',
        qty_integer: '只能输入整数',
        qty_not_negative: '不能小于0',
        qty_too_big: '数量过大',
      },
      success: '操作成功',
    },
  },
};

export const inboundMessages = { en, zh };
