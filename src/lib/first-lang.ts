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
