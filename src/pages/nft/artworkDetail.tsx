import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session';
import { minBid, ratePercent, verifyBoxes, type NftDetail } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { DecimalInput } from '../../components/form';
import { confirmMoney, useLoad } from '../../components/product/shared';
import { Facts } from '../../components/product/Facts';
import { Amount } from '../../components/product/Figures';
import { useNow } from '../../components/product/useNow';
import { usePageParam } from '../../components/product/usePageParam';
import { NotFound } from '../../components/product/NotFound';
import { bidNft, buyNft, nftDetail, payMargin } from '../../api/nft';
import { ReviewState, SaleClock, shownPrice } from './parts';
import { MediaHero } from './media';
import { AuctionProof, Favourite } from './artworkParts';
import s from './nft.module.css';
import { useAction } from '../../components/action/useAction';
import { useMoneyText } from '../../components/Money';
import { useOnReconnect, useUserEvents } from '../../market';

export default function ArtworkPage() {
  return <ArtworkRoute route="artworkDetail" />;
}

/** The artwork page of either route: artworkDetail, or artworkDetail_video (the same page, its title says video). */
export function ArtworkRoute({ route }: { route: 'artworkDetail' | 'artworkDetail_video' }) {
  const code = usePageParam('code');
  const { t } = useTranslation();
  if (!code) return <NotFound title={t(`route.nft.${route}`)} listPath="/pages/nft/nft" />;
  return <Artwork key={code} code={code} title={t(`route.nft.${route}`)} />;
}

/**
 * One artwork (/bind_box/getBoxDetail): the media large, creator, price and countdown above the
 * fold; a buy sheet with the fee breakdown; for an auction the margin step and a bid sheet with the
 * minimum raise pre-filled and the soft-close rule stated; for a blind box the manifest, the seed
 * commitment and — once revealed — the verifier's result computed here in the page.
 */
function Artwork({ code, title }: { code: string; title: string }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const load = useLoad(() => nftDetail(code), [code]);
  const now = useNow();
  const [raise, setRaise] = useState('');
  const navigate = useNavigate();
  const me = useSnapshot(session).user?.id;

  const { pending, run } = useAction(load.reload);
  // an auction notice about this work (outbid, won, margin back) is toasted at the app root; the page
  // reads the work again so its bid, minimum and state agree with the toast
  useUserEvents((e) => {
    if (e.kind === 'notice' && e.notice.ref.type === 'nft' && e.notice.params.code === code) void load.reload();
  });
  // a bid, a sale or a box sold while the socket was away (a deploy) sent no notice that reached us
  useOnReconnect(() => void load.reload());

  const buy = async (d: NftDetail) => {
    const f = d.fees;
    const rows: [string, React.ReactNode, boolean?][] = [
      [t('nft.price'), <Amount value={f.price} unit={d.currency_name} />],
      [t('nft.fee', { rate: ratePercent(f.fee_rate) }), <Amount value={f.fee} unit={d.currency_name} />],
      [t('nft.total'), <Amount value={f.total} unit={d.currency_name} testId="nft-confirm-total" />, true],
    ];
    if (f.royalty !== '0') rows.push([t('nft.royalty'), <Amount value={f.royalty} unit={d.currency_name} />]);
    if (await confirmMoney(t('nft.confirmBuy'), rows, t('nft.reviewNotice')))
      await run(() => buyNft(d.code), t('nft.bought'));
  };

  const bid = async (d: NftDetail, r: string) => {
    // the bid this raise makes: core's next-bid rule with the raise as the step
    const next = minBid({ price: d.price, current_bid: d.current_bid, per_increase: r });
    const rows: [string, React.ReactNode, boolean?][] = [
      [t('nft.raise'), <Amount value={r} unit={d.currency_name} />],
      [t('nft.yourBid'), <Amount value={next} unit={d.currency_name} testId="nft-confirm-bid" />, true],
      [t('nft.margin'), <Amount value={d.margin} unit={d.currency_name} />],
    ];
    if (await confirmMoney(t('nft.confirmBid'), rows, t('nft.winnerRule', { hours: d.rules.pay_window_hours })))
      await run(() => bidNft(d.code, r), t('nft.bidPlaced'));
  };

  return (
    <PageFrame title={title} right={load.data ? <Favourite code={load.data.code} on={load.data.is_collect} /> : null}>
      <LoadState load={load}>
        {(d) => {
          const open = d.status === 1;
          const raiseValue = raise || d.per_increase;
          const series = d.series;
          const check = series?.seed
            ? verifyBoxes({
                seed: series.seed,
                commitment: series.commitment,
                seriesId: series.id,
                manifest: series.manifest,
                purchases: series.purchases.map((p) => ({ k: p.k, prize: p.prize ?? '' })),
              })
            : null;
          return (
            <>
              <MediaHero item={d} />
              <div className={s.detail}>
                <h2 className={s.title}>{d.name}</h2>
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
                    [t('nft.royalty'), `${ratePercent(d.royalty_rate)}%`],
                    ...(d.pay_type === 2
                      ? ([
                          [t('nft.margin'), <Amount value={d.margin} unit={d.currency_name} />],
                          [t('nft.increment'), <Amount value={d.per_increase} unit={d.currency_name} />],
                          [t('nft.minBid'), <Amount value={d.min_bid} unit={d.currency_name} testId="nft-min-bid" />],
                          [t('nft.bids'), String(d.bid_count)],
                        ] as [string, React.ReactNode][])
                      : []),
                  ]}
                />
                {d.pay_type === 2 ? (
                  <p className={s.muted}>
                    {t('nft.softClose', { minutes: d.rules.soft_close_minutes, cap: d.rules.soft_close_cap_minutes })}
                  </p>
                ) : null}
                {d.pay_type === 2 ? <AuctionProof item={d} /> : null}
                {d.description ? <p>{d.description}</p> : null}
                {series ? (
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
                ) : null}
                {d.my_review ? <ReviewState review={d.my_review} /> : null}
                {d.pay_type === 2 && open && d.my_margin ? (
                  <DecimalInput
                    label={t('nft.raise')}
                    value={raiseValue}
                    onChange={setRaise}
                    decimals={8}
                    unit={d.currency_name}
                    data-testid="nft-raise"
                  />
                ) : null}
              </div>
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
                    onClick={() => void buy(d)}
                    data-testid="nft-buy"
                  >
                    {open ? t(d.pay_type === 3 ? 'nft.buyBox' : 'nft.buy') : t('nft.notOnSale')}
                  </Button>
                ) : !d.my_margin ? (
                  <Button
                    color="primary"
                    size="large"
                    disabled={!open || pending}
                    onClick={() => void run(() => payMargin(d.code), t('nft.marginPaid'))}
                    data-testid="nft-margin"
                  >
                    {t('nft.payMargin', { margin: money(d.margin, d.currency_name), unit: d.currency_name })}
                  </Button>
                ) : (
                  <Button
                    color="primary"
                    size="large"
                    disabled={!open || pending}
                    onClick={() => void bid(d, raiseValue)}
                    data-testid="nft-bid"
                  >
                    {t('nft.placeBid')}
                  </Button>
                )}
              </div>
            </>
          );
        }}
      </LoadState>
    </PageFrame>
  );
}
