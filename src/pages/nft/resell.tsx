import { useState } from 'react';
import { Button, NoticeBar, Selector } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session';
import { feesFor, ratePercent, type NftDetail } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { DecimalInput } from '../../components/form';
import { confirmMoney, useLoad } from '../../components/product/shared';
import { Amount } from '../../components/product/Figures';
import { usePageParam } from '../../components/product/usePageParam';
import { NotFound } from '../../components/product/NotFound';
import { nftDetail, resellNft } from '../../api/nft';
import { ReviewState } from './parts';
import s from './nft.module.css';
import { useAction } from '../../components/action/useAction';

export default function ResellPage() {
  const code = usePageParam('code');
  const { t } = useTranslation();
  if (!code) return <NotFound title={t('route.nft.resell')} listPath="/pages/nft/mine" />;
  return <Resell key={code} code={code} />;
}

const DAYS = [1, 3, 7, 30];
const DAY = 86_400_000;

/**
 * Resell an owned artwork (resellNFT): at a fixed price or by auction (starting price, minimum
 * raise, margin, how many days). What a buyer pays, the creator's royalty and what comes back are
 * shown before sending; the listing then waits for review (its state and any reason show here),
 * and a resale cannot be undone.
 */
function Resell({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => nftDetail(code), [code]);
  const [mode, setMode] = useState<1 | 2>(1);
  const [price, setPrice] = useState('');
  const [step, setStep] = useState('');
  const [margin, setMargin] = useState('');
  const [days, setDays] = useState(7);
  const { pending, run } = useAction(load.reload);
  const me = useSnapshot(session).user?.id;

  const submit = async (d: NftDetail) => {
    // a resale: the creator's royalty comes out of the price (core's one formula)
    const f = feesFor(price, 8, d.royalty_rate, true);
    const rows: [string, React.ReactNode, boolean?][] = [
      [t(mode === 2 ? 'nft.startPrice' : 'nft.price'), <Amount value={price} unit={d.currency_name} />],
      [t('nft.royalty'), <Amount value={f.royalty} unit={d.currency_name} />],
      [t('nft.youGet'), <Amount value={f.seller_gets} unit={d.currency_name} testId="nft-resell-gets" />, true],
    ];
    if (!(await confirmMoney(t('nft.confirmResell'), rows, t('nft.resellFinal')))) return;
    const now = Date.now();
    await run(
      () =>
        resellNft({
          code: d.code,
          price,
          pay_type: mode,
          ...(mode === 2 ? { per_increase: step, margin: margin || '0' } : {}),
          start_time: String(Math.floor(now / 1000)),
          end_time: String(Math.floor((now + days * DAY) / 1000)),
        }),
      t('nft.submitted'),
    );
  };

  return (
    <PageFrame title={t('route.nft.resell')}>
      <LoadState load={load}>
        {(d) => {
          const review = d.my_review;
          const waiting = review?.status === 'pending';
          // only the holder may list it (the server checks it too)
          const listed = d.resell_nft_status !== 'not_for_sale' || (me !== undefined && d.owner_id !== me);
          const ready = Number(price) > 0 && (mode === 1 || Number(step) > 0);
          return (
            <>
              <div className={s.detail}>
                <div className={s.creator}>
                  <img className={s.thumb} src={d.image} alt={d.name} width={64} height={64} />
                  <span className={s.name} data-may-truncate>
                    {d.name}
                  </span>
                </div>
                <NoticeBar className={s.notice} content={t('nft.reviewNotice')} color="info" wrap />
                {review ? <ReviewState review={review} /> : null}
                {listed || waiting ? (
                  <p className={s.muted}>
                    {waiting ? t('nft.waitingReview') : d.owner_id !== me ? t('nft.notYours') : t('nft.alreadyListed')}
                  </p>
                ) : (
                  <>
                    <Selector
                      aria-label={t('nft.saleMode')}
                      columns={2}
                      options={[
                        { label: t('nft.payType.1'), value: 1 },
                        { label: t('nft.payType.2'), value: 2 },
                      ]}
                      value={[mode]}
                      onChange={(v) => v[0] && setMode(v[0] as 1 | 2)}
                    />
                    <DecimalInput
                      label={t(mode === 2 ? 'nft.startPrice' : 'nft.price')}
                      value={price}
                      onChange={setPrice}
                      decimals={8}
                      unit={d.currency_name}
                      data-testid="nft-resell-price"
                    />
                    {mode === 2 ? (
                      <>
                        <DecimalInput
                          label={t('nft.increment')}
                          value={step}
                          onChange={setStep}
                          decimals={8}
                          unit={d.currency_name}
                          data-testid="nft-resell-step"
                        />
                        <DecimalInput
                          label={t('nft.margin')}
                          value={margin}
                          onChange={setMargin}
                          decimals={8}
                          unit={d.currency_name}
                        />
                      </>
                    ) : null}
                    <p className={s.muted}>{t('nft.duration')}</p>
                    <Selector
                      aria-label={t('nft.duration')}
                      columns={4}
                      options={DAYS.map((n) => ({ label: t('nft.days', { count: n }), value: n }))}
                      value={[days]}
                      onChange={(v) => v[0] && setDays(v[0])}
                    />
                    <p className={s.muted}>
                      {t('nft.resellTerms', {
                        royalty: ratePercent(d.royalty_rate),
                        fee: ratePercent(d.fees.fee_rate),
                      })}
                    </p>
                  </>
                )}
              </div>
              <div className={s.bar}>
                {listed || waiting ? (
                  <Button size="large" onClick={() => navigate('/pages/nft/mine')}>
                    {t('nft.mine')}
                  </Button>
                ) : (
                  <Button
                    color="primary"
                    size="large"
                    disabled={!ready || pending}
                    loading={pending}
                    onClick={() => void submit(d)}
                    data-testid="nft-resell-submit"
                  >
                    {t('nft.submitResell')}
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
