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
      // a scanned GS1-128 label (issue 30; shared/gs1.ts): what is wrong with it
      gs1: {
        invalid: 'Not a readable GS1 label (%{problem}%{ai})',
        no_gtin: 'The GS1 label names no product (GTIN, AI 01)',
        other: 'Line %{line} is being received as %{field} %{was}: confirm it before scanning %{value}',
        problem: {
          empty: 'empty', unknownAi: 'unknown application identifier', tooShort: 'a value is too short', tooLong: 'a value is too long',
          notDigits: 'digits expected', badCharacters: 'characters GS1 does not allow', checkDigit: 'wrong check digit', badDate: 'no such date', repeatedAi: 'an identifier appears twice',
        },
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
      gs1: {
        invalid: '无法识别的GS1标签（%{problem}%{ai}）',
        no_gtin: 'GS1标签未包含商品编码（GTIN，AI 01）',
        other: '第 %{line} 行正按%{field} %{was} 收货：请先确认收货，再扫描 %{value}',
        problem: {
          empty: '内容为空', unknownAi: '未知的应用标识符', tooShort: '数据过短', tooLong: '数据过长',
          notDigits: '应为数字', badCharacters: '含GS1不允许的字符', checkDigit: '校验位错误', badDate: '日期不存在', repeatedAi: '标识符重复',
        },
      },
      success: '操作成功',
    },
  },
};

export const inboundMessages = { en, zh };
