/**
 * The console's i18n provider (spec 1): polyglot over
 *   en = ra-language-english + app-en + the screens' dictionaries (.en) + generatedMessages.en
 *   zh = raChineseMessages   + app-zh + the screens' dictionaries (.zh) + generatedMessages.zh
 * (deep-merged, later wins). Initial locale per providers/locale.ts (saved `wms.language`, else browser
 * zh*, else en); every change is persisted. getLocales() lists English and 中文 so react-admin's
 * <LocalesMenuButton/> appears. Missing keys fall back to the key (`allowMissing`). Switching to zh loads the
 * Chinese font subset (chineseFont.ts).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { raChineseMessages } from '../i18n/ra-zh';
import { appEn } from '../i18n/app-en';
import { appZh } from '../i18n/app-zh';
import { widgetMessages } from '../widgets/messages';
import { inventoryMessages } from '../screens/inventory/messages';
import { inboundMessages } from '../screens/inbound/messages';
import { documentScreenMessages } from '../kit/screen/messages';
import { orderImportMessages } from '../screens/orderImport/messages';
import { packageMessages } from '../screens/packages/messages';
import { jobMessages } from '../screens/jobs/messages';
import { shippingMessages } from '../screens/shipping/messages';
import { shareMessages } from '../screens/share/messages';
import { dbmsMessages } from '../screens/dbms/messages';
import { waybillMessages } from '../screens/waybill/messages';
import { countMessages } from '../screens/count/messages';
import { floorMessages } from '../screens/floor/messages';
import { billingMessages } from '../screens/billing/messages';
import { generatedMessages } from '../../../generated/client/i18n';
import { deepMerge, type MessageTree } from './messages';
import { LOCALES, getCurrentLocale, setCurrentLocale, type AppLocale } from './locale';
import { loadChineseFontFor } from './chineseFont';

/** The hand-written dictionaries of the screens, kit and widgets (`{en, zh}` each), one a line: later wins. */
const screenMessages: Array<Record<AppLocale, MessageTree>> = [
  widgetMessages,
  inventoryMessages,
  inboundMessages,
  documentScreenMessages,
  orderImportMessages,
  packageMessages,
  jobMessages,
  shippingMessages,
  shareMessages,
  dbmsMessages,
  waybillMessages,
  countMessages,
  floorMessages,
  billingMessages,
];

export const messages: Record<AppLocale, TranslationMessages> = {
  en: deepMerge(englishMessages as unknown as MessageTree, appEn, ...screenMessages.map((m) => m.en), generatedMessages.en) as unknown as TranslationMessages,
  zh: deepMerge(raChineseMessages as unknown as MessageTree, appZh, ...screenMessages.map((m) => m.zh), generatedMessages.zh) as unknown as TranslationMessages,
};

const base = polyglotI18nProvider(
  locale => messages[locale as AppLocale] ?? messages.en,
  getCurrentLocale(),
  LOCALES,
  { allowMissing: true },
);

export const i18nProvider: I18nProvider = {
  ...base,
  changeLocale: async (locale, options) => {
    await base.changeLocale(locale, options);
    setCurrentLocale(locale);
    void loadChineseFontFor(locale); // the Chinese subset comes with the first switch to zh
  },
};
