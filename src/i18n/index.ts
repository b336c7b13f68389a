import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { proxy, ref } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { setDefaultConfig } from 'antd-mobile';
import type { Locale } from 'antd-mobile/es/locales/base';
// the kit's built-in default, already in the entry: switching back to English needs no fetch
import enUS from 'antd-mobile/es/locales/en-US';
import type { Lang } from '../../core/types/api';
import { session } from '../stores/session';
import { followLangOfOtherTabs } from '../stores/langSync';
import type { LocaleTable } from './merge';

// locales/<lang>.json holds the shell's strings; each product area adds locales/<area>/<lang>.json
// so areas never edit one shared file. The build merges one language's tables into one module
// (scripts/build/locale-bundles.ts). Only the current language is loaded (one chunk per language,
// scripts/build/chunks.ts), before the first render and again when the user switches: the other
// seven never cross the wire.
// With them, antd-mobile's own strings (pickers, empty states): one entry per language, both parts.
type LangModules = () => Promise<[{ default: LocaleTable }, { default: Locale }]>;
const LANG_MODULES: Record<Lang, LangModules> = {
  zh: () => Promise.all([import('virtual:locale/zh'), import('antd-mobile/es/locales/zh-CN')]),
  en: () => Promise.all([import('virtual:locale/en'), { default: enUS }]),
  hk: () => Promise.all([import('virtual:locale/hk'), import('antd-mobile/es/locales/zh-HK')]),
  th: () => Promise.all([import('virtual:locale/th'), import('antd-mobile/es/locales/th-TH')]),
  jp: () => Promise.all([import('virtual:locale/jp'), import('antd-mobile/es/locales/ja-JP')]),
  ko: () => Promise.all([import('virtual:locale/ko'), import('antd-mobile/es/locales/ko-KR')]),
  fra: () => Promise.all([import('virtual:locale/fra'), import('antd-mobile/es/locales/fr-FR')]),
  spa: () => Promise.all([import('virtual:locale/spa'), import('antd-mobile/es/locales/es-ES')]),
};

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
const HTML_LANG: Record<Lang, string> = {
  zh: 'zh-CN',
  en: 'en',
  hk: 'zh-HK',
  th: 'th',
  jp: 'ja',
  ko: 'ko',
  fra: 'fr',
  spa: 'es',
};

export function htmlLang(lang: Lang): string {
  return HTML_LANG[lang];
}

/** The kit's locale for the shown language; App's ConfigProvider reads it. */
export const kitLocale = proxy<{ locale: Locale }>({ locale: ref(enUS) });

const loaded = new Map<Lang, Promise<void>>();
const antdLocales = new Map<Lang, Locale>();

/** Fetches one language's tables (and the kit's strings) once; a failed fetch may be retried. */
function loadLang(lang: Lang): Promise<void> {
  let p = loaded.get(lang);
  if (!p) {
    p = LANG_MODULES[lang]().then(([table, kit]) => {
      // merged already, and fresh from JSON.parse: no deep copy
      i18n.addResourceBundle(lang, 'translation', table.default, false, false);
      antdLocales.set(lang, kit.default);
    });
    p.catch(() => loaded.delete(lang));
    loaded.set(lang, p);
  }
  return p;
}

/**
 * Imperative Dialog/Toast render outside the React tree (no ConfigProvider above them), so the
 * kit's global default locale must follow the language too.
 */
function applyLang(lang: Lang): void {
  document.documentElement.lang = HTML_LANG[lang];
  const locale = antdLocales.get(lang) ?? enUS;
  kitLocale.locale = ref(locale);
  setDefaultConfig({ locale });
}

/** Shows `lang` once it is loaded; a later switch wins over an earlier one still loading. */
let wanted: Lang = session.lang;
async function show(lang: Lang): Promise<void> {
  wanted = lang;
  await loadLang(lang).catch(() => undefined);
  if (wanted !== lang || !i18n.hasResourceBundle(lang, 'translation')) return;
  // <html lang> first: the re-render changeLanguage starts reads it (dates through uiLocale), and
  // could run before the await returns — a French page then wrote "11/26/2026, 01:33 PM"
  document.documentElement.lang = HTML_LANG[lang];
  await i18n.changeLanguage(lang);
  applyLang(lang);
}

/** Resolves when the session's language is ready to render (main.tsx waits for it before the first render). */
export const i18nReady: Promise<void> = i18n
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    lng: session.lang,
    // every language is complete (src/i18n/locales.test.ts), so no fallback language is fetched
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => show(session.lang));

followLangOfOtherTabs();
subscribeKey(session, 'lang', (lang) => void show(lang));

export default i18n;
