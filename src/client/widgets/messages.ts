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
        lock: 'Lock',
        unlock: 'Unlock',
        selectCountryFirst: 'Please select a country first',
        selectProvinceFirst: 'Please select a province/state first',
        tooLong: 'At most %{max} characters',
        permissionTree: {
          filter: 'Filter permissions',
          expandAll: 'Expand all',
          collapseAll: 'Collapse all',
          expand: 'Expand',
          collapse: 'Collapse',
          menu: 'Menu',
          button: 'Button',
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
        lock: '锁定',
        unlock: '解锁',
        selectCountryFirst: '请先选择国家',
        selectProvinceFirst: '请先选择省/州',
        tooLong: '最多%{max}个字符',
        permissionTree: {
          filter: '筛选权限',
          expandAll: '全部展开',
          collapseAll: '全部折叠',
          expand: '展开',
          collapse: '折叠',
          menu: '菜单',
          button: '按钮',
          empty: '暂无权限',
          noMatch: '没有匹配的权限',
          loadFailed: '权限加载失败',
        },
      },
    },
  },
};

export type WidgetMessages = typeof widgetMessages.en;
