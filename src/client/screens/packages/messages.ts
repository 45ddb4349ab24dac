/**
 * Texts of the package screens (namespace `app.packages.*`; spec 1 en and zh; spec 2.3 pack lists; spec 4
 * "create package"; spec 8 "package does not exist", "... order does not exist"). Field labels of the form and
 * the columns come from the generated `resources.<kind>Package.fields.*`. Both languages hold the same keys;
 * zh has no '||||' plurals. Merged by providers/i18nProvider.ts.
 */
const en = {
  app: {
    packages: {
      title: { inbound: 'Inbound packages', outbound: 'Outbound packages' },
      filter: {
        package_no: 'Package number',
        order_no: { inbound: 'Inbound order number', outbound: 'Outbound order number' },
        warehouse: 'Warehouse',
        owner: 'Goods owner',
        waybill_no: 'Waybill number',
        carrier: 'Carrier',
        add_date_start: 'Created from',
        add_date_end: 'Created to',
        search: 'Search',
        reset: 'Reset',
      },
      column: {
        row_number: 'No.',
        dimensions: 'L × W × H (cm)',
        contents: 'Contents',
        qty: 'Quantity',
        operations: 'Operations',
      },
      action: {
        create: 'Create package',
        view: 'View',
        edit: 'Edit',
        delete: 'Delete',
        save: 'Save',
        cancel: 'Cancel',
        close: 'Close',
      },
      dialog: {
        add: 'New package for order %{order}',
        edit: 'Edit package %{no} of order %{order}',
        view: 'Package %{no}',
        delete_title: 'Delete package',
        delete: 'Delete package %{no}? Its contents count as unpacked again.',
      },
      form: {
        package_no_hint: 'Leave empty to number it automatically',
        contents: 'Contents',
        contents_hint: 'Quantities start at what is not packed yet; lines left at 0 stay out of this package.',
        sku: 'SKU',
        sku_name: 'Product name',
        batch_no: 'Batch number',
        ordered: 'Ordered',
        in_other_packages: 'In other packages',
        this_package: 'This package',
        no_lines: 'The order has no lines',
        content_empty: 'Package contents cannot be empty: put at least one item in the package',
        loading: 'Loading the order…',
      },
      order_not_found: { inbound: 'Inbound order does not exist: %{no}', outbound: 'Outbound order does not exist: %{no}' },
      saved: 'Package %{no} saved',
      deleted: 'Package deleted',
    },
  },
};

const zh: typeof en = {
  app: {
    packages: {
      title: { inbound: '入库包裹', outbound: '出库包裹' },
      filter: {
        package_no: '包裹号',
        order_no: { inbound: '入库单号', outbound: '出库单号' },
        warehouse: '仓库',
        owner: '货主',
        waybill_no: '运单号',
        carrier: '承运商',
        add_date_start: '创建开始日期',
        add_date_end: '创建结束日期',
        search: '搜索',
        reset: '重置',
      },
      column: {
        row_number: '序号',
        dimensions: '长×宽×高(cm)',
        contents: '包裹明细',
        qty: '数量',
        operations: '操作',
      },
      action: {
        create: '创建包裹',
        view: '查看',
        edit: '编辑',
        delete: '删除',
        save: '保存',
        cancel: '取消',
        close: '关闭',
      },
      dialog: {
        add: '为单据 %{order} 创建包裹',
        edit: '编辑包裹 %{no}（单据 %{order}）',
        view: '包裹 %{no}',
        delete_title: '删除包裹',
        delete: '确定删除包裹 %{no}？删除后其中的商品将重新计为未装箱。',
      },
      form: {
        package_no_hint: '留空则自动生成包裹号',
        contents: '包裹明细',
        contents_hint: '数量默认为尚未装箱的数量；数量为 0 的明细不会装入本包裹。',
        sku: 'SKU',
        sku_name: '商品名称',
        batch_no: '批次号',
        ordered: '单据数量',
        in_other_packages: '其他包裹已装',
        this_package: '本包裹数量',
        no_lines: '该单据没有明细',
        content_empty: '包裹明细不能为空：请至少装入一件商品',
        loading: '正在加载单据…',
      },
      order_not_found: { inbound: '入库单不存在：%{no}', outbound: '出库单不存在：%{no}' },
      saved: '包裹 %{no} 已保存',
      deleted: '包裹已删除',
    },
  },
};

export const packageMessages = { en, zh };
