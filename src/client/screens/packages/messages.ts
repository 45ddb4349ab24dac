/**
 * Texts of the package dialog and the order lists' "Create package" (namespace `app.packages.*`; spec 1 en and
 * zh; spec 4 "create package"). Field labels come from the generated `resources.<kind>Package(Line).fields.*`
 * and `resources.sku.fields.name`, the contents' title from `resources.<kind>Package.columns.lines`; the pack
 * lists' texts are the manifest's and the generic `wms.doc.*`. Both languages hold the same keys;
 * zh has no '||||' plurals. Merged by providers/i18nProvider.ts.
 */
const en = {
  app: {
    packages: {
      action: { create: 'Create package', save: 'Save', cancel: 'Cancel' },
      dialog: {
        add: 'New package for order %{order}',
        edit: 'Edit package %{no} of order %{order}',
      },
      form: {
        package_no_hint: 'Leave empty to number it automatically',
        contents_hint: 'Quantities start at what is not packed yet; lines left at 0 stay out of this package.',
        ordered: 'Ordered',
        in_other_packages: 'In other packages',
        this_package: 'This package',
        no_lines: 'The order has no lines',
        content_empty: 'Package contents cannot be empty: put at least one item in the package',
        loading: 'Loading the order…',
      },
      saved: 'Package %{no} saved',
    },
  },
};

const zh: typeof en = {
  app: {
    packages: {
      action: { create: '创建包裹', save: '保存', cancel: '取消' },
      dialog: {
        add: '为单据 %{order} 创建包裹',
        edit: '编辑包裹 %{no}（单据 %{order}）',
      },
      form: {
        package_no_hint: '留空则自动生成包裹号',
        contents_hint: '数量默认为尚未装箱的数量；数量为 0 的明细不会装入本包裹。',
        ordered: '单据数量',
        in_other_packages: '其他包裹已装',
        this_package: '本包裹数量',
        no_lines: '该单据没有明细',
        content_empty: '包裹明细不能为空：请至少装入一件商品',
        loading: '正在加载单据…',
      },
      saved: '包裹 %{no} 已保存',
    },
  },
};

export const packageMessages = { en, zh };
