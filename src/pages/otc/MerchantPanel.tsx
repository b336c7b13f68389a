import { useState } from 'react';
import { Button, Dialog, Input, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, type OtcAd } from '../../../core';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { addPayMethod, applyMerchant, myAds, otcMerchant, setAdStatus, type OtcConfig } from '../../api/otc';
import { AdCard } from './AdCard';
import { PostAdSheet } from './PostAdSheet';
import s from './otc.module.css';
import { useQuantityText } from '../../components/Money';

/** Becoming a merchant, the payment methods buyers pay to, and the merchant's own ads. */
export function MerchantPanel({ cfg }: { cfg: OtcConfig }) {
  const { t } = useTranslation();
  const qty = useQuantityText();
  const me = useLoad(() => otcMerchant(), []);
  const ads = useLoad(() => myAds(), []);
  const [name, setName] = useState('');
  const [posting, setPosting] = useState(false);
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch {
      /* toasted */
    }
    void me.reload();
    void ads.reload();
  };
  return (
    <LoadState load={me}>
      {({ merchant, methods }) => (
        <div className={s.page} data-testid="merchant-panel">
          {!merchant || merchant.status === 'rejected' ? (
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
          ) : merchant.status === 'pending' ? (
            <NoticeBar content={t('otc.pending')} color="info" wrap data-testid="merchant-pending" />
          ) : (
            <section className={s.card}>
              <div className={s.head}>
                <strong>{merchant.name}</strong>
                <Button size="small" color="primary" onClick={() => setPosting(true)} data-testid="post-ad-open">
                  {t('otc.postAd')}
                </Button>
              </div>
            </section>
          )}
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
          {merchant?.status === 'approved' ? (
            <LoadState load={ads}>
              {(list: OtcAd[]) => (
                <>
                  {list.length === 0 ? <span className={s.muted}>{t('otc.noMyAds')}</span> : null}
                  {list.map((ad) => (
                    <AdCard
                      key={ad.id}
                      ad={ad}
                      action={
                        <span className={s.adActions}>
                          <Button
                            size="small"
                            fill="outline"
                            onClick={() =>
                              void act(() => setAdStatus(ad.id, ad.status === 'online' ? 'offline' : 'online'))
                            }
                            data-testid="ad-toggle"
                          >
                            {t(ad.status === 'online' ? 'otc.takeOffline' : 'otc.putOnline')}
                          </Button>
                          <Button
                            size="small"
                            fill="outline"
                            color="danger"
                            data-testid="ad-close"
                            onClick={async () => {
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
                            }}
                          >
                            {t('otc.closeAd')}
                          </Button>
                        </span>
                      }
                    />
                  ))}
                </>
              )}
            </LoadState>
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
