/**
 * Texts of the shared widgets (spec 1: the console speaks en and zh; spec 2.5, 2.10, 3, 5, 6).
 *
 * Namespace `wms.widgets.*`; merge both languages into the i18nProvider's catalogues. The zh and en trees
 * hold the same keys.
 */
export const widgetMessages = {
  en: {
    wms: {
      widgets: {
        all: 'All',
        cappedRange: '%{offsetBegin}-%{offsetEnd} of %{total}+',
        lock: 'Lock',
        unlock: 'Unlock',
        lockConfirmTitle: 'Lock %{one} %{name}?',
        lockConfirmContent: 'A locked record is no longer offered in selections and its users cannot work with it until it is unlocked.',
        lockConfirmKeep: 'Keep enabled',
        unlockLogin: { button: 'Unlock login', done: 'Login of %{name} unlocked', notLocked: 'Logins of %{name} were not locked' },
        selectCountryFirst: 'Please select a country first',
        selectProvinceFirst: 'Please select a province/state first',
        tooLong: 'At most %{max} characters',
        export: { failed: 'Export failed', button: 'Export', running: 'Exporting…' },
        upload: {
          choose: 'Choose file',
          uploading: 'Uploading…',
          remove: 'Remove',
          replace: 'Replace',
          add: 'Add image',
          tooLarge: 'The file size cannot exceed 100MB',
          onlyOne: 'Only one image is allowed',
          notImage: 'Please choose a jpg, jpeg, png or webp image',
          failed: 'Upload failed',
        },
        multiLine: {
          open: 'Enter several values, one per line',
          title: 'One value per line',
          placeholder: 'One value per line',
          count: '%{count} values, %{chars} / %{max} characters',
          confirm: 'Confirm',
          cancel: 'Cancel',
          clear: 'Clear',
        },
        image: {
          preview: 'Image preview',
          close: 'Close',
          missing: 'No image',
        },
        skuPicker: {
          title: 'Select SKU',
          open: 'Select SKU',
          clear: 'Clear',
        },
        permissionTree: {
          filter: 'Filter permissions',
          expandAll: 'Expand all',
          collapseAll: 'Collapse all',
          expand: 'Expand',
          collapse: 'Collapse',
          empty: 'No permissions',
          noMatch: 'No matching permissions',
          loadFailed: 'Could not load the permissions',
        },
      },
    },
  },
  zh: {
    wms: {
      widgets: {
        all: '全部',
        cappedRange: '第 %{offsetBegin}-%{offsetEnd} 条，共 %{total}+ 条',
        lock: '锁定',
        unlock: '解锁',
        lockConfirmTitle: '锁定%{one} %{name}？',
        lockConfirmContent: '锁定后，该记录不再出现在选择列表中，解锁前无法使用。',
        lockConfirmKeep: '保持启用',
        unlockLogin: { button: '解除登录锁定', done: '已解除 %{name} 的登录锁定', notLocked: '%{name} 的登录未被锁定' },
        selectCountryFirst: '请先选择国家',
        selectProvinceFirst: '请先选择省/州',
        tooLong: '最多%{max}个字符',
        export: { failed: '导出失败', button: '导出', running: '正在导出…' },
        upload: {
          choose: '选择文件',
          uploading: '上传中…',
          remove: '删除',
          replace: '更换',
          add: '添加图片',
          tooLarge: '文件大小不能超过100MB',
          onlyOne: '只能上传一张图片',
          notImage: '请选择 jpg、jpeg、png 或 webp 格式的图片',
          failed: '上传失败',
        },
        multiLine: {
          open: '批量输入，每行一个',
          title: '每行一个值',
          placeholder: '每行一个值',
          count: '%{count}个值，%{chars} / %{max}个字符',
          confirm: '确定',
          cancel: '取消',
          clear: '清空',
        },
        image: {
          preview: '图片预览',
          close: '关闭',
          missing: '无图片',
        },
        skuPicker: {
          title: '选择商品',
          open: '选择商品',
          clear: '清空',
        },
        permissionTree: {
          filter: '筛选权限',
          expandAll: '全部展开',
          collapseAll: '全部折叠',
          expand: '展开',
          collapse: '折叠',
          empty: '暂无权限',
          noMatch: '没有匹配的权限',
          loadFailed: '权限加载失败',
        },
      },
    },
  },
};

export type WidgetMessages = typeof widgetMessages.en;
