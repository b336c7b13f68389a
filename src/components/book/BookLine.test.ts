import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { numberMarks } from '../../../core';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import en from '../../../locales/book/en.json';
import fra from '../../../locales/book/fra.json';
import { BookLine, usePriceTip } from './BookLine';

/**
 * The DOM rows under the painted book are what a screen reader reads and a keyboard user taps:
 * they say the numbers as the canvas shows them, in the language's marks.
 */
describe('book rows (the accessible mirror of the painted book)', () => {
  const row = (lang: 'fra' | 'en') =>
    renderToStaticMarkup(
      createElement(BookLine, {
        price: '65000.12',
        qty: '1234.5',
        side: 'bid',
        decimals: 2,
        marks: numberMarks(lang),
        tip: (p: string) => `use ${p}`,
      }),
    );
  it('French: comma decimals and narrow no-break space groups; English: dots and commas', () => {
    expect(row('fra')).toContain('>65\u202f000,12<');
    expect(row('fra')).toContain('>1,2K<');
    expect(row('en')).toContain('>65,000.12<');
    expect(row('en')).toContain('>1.2K<');
  });
  it('a row the worker paints holds no text (a changed figure is then no layout): its name says what the canvas shows, in the order shown', () => {
    const ghost = (qtyFirst: boolean) =>
      renderToStaticMarkup(
        createElement(BookLine, {
          price: '65000.12',
          qty: '1234.5',
          side: 'bid',
          decimals: 2,
          marks: numberMarks('en'),
          tip: (p: string) => `use ${p}`,
          ghost: true,
          qtyFirst,
        }),
      );
    expect(ghost(false)).toContain('aria-label="65,000.12 1.2K"');
    expect(ghost(true)).toContain('aria-label="1.2K 65,000.12"');
    for (const q of [false, true]) {
      expect(ghost(q)).toMatch(/<button[^>]*><\/button>$/);
      expect(ghost(q)).toContain('data-price="65000.12"');
    }
  });
  it('the tap hint names the price as shown', () => {
    expect(row('fra')).toContain('title="use 65\u202f000,12"');
  });
  it("one translated hint per book: the language's sentence with the price in its place", async () => {
    const i18n = createInstance();
    await i18n.init({
      resources: { en: { translation: en }, fra: { translation: fra } },
      lng: 'en',
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
    for (const lang of ['en', 'fra'] as const) {
      await i18n.changeLanguage(lang);
      const tip = { fn: (_: string) => '' };
      function Probe() {
        tip.fn = usePriceTip();
        return null;
      }
      renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Probe)));
      expect(tip.fn('65,000.12')).toBe(i18n.t('book.usePrice', { price: '65,000.12' }));
      expect(tip.fn('65,000.12')).toMatch(lang === 'en' ? /^Use price 65,000\.12$/ : /^Utiliser le prix 65,000\.12$/);
    }
  });
});
