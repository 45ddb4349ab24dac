/**
 * The generic texts of the generated document screens (namespace `wms.doc.*`): buttons, prompts, titles and
 * the rules of lines. Field, action, view and enum labels are not here: they come from the manifest
 * (`resources.<name>.fields|actions|views|columns.*`, `enums.*`) and are passed in as `%{label}`,
 * `%{resource}`, `%{action}`, `%{one}` / `%{One}` (the singular name, `resources.<name>.one`). Both languages hold the same keys; zh has no '||||' plurals.
 */
const en = {
  wms: {
    doc: {
      action: { add: 'Add', view: 'View', edit: 'Edit', delete: 'Delete', save: 'Save', cancel: 'Cancel', close: 'Close', more: 'More actions', add_line: 'Add line', remove_line: 'Remove line', select: 'Select' },
      filter: { search: 'Search', reset: 'Reset', from: '%{label} from', to: '%{label} to', not_found: '%{label} does not exist: %{no}' },
      form: { lines: 'Lines', no_lines: 'No lines yet', locked_hint: 'Fixed while lines exist' },
      reveal: { title: 'Your new %{label}', once: 'Copy the %{label} now and keep it safe: it is not shown again.', copy: 'Copy', copied: 'Copied' },
      line: { no: 'No.' },
      column: { row_number: 'No.', operations: 'Operations' },
      lines_count: 'One line |||| %{smart_count} lines',
      dialog: {
        add: 'New %{one}',
        edit: 'Edit %{one} %{no}',
        view: '%{One} %{no}',
        delete: 'Delete %{one} %{no}?',
        confirm: '%{action} %{no}?',
        back: 'Back',
        keep: 'Keep',
        reason_title: '%{action}: %{no}',
        children: '%{resource}: %{no}',
      },
      rules: {
        owner_first: 'Select owner first',
        warehouse_first: 'Select warehouse first',
        sku_required: 'Please select a SKU',
        qty_required: 'Quantity required',
        qty_number: 'Numbers only',
        qty_integer: 'Integers only',
        qty_positive: 'Must be greater than 0',
        qty_max: 'At most %{max}',
        lines_required: 'Add at least one line',
        too_many_lines: 'At most %{max} lines',
        max_length: 'At most %{max} characters',
        required: '%{label} cannot be empty',
        please_input: 'Please input',
        please_select: 'Please select',
      },
      success: 'Operation successful',
    },
  },
};

type Messages = typeof en;

const zh: Messages = {
  wms: {
    doc: {
      action: { add: '新增', view: '查看', edit: '编辑', delete: '删除', save: '保存', cancel: '取消', close: '关闭', more: '更多操作', add_line: '添加明细', remove_line: '删除明细', select: '选择' },
      filter: { search: '搜索', reset: '重置', from: '%{label}起', to: '%{label}止', not_found: '%{label}不存在：%{no}' },
      form: { lines: '明细', no_lines: '暂无明细', locked_hint: '已有明细时不可更改' },
      reveal: { title: '新的%{label}', once: '请立即复制并妥善保存%{label}：它不会再次显示。', copy: '复制', copied: '已复制' },
      line: { no: '序号' },
      column: { row_number: '序号', operations: '操作' },
      lines_count: '%{smart_count} 条明细',
      dialog: {
        add: '新增%{one}',
        edit: '编辑%{one} %{no}',
        view: '%{one} %{no}',
        delete: '删除%{one} %{no}？',
        confirm: '确定%{action} %{no} 吗？',
        back: '返回',
        keep: '保留',
        reason_title: '%{action}：%{no}',
        children: '%{resource}：%{no}',
      },
      rules: {
        owner_first: '请先选择货主',
        warehouse_first: '请先选择仓库',
        sku_required: '请选择SKU',
        qty_required: '数量不能为空',
        qty_number: '只能输入数字',
        qty_integer: '只能输入整数',
        qty_positive: '必须大于0',
        qty_max: '最多%{max}',
        lines_required: '请至少添加一条明细',
        too_many_lines: '最多%{max}条明细',
        max_length: '最多%{max}个字符',
        required: '%{label}不能为空',
        please_input: '请输入',
        please_select: '请选择',
      },
      success: '操作成功',
    },
  },
};

export const documentScreenMessages = { en, zh };
