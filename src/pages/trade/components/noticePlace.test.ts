import { describe, expect, it } from 'vitest';
import { noticeShowsOn } from './noticePlace';

describe('noticeShowsOn', () => {
  it('shows copy notices on the copy-trading and contract screens only, the user’s own trade and auction notices everywhere', () => {
    for (const p of [
      '/pages/copytrade/my',
      '/pages/follow/trader',
      '/pages/transaction/contract',
      '/pages/transaction/contract_order',
      '/pages/transaction/index2',
    ])
      expect(noticeShowsOn('copy_opened', p)).toBe(true);
    for (const p of [
      '/',
      '/pages/fund/receive',
      '/pages/index/assets',
      '/pages/transaction/currency',
      '/pages/setting/index',
    ]) {
      expect(noticeShowsOn('copy_closed', p)).toBe(false);
      expect(noticeShowsOn('lever_closed', p)).toBe(true);
      expect(noticeShowsOn('nft_outbid', p)).toBe(true);
    }
  });
});
