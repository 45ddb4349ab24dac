/**
 * Texts of the shared widgets (spec 1: the console speaks en and zh; spec 2.5, 2.10, 3, 5).
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
      },
    },
  },
};

export type WidgetMessages = typeof widgetMessages.en;
