import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { numberMarks } from '../../../core';
import { BookLine } from './BookLine';

/**
 * The DOM rows under the painted book are what a screen reader reads and a keyboard user taps:
 * they say the numbers as the canvas shows them, in the language's marks.
 */
describe('book rows (the accessible mirror of the painted book)', () => {
  const row = (lang: 'fra' | 'en') => renderToStaticMarkup(createElement(BookLine, { price: '65000.12', qty: '1234.5', side: 'bid', decimals: 2, marks: numberMarks(lang) }));
  it('French: comma decimals and narrow no-break space groups; English: dots and commas', () => {
    expect(row('fra')).toContain('>65\u202f000,12<');
    expect(row('fra')).toContain('>1,2K<');
    expect(row('en')).toContain('>65,000.12<');
    expect(row('en')).toContain('>1.2K<');
  });
});
