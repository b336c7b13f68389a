import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../core';
import { simplifiedChars } from '../../../scripts/i18n/simplified';
import { CONTENT, MENU_KEYS, NEWS_SLUGS } from './index';

/** Every string of one language's content, with where it sits. */
function strings(lang: (typeof LANGS)[number]): [string, string][] {
  const c = CONTENT[lang];
  return [
    ...NEWS_SLUGS.flatMap((s) => Object.entries(c.news[s]).map(([k, v]): [string, string] => [`news.${s}.${k}`, v])),
    [`faq.title`, c.faq.title],
    ...c.faq.entries.flatMap((e, i): [string, string][] => [
      [`faq.${i}.q`, e.q],
      [`faq.${i}.a`, e.a],
    ]),
    ...(['contactus', 'aboutus', 'operational_compliance'] as const).flatMap((p): [string, string][] => [
      [`${p}.title`, c[p].title],
      [`${p}.body`, c[p].body],
    ]),
    ...MENU_KEYS.map((k): [string, string] => [`menu.${k}`, c.menu[k]]),
  ];
}

describe('seeded site content', () => {
  it('has every piece in every language, none empty', () => {
    for (const lang of LANGS) {
      const empty = strings(lang).filter(([, v]) => !v.trim());
      expect(empty, lang).toEqual([]);
      expect(CONTENT[lang].faq.entries, lang).toHaveLength(CONTENT.en.faq.entries.length);
    }
  });

  it('is written for each language, not left in English (brand words and coin codes aside)', () => {
    const en = new Map(strings('en'));
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const same = strings(lang).filter(
        ([k, v]) =>
          v === en.get(k) && !/^(IEO|NFT|OTC|FAQ|Copy trading)$/.test(v) && !/^news\.news-stocks\.summary$/.test(k),
      );
      expect(
        same.map(([k]) => k),
        lang,
      ).toEqual([]);
    }
  });

  it('keeps Simplified-only characters out of the Hong Kong text', () => {
    const bad = strings('hk').flatMap(([k, v]) => simplifiedChars(v).map((ch) => `${k}: ${ch}`));
    expect(bad).toEqual([]);
  });
});
