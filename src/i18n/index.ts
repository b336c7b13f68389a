import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { subscribeKey } from 'valtio/utils';
import { setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import thTH from 'antd-mobile/es/locales/th-TH';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import frFR from 'antd-mobile/es/locales/fr-FR';
import esES from 'antd-mobile/es/locales/es-ES';
import type { Lang } from '../../core';
import { session } from '../stores/session';
import { followLangOfOtherTabs } from '../stores/langSync';
import { LANGS } from '../../core';
import { mergeLocaleTables, type LocaleTable } from './merge';

// locales/<lang>.json holds the shell's strings; each product area adds locales/<area>/<lang>.json
// so areas never edit one shared file. All are small and bundled: no blank first paint.
const tables = import.meta.glob<LocaleTable>(['../../locales/*.json', '../../locales/*/*.json'], { eager: true, import: 'default' });
const resources = Object.fromEntries(
  LANGS.map((l) => [l, { translation: mergeLocaleTables(Object.entries(tables).filter(([path]) => path.endsWith(`/${l}.json`)).map(([, t]) => t)) }]),
);

/** Language names in their own script, for the pickers. */
export const LANG_NAMES: Record<Lang, string> = {
  zh: '简体中文',
  en: 'English',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  ko: '한국어',
  fra: 'Français',
  spa: 'Español',
};

/** BCP 47 tags for <html lang> and Intl. */
const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', en: 'en', hk: 'zh-HK', th: 'th', jp: 'ja', ko: 'ko', fra: 'fr', spa: 'es' };

const ANTD = { zh: zhCN, en: enUS, hk: zhHK, th: thTH, jp: jaJP, ko: koKR, fra: frFR, spa: esES } as const;

export function antdLocale(lang: Lang) {
  return ANTD[lang] ?? enUS;
}

export function htmlLang(lang: Lang): string {
  return HTML_LANG[lang];
}

void i18n.use(initReactI18next).init({
  resources,
  lng: session.lang,
  // hk falls back to zh before en: Traditional readers read Simplified better than English.
  fallbackLng: { hk: ['zh', 'en'], default: ['en'] },
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Imperative Dialog/Toast render outside the React tree (no ConfigProvider above them), so the
 * kit's global default locale must follow the language too.
 */
function applyLang(lang: Lang): void {
  document.documentElement.lang = HTML_LANG[lang];
  setDefaultConfig({ locale: antdLocale(lang) });
}

applyLang(session.lang);
followLangOfOtherTabs();
subscribeKey(session, 'lang', (lang) => {
  void i18n.changeLanguage(lang);
  applyLang(lang);
});

export default i18n;
