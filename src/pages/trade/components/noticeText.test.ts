import { describe, expect, it } from 'vitest';
import { numberMarks } from '../../../../core';
import type { TradeNotice } from '../../../../core/types/trade';
import { noticeText } from './noticeText';

// a stand-in for i18next's t: the table's English text with its params filled in
const t = (key: string, p: Record<string, string> = {}) =>
  key === 'trade.notice.spot_filled'
    ? `Spot ${p.side} filled: ${p.amount} ${p.base} @ ${p.price}`
    : key === 'trade.buy'
      ? 'Buy'
      : key;

const fill = {
  kind: 'spot_filled',
  key: 'notice_spot_filled',
  params: { side: 'buy', amount: '1250.5', base: 'BTC', price: '67213' },
  text: 'server text',
  ref: { id: 1 },
} as unknown as TradeNotice;

describe('a trade notice toast', () => {
  it('shows its price and amount in the language’s marks, words translated', () => {
    expect(noticeText(fill, t, true, numberMarks('en'))).toBe('Spot Buy filled: 1,250.5 BTC @ 67,213');
    expect(noticeText(fill, t, true, numberMarks('fra'))).toBe('Spot Buy filled: 1\u202f250,5 BTC @ 67\u202f213');
  });

  it('falls back to the server’s own text for a kind this build has no words for', () => {
    expect(noticeText(fill, t, false, numberMarks('en'))).toBe('server text');
  });
});
