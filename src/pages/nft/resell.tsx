import { Button, NoticeBar, Selector } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NftDetail } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { DecimalInput } from '../../components/form';
import { usePageParam } from '../../components/product/usePageParam';
import { NotFound } from '../../components/product/NotFound';
import { useRateText } from '../../components/product/Figures';
import { ReviewState } from './parts';
import { useResell, type ResellTerms, type SaleMode } from './useResell';
import s from './nft.module.css';

export default function ResellPage() {
  const code = usePageParam('code');
  const { t } = useTranslation();
  if (!code) return <NotFound title={t('route.nft.resell')} listPath="/pages/nft/mine" />;
  return <Resell key={code} code={code} />;
}

const DAYS = [1, 3, 7, 30];

/**
 * Resell an owned artwork (resellNFT): at a fixed price or by auction (starting price, minimum
 * raise, margin, how many days). What a buyer pays, the creator's royalty and what comes back are
 * shown before sending; the listing then waits for review (its state and any reason show here),
 * and a resale cannot be undone.
 */
function Resell({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { load, terms, set, ready, pending, me, submit } = useResell(code);

  return (
    <PageFrame title={t('route.nft.resell')}>
      <LoadState load={load}>
        {(d) => {
          const review = d.my_review;
          const waiting = review?.status === 'pending';
          // only the holder may list it (the server checks it too)
          const listed = d.resell_nft_status !== 'not_for_sale' || (me !== undefined && d.owner_id !== me);
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
                  <ResellFields d={d} terms={terms} set={set} />
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

interface FieldsProps {
  d: NftDetail;
  terms: ResellTerms;
  set: (patch: Partial<ResellTerms>) => void;
}

/** The terms: fixed price or auction, the price (an auction's step and margin too), the days, and the royalty and fee. */
function ResellFields({ d, terms, set }: FieldsProps) {
  const { t } = useTranslation();
  const rate = useRateText();
  const { mode, price, step, margin, days } = terms;
  return (
    <>
      <Selector
        aria-label={t('nft.saleMode')}
        columns={2}
        options={[
          { label: t('nft.payType.1'), value: 1 },
          { label: t('nft.payType.2'), value: 2 },
        ]}
        value={[mode]}
        onChange={(v) => v[0] && set({ mode: v[0] as SaleMode })}
      />
      <DecimalInput
        label={t(mode === 2 ? 'nft.startPrice' : 'nft.price')}
        value={price}
        onChange={(v) => set({ price: v })}
        decimals={8}
        unit={d.currency_name}
        data-testid="nft-resell-price"
      />
      {mode === 2 ? (
        <>
          <DecimalInput
            label={t('nft.increment')}
            value={step}
            onChange={(v) => set({ step: v })}
            decimals={8}
            unit={d.currency_name}
            data-testid="nft-resell-step"
          />
          <DecimalInput
            label={t('nft.margin')}
            value={margin}
            onChange={(v) => set({ margin: v })}
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
        onChange={(v) => v[0] && set({ days: v[0] })}
      />
      <p className={s.muted}>
        {t('nft.resellTerms', {
          royalty: rate(d.royalty_rate),
          fee: rate(d.fees.fee_rate),
        })}
      </p>
    </>
  );
}
