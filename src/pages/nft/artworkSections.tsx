import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { verifyBoxes, type NftBoxSeries, type NftDetail } from '../../../core';
import { Facts } from '../../components/product/Facts';
import { Amount, useRateText } from '../../components/product/Figures';
import { useMoneyText } from '../../components/Money';
import { SaleClock, shownPrice } from './parts';
import s from './nft.module.css';

/** The creator (to their page) and the collection (to its page). */
export function CreatorRow({ d }: { d: NftDetail }) {
  const navigate = useNavigate();
  return (
    <div className={s.creator}>
      <button
        type="button"
        className={s.creatorLink}
        onClick={() => navigate(`/pages/nft/artistDetail?id=${d.author_id}`)}
        data-testid="nft-creator"
      >
        <img className={s.avatar} src={d.author_avatar} alt="" width={32} height={32} />
        <span>{d.author_name}</span>
      </button>
      <button
        type="button"
        className={`${s.creatorLink} ${s.muted}`}
        onClick={() => navigate(`/pages/nft/collection?id=${d.collection_id}`)}
      >
        · {d.collection_name}
      </button>
    </div>
  );
}

/** The price (or current bid) and the sale clock, the facts (an auction's margin, step, minimum and bids too), and the soft-close rule. */
export function PriceAndFacts({ d, now }: { d: NftDetail; now: number }) {
  const { t } = useTranslation();
  const rate = useRateText();
  return (
    <>
      <div className={s.row}>
        <span className={s.price} data-testid="nft-price">
          {d.pay_type === 2 && d.current_bid ? `${t('nft.currentBid')} ` : ''}
          <Amount value={shownPrice(d)} unit={d.currency_name} />
        </span>
        <SaleClock item={d} now={now} />
      </div>
      <Facts
        items={[
          [t('nft.rarity'), d.rarity],
          [t('nft.code'), d.code],
          [t('nft.royalty'), `${rate(d.royalty_rate)}%`],
          ...(d.pay_type === 2
            ? ([
                [t('nft.margin'), <Amount value={d.margin} unit={d.currency_name} />],
                [t('nft.increment'), <Amount value={d.per_increase} unit={d.currency_name} />],
                [t('nft.minBid'), <Amount value={d.min_bid} unit={d.currency_name} testId="nft-min-bid" />],
                [t('nft.bids'), String(d.bid_count)],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
      {d.pay_type === 2 ? (
        <p className={s.muted}>
          {t('nft.softClose', { minutes: d.rules.soft_close_minutes, cap: d.rules.soft_close_cap_minutes })}
        </p>
      ) : null}
    </>
  );
}

/**
 * A blind-box series: the manifest, how many sold, the seed commitment and — once revealed — the
 * seed and the verifier's result computed here in the page; and the way to the full verifier.
 */
export function SeriesBox({ series }: { series: NftBoxSeries }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = series.seed
    ? verifyBoxes({
        seed: series.seed,
        commitment: series.commitment,
        seriesId: series.id,
        manifest: series.manifest,
        purchases: series.purchases.map((p) => ({ k: p.k, prize: p.prize ?? '' })),
      })
    : null;
  return (
    <section className={s.box} data-testid="nft-series">
      <h3>{t('nft.manifest')}</h3>
      {series.manifest.map((m) => (
        <div key={m.prize} className={s.row}>
          <span>{m.prize}</span>
          <span>× {m.count}</span>
        </div>
      ))}
      <p className={s.muted}>{t('nft.sold', { sold: series.sold, total: series.total })}</p>
      <p className={s.muted}>{t('nft.commitment')}</p>
      <p className={s.mono}>{series.commitment}</p>
      {series.seed ? (
        <p className={s.mono}>
          {t('nft.seed')}: {series.seed}
        </p>
      ) : (
        <p className={s.muted}>{t('nft.seedHidden')}</p>
      )}
      {check ? (
        <p data-testid="nft-verify">
          {check.ok ? t('nft.verified', { count: series.purchases.length }) : t('nft.verifyFailed')}
        </p>
      ) : null}
      <Button
        size="small"
        onClick={() => navigate(`/pages/nft/verify?code=${encodeURIComponent(series.code)}`)}
        data-testid="nft-open-verifier"
      >
        {t('nft.openVerifier')}
      </Button>
    </section>
  );
}

interface BarProps {
  d: NftDetail;
  /** the signed-in user's id */
  me: number | undefined;
  pending: boolean;
  onBuy: () => void;
  onMargin: () => void;
  onBid: () => void;
}

/** The one action at the bottom: resell (the holder), buy, pay the margin, or bid (an auction once the margin is in). */
export function ArtworkBar({ d, me, pending, onBuy, onMargin, onBid }: BarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoneyText();
  const open = d.status === 1;
  return (
    <div className={s.bar}>
      {me !== undefined && d.owner_id === me ? (
        <Button
          color="primary"
          size="large"
          disabled={d.resell_nft_status !== 'not_for_sale' || d.my_review?.status === 'pending'}
          onClick={() => navigate(`/pages/nft/resell?code=${encodeURIComponent(d.code)}`)}
          data-testid="nft-resell"
        >
          {d.resell_nft_status !== 'not_for_sale'
            ? t('nft.alreadyListed')
            : d.my_review?.status === 'pending'
              ? t('nft.review.pending')
              : t('nft.resell')}
        </Button>
      ) : d.pay_type !== 2 ? (
        <Button
          color="primary"
          size="large"
          disabled={!open || pending}
          loading={pending}
          onClick={onBuy}
          data-testid="nft-buy"
        >
          {open ? t(d.pay_type === 3 ? 'nft.buyBox' : 'nft.buy') : t('nft.notOnSale')}
        </Button>
      ) : !d.my_margin ? (
        <Button color="primary" size="large" disabled={!open || pending} onClick={onMargin} data-testid="nft-margin">
          {t('nft.payMargin', { margin: money(d.margin, d.currency_name), unit: d.currency_name })}
        </Button>
      ) : (
        <Button color="primary" size="large" disabled={!open || pending} onClick={onBid} data-testid="nft-bid">
          {t('nft.placeBid')}
        </Button>
      )}
    </div>
  );
}
