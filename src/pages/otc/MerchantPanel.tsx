import { Button, Dialog, Input, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, type OtcAd, type OtcMerchant, type OtcPayMethod } from '../../../core';
import { LoadState } from '../../components/load/LoadState';
import { addPayMethod, applyMerchant, setAdStatus, type OtcConfig } from '../../api/otc';
import { AdCard } from './AdCard';
import { PostAdSheet } from './PostAdSheet';
import { useMerchantPanel } from './useMerchantPanel';
import s from './otc.module.css';
import { useQuantityText } from '../../components/Money';

type Act = (fn: () => Promise<unknown>) => Promise<void>;

/** Becoming a merchant, the payment methods buyers pay to, and the merchant's own ads. */
export function MerchantPanel({ cfg }: { cfg: OtcConfig }) {
  const { me, ads, name, setName, posting, setPosting, act } = useMerchantPanel();
  return (
    <LoadState load={me}>
      {({ merchant, methods }) => (
        <div className={s.page} data-testid="merchant-panel">
          {!merchant || merchant.status === 'rejected' ? (
            <ApplyCard merchant={merchant} name={name} setName={setName} act={act} />
          ) : (
            <MerchantHead merchant={merchant} onPost={() => setPosting(true)} />
          )}
          <PayMethods methods={methods} act={act} />
          {merchant?.status === 'approved' ? (
            <LoadState load={ads}>{(list: OtcAd[]) => <MyAds list={list} act={act} />}</LoadState>
          ) : null}
          <PostAdSheet
            cfg={cfg}
            visible={posting}
            onClose={() => setPosting(false)}
            onPosted={() => {
              setPosting(false);
              void ads.reload();
            }}
          />
        </div>
      )}
    </LoadState>
  );
}

function ApplyCard({
  merchant,
  name,
  setName,
  act,
}: {
  merchant: OtcMerchant | null;
  name: string;
  setName: (v: string) => void;
  act: Act;
}) {
  const { t } = useTranslation();
  return (
    <section className={s.card}>
      <strong>{t('otc.becomeMerchant')}</strong>
      {merchant?.status === 'rejected' ? (
        <span className={s.muted}>{t('otc.rejected', { reason: merchant.reason })}</span>
      ) : null}
      <span className={s.muted}>{t('otc.applyNote')}</span>
      <Input
        value={name}
        onChange={setName}
        maxLength={30}
        placeholder={t('otc.merchantName')}
        aria-label={t('otc.merchantName')}
        data-testid="merchant-name"
      />
      <Button
        block
        color="primary"
        disabled={name.trim().length < 2}
        onClick={() => void act(() => applyMerchant(name.trim()))}
        data-testid="merchant-apply"
      >
        {t('otc.apply')}
      </Button>
    </section>
  );
}

/** pending review, or approved: the merchant's name and the way to post an ad */
function MerchantHead({ merchant, onPost }: { merchant: OtcMerchant; onPost: () => void }) {
  const { t } = useTranslation();
  if (merchant.status === 'pending')
    return <NoticeBar content={t('otc.pending')} color="info" wrap data-testid="merchant-pending" />;
  return (
    <section className={s.card}>
      <div className={s.head}>
        <strong>{merchant.name}</strong>
        <Button size="small" color="primary" onClick={onPost} data-testid="post-ad-open">
          {t('otc.postAd')}
        </Button>
      </div>
    </section>
  );
}

function PayMethods({ methods, act }: { methods: OtcPayMethod[]; act: Act }) {
  const { t } = useTranslation();
  return (
    <section className={s.card} aria-label={t('otc.methods')}>
      <div className={s.head}>
        <strong>{t('otc.methods')}</strong>
        <Button
          size="small"
          fill="outline"
          onClick={() => void act(() => addPayMethod({ from_card: 'domestic', kind: 'bank' }))}
          data-testid="method-from-card"
        >
          {t('otc.fromCard')}
        </Button>
      </div>
      {methods.length === 0 ? <span className={s.muted}>{t('otc.noMethods')}</span> : null}
      {methods.map((m) => (
        <div key={m.id} className={s.method} data-testid="merchant-method">
          {t(`otc.kind.${m.kind}`)} · {m.name} · {m.account}
        </div>
      ))}
    </section>
  );
}

function MyAds({ list, act }: { list: OtcAd[]; act: Act }) {
  const { t } = useTranslation();
  return (
    <>
      {list.length === 0 ? <span className={s.muted}>{t('otc.noMyAds')}</span> : null}
      {list.map((ad) => (
        <AdCard key={ad.id} ad={ad} action={<AdActions ad={ad} act={act} />} />
      ))}
    </>
  );
}

/** online/offline, and closing the ad (which returns what it still holds) */
function AdActions({ ad, act }: { ad: OtcAd; act: Act }) {
  const { t } = useTranslation();
  const qty = useQuantityText();
  const close = async () => {
    if (
      await Dialog.confirm({
        'aria-label': t('otc.closeAd'),
        content: t('otc.closeAdNote', {
          amount: qty(ad.held ? ad.remaining : '0', OTC_RULES.coinDecimals),
          coin: ad.coin,
        }),
        confirmText: t('otc.closeAd'),
      })
    )
      await act(() => setAdStatus(ad.id, 'closed'));
  };
  return (
    <span className={s.adActions}>
      <Button
        size="small"
        fill="outline"
        onClick={() => void act(() => setAdStatus(ad.id, ad.status === 'online' ? 'offline' : 'online'))}
        data-testid="ad-toggle"
      >
        {t(ad.status === 'online' ? 'otc.takeOffline' : 'otc.putOnline')}
      </Button>
      <Button size="small" fill="outline" color="danger" data-testid="ad-close" onClick={close}>
        {t('otc.closeAd')}
      </Button>
    </span>
  );
}
