/** Seeded words per language ({lang: text} JSON columns): the caller's language, else the plain column. */
import type { Lang } from '../../core';

export function localised(fallback: string, byLang: unknown, lang: Lang): string {
  if (!byLang || typeof byLang !== 'object') return fallback;
  const v = (byLang as Record<string, unknown>)[lang];
  return typeof v === 'string' && v.trim() !== '' ? v : fallback;
}
