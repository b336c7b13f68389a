import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { NftItem, NftReview } from '../../../core';
import { Amount } from '../../components/product/Figures';
import { timeLeft } from '../../components/product/useNow';
import s from './nft.module.css';
import { MediaBadge, itemPath } from './media';
import { useNavigate } from 'react-router-dom';
import { Empty } from 'antd-mobile';

/** What a tile or the detail shows as "the price": the current bid of an auction, else the price. */
export const shownPrice = (i: NftItem) => (i.pay_type === 2 ? (i.current_bid ?? i.price) : i.price);

/**
 * The sale state in words: not started / countdown to the end / ended — or, for a work someone
 * holds and has not listed, "Not for sale" (its own state, not a sale that ran out).
 */
export function SaleClock({ item, now }: { item: NftItem; now: number }) {
  const { t } = useTranslation();
  if (item.owner_id !== null && item.resell_nft_status === 'not_for_sale') {
    return (
      <span className={s.muted} data-testid="nft-not-for-sale">
        {t('nft.notForSale')}
      </span>
    );
  }
  if (item.status === 2)
    return <span className={s.muted}>{t('nft.startsIn', { time: timeLeft(item.start_time, now) })}</span>;
  const left = timeLeft(item.end_time, now);
  if (item.status === 1 && left)
    return (
      <span className={s.muted} data-testid="nft-countdown">
        {t('nft.endsIn', { time: left })}
      </span>
    );
  return <span className={s.muted}>{t('nft.ended')}</span>;
}

export function Tile({ item, now, onOpen }: { item: NftItem; now: number; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={s.tile} onClick={onOpen} data-testid={`nft-tile-${item.code}`}>
      <span className={s.tileMedia}>
        <img className={s.media} src={item.image} alt={item.name} loading="lazy" width={200} height={200} />
        <MediaBadge type={item.type} />
      </span>
      <span className={s.tileBody}>
        {/* a title is the artist's words, of any length: one line, cut with an ellipsis */}
        <span className={s.name} data-may-truncate>
          {item.name}
        </span>
        <span className={s.muted}>{item.author_name}</span>
        <span className={s.row}>
          <span className={s.price}>
            <Amount value={shownPrice(item)} unit={item.currency_name} />
          </span>
          <Tag color={item.pay_type === 2 ? 'warning' : item.pay_type === 3 ? 'primary' : 'default'} fill="outline">
            {t(`nft.payType.${item.pay_type}`)}
          </Tag>
        </span>
        <SaleClock item={item} now={now} />
      </span>
    </button>
  );
}

/** A listing submission's review: waiting, approved, or rejected with the operator's reason. */
export function ReviewState({ review }: { review: NftReview }) {
  const { t } = useTranslation();
  const color = review.status === 'approved' ? 'success' : review.status === 'rejected' ? 'danger' : 'warning';
  return (
    <div className={s.box} data-testid={`nft-review-${review.status}`}>
      <div className={s.row}>
        <span className={s.name} data-may-truncate>
          {review.name}
        </span>
        <Tag color={color} fill="outline">
          {t(`nft.review.${review.status}`)}
        </Tag>
      </div>
      <span className={s.muted}>
        {t(`nft.payType.${review.pay_type}`)} · <Amount value={review.price} unit={review.currency_name} />
      </span>
      {review.status === 'rejected' && review.reason ? (
        <p className={s.muted}>{t('nft.reviewReason', { reason: review.reason })}</p>
      ) : null}
    </div>
  );
}

/** Works two by two, each opening its page (a video its video page); `empty` when there are none. */
export function TileGrid({ items, now, empty }: { items: NftItem[]; now: number; empty: string }) {
  const navigate = useNavigate();
  if (items.length === 0) return <Empty description={empty} />;
  return (
    <div className={s.grid}>
      {items.map((i) => (
        <Tile key={i.id} item={i} now={now} onOpen={() => navigate(itemPath(i))} />
      ))}
    </div>
  );
}
