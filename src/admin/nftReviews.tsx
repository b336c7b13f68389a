import type { AdminNftReview } from '../../core';
import { admin } from './api';
import { KV, Queue } from './queues';
import { NFT_MODE_KEY } from './nftForm';
import { useFmt, useT } from './i18n';

/**
 * The resale review queue (spec: NFT sales need official review): a holder's listing — fixed price
 * or auction, with its terms and window — waits here. Approving lists it as submitted (the server
 * refuses if the item changed hands or the window ended: reject it instead); a rejection asks for
 * the reason the holder reads. Each decision is in the action log.
 */
export function NftReviewQueue() {
  const t = useT();
  const f = useFmt();
  return (
    <Queue<AdminNftReview>
      name="nft"
      fetch={admin.nftReviews}
      review={admin.reviewNftListing}
      render={(r) => (
        <KV
          rows={[
            [t('admin.nft.review.artwork'), `${r.title} · ${r.code}`],
            [t('admin.nft.review.holder'), t('admin.field.userValue', { account: r.account, id: r.user_id })],
            [t('admin.nft.modeLabel'), t(NFT_MODE_KEY[r.pay_type] ?? 'admin.nft.mode.fixed')],
            [r.pay_type === 2 ? t('admin.nft.startPrice') : t('admin.nft.price'), `${f.num(r.price)} ${r.currency}`],
            ...(r.pay_type === 2
              ? ([
                  [
                    t('admin.nft.auctionTerms'),
                    t('admin.nft.review.auctionTerms', { step: f.num(r.per_increase), margin: f.num(r.margin) }),
                  ],
                ] as [string, string][])
              : []),
            [t('admin.nft.window'), `${f.dateTime(r.start_at)} → ${f.dateTime(r.end_at)}`],
            [t('admin.field.submitted'), f.dateTime(r.created_at)],
            ...(r.reviewed_by
              ? ([
                  [
                    t('admin.nft.review.reviewedBy'),
                    `${r.reviewed_by} · ${r.reviewed_at ? f.dateTime(r.reviewed_at) : ''}`,
                  ],
                ] as [string, string][])
              : []),
          ]}
        />
      )}
    />
  );
}
