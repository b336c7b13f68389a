import { describe, expect, it } from 'vitest';
import { translate, translateNotice } from './messages';

describe('a notice written in the language of its reader', () => {
  const params = { id: 1234, ltv: '81.09', level: '80', liquidation: '90.00' };

  it('writes decimal figures in the language’s marks, and leaves ids and whole numbers as they are', () => {
    const fr = translateNotice('loan_margin_call_body', 'fra', params);
    expect(fr).toContain('n°1234');
    expect(fr).toContain('81,09');
    expect(fr).toContain('90,00');
    expect(fr).not.toContain('81.09');
  });

  it('is translate() itself where the marks are English ones', () => {
    expect(translateNotice('loan_margin_call_body', 'en', params)).toBe(
      translate('loan_margin_call_body', 'en', params),
    );
  });
});
