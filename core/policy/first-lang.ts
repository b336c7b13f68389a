/**
 * The language a visit starts in: the one the user chose (kept in the session), else the browser's
 * when we ship it, else en — what a user of Binance/OKX expects (spec §1 defaults requests to en).
 * Self-contained on purpose: the build also writes this function's text into the route-preload
 * script (scripts/build/route-preload.ts), which preloads that language's chunk beside the entry.
 */
export function firstLang(saved: unknown, browserTag: string, langs: readonly string[]): string {
  if (typeof saved === 'string' && langs.indexOf(saved) >= 0) return saved;
  const tag = (browserTag || 'en').toLowerCase();
  if (tag === 'zh-tw' || tag === 'zh-hk' || tag.indexOf('zh-hant') === 0) return 'hk';
  const byPrimary: Record<string, string> = { zh: 'zh', en: 'en', th: 'th', ja: 'jp', ko: 'ko', fr: 'fra', es: 'spa' };
  return byPrimary[tag.split('-')[0]] || 'en';
}

/**
 * The cookie the app keeps its language in (beside its local storage), so the server can write the
 * first paint's text — Home's banners and notices in the HTML — in the language the app will show.
 */
export const LANG_COOKIE = 'h5_lang';

/** The language a page request starts in: the app's cookie, else the browser's first Accept-Language tag. */
export function requestPageLang(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
  langs: readonly string[],
): string {
  const saved = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([a-z]+)`).exec(cookieHeader ?? '')?.[1];
  const tag = (acceptLanguage ?? '').split(',')[0].split(';')[0].trim();
  return firstLang(saved, tag, langs);
}
