/**
 * The back office's interface language: English and Simplified Chinese, with its OWN
 * message tables (src/admin/i18n/<lang>.json), never the customer app's (locales/): an operator
 * screen's strings never travel in a customer's language chunk, and the reverse.
 *
 * The convention every back-office screen follows:
 *   - inside a component:   const t = useT();          t('admin.queue.approve'), t('admin.x', { n: 3 })
 *   - outside React (imperative Dialog/Toast helpers):   tr('admin.common.cancel')
 *   - a value the server sends (a status, a kind):      t.or(`admin.queue.state.${s}`, s) — shows the raw
 *     value when the table has no word for it; list the prefix in ADMIN_DYNAMIC_KEYS
 *     (scripts/i18n/admin.ts) or the check fails
 *   - dates and numbers:    const f = useFmt();  f.dateTime(ms | iso), f.date, f.time, f.num('2000000.5')
 *     (src/admin/i18n/format.ts: the language's own date order and digit grouping)
 * Keys all start with `admin.` and are typed from en.json (AdminKey): a key en.json lacks does not
 * compile. The check (scripts/i18n/admin.ts, run by npm test in src/i18n/locales.test.ts and by
 * `npx tsx scripts/check-i18n.ts`) fails on a key zh.json lacks or adds, a key no code uses, or
 * placeholders that differ from English. Plurals: `x_one` / `x_other` in en, `x_other` in zh.
 *
 * Only the chosen language's table is fetched (one small chunk per language). The choice is kept in
 * localStorage; the first visit follows the browser's language. Every API call carries it in the
 * `lang` header (src/admin/api.ts), so the server's own error messages come back in it too.
 */
import { useMemo } from 'react';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { setDefaultConfig } from 'antd-mobile';
import type { Locale } from 'antd-mobile/es/locales/base';
import enUS from 'antd-mobile/es/locales/en-US';
import { setRequestLang } from '../api';
import { adminFormat, type AdminFormat } from './format';
import { initialAdminLang, isAdminLang, type AdminLang } from './lang';
import type en from './en.json';

export { ADMIN_LANGS, ADMIN_LANG_NAMES, type AdminLang } from './lang';
export type { AdminFormat } from './format';

const HTML_LANG: Record<AdminLang, string> = { en: 'en', zh: 'zh-CN' };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type StripPlural<K> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
/** Every key en.json has (a plural pair `x_one`/`x_other` is used as `x` with a count). */
export type AdminKey = StripPlural<Leaves<typeof en>>;
export type Vars = Record<string, string | number>;

export interface AdminT {
  (key: AdminKey, vars?: Vars): string;
  /** A word for a value the server sends (`admin.queue.state.${s}`), else the value itself. */
  or: (key: string, fallback: string, vars?: Vars) => string;
}

const STORAGE_KEY = 'h5.admin.lang';
const tables = import.meta.glob<Record<string, unknown>>('./*.json', { import: 'default' });
const KIT: Record<AdminLang, () => Promise<Locale>> = {
  en: () => Promise.resolve(enUS),
  zh: () => import('antd-mobile/es/locales/zh-CN').then((m) => m.default),
};

const i18n = i18next.createInstance();
const kitLocales = new Map<AdminLang, Locale>();

function savedLang(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

async function load(lang: AdminLang): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    const [table, kit] = await Promise.all([tables[`./${lang}.json`]!(), KIT[lang]()]);
    i18n.addResourceBundle(lang, 'translation', table, true, true);
    kitLocales.set(lang, kit);
  }
}

function apply(lang: AdminLang): void {
  document.documentElement.lang = HTML_LANG[lang];
  document.title = i18n.t('admin.app.title');
  // imperative Dialog/Toast render outside the React tree: the kit's default locale follows too
  setDefaultConfig({ locale: kitLocales.get(lang) ?? enUS });
  setRequestLang(lang, i18n.t('admin.common.requestFailed'));
}

/** Resolves once the first language is ready (main.tsx renders after it). */
export async function startAdminI18n(): Promise<typeof i18n> {
  const lang = initialAdminLang(savedLang(), navigator.language);
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: lang,
    fallbackLng: false, // both tables are complete (the check), so nothing else is fetched
    interpolation: { escapeValue: false },
  });
  await load(lang);
  await i18n.changeLanguage(lang);
  apply(lang);
  return i18n;
}

/** The header's switch: fetches the table if needed, shows it, remembers the choice. */
export async function setAdminLang(lang: AdminLang): Promise<void> {
  await load(lang);
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  await i18n.changeLanguage(lang);
  apply(lang);
}

/** antd-mobile's own strings (empty states, dialogs' default buttons) in the shown language. */
export function kitLocaleOf(lang: AdminLang): Locale {
  return kitLocales.get(lang) ?? enUS;
}

export function useAdminLang(): AdminLang {
  const { i18n: inst } = useTranslation();
  return isAdminLang(inst.language) ? inst.language : 'en';
}

/** Outside React: the shown language's text for a key. */
export function tr(key: AdminKey, vars?: Vars): string {
  return i18n.t(key, vars);
}

export function useT(): AdminT {
  const { t } = useTranslation();
  return useMemo(
    () =>
      Object.assign((key: AdminKey, vars?: Vars) => t(key, vars), {
        or: (key: string, fallback: string, vars?: Vars) => (i18n.exists(key) ? t(key, vars) : fallback),
      }),
    [t],
  );
}

/** Dates and figures in the shown language (src/admin/i18n/format.ts). */
export function useFmt(): AdminFormat {
  const lang = useAdminLang();
  return useMemo(() => adminFormat(lang), [lang]);
}
