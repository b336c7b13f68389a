import type { ReactNode } from 'react';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OtcAd } from '../../../core';
import { pct } from '../../components/product/money';
import s from './otc.module.css';
import { Money, useMoneyText, useQuantityText } from '../../components/Money';

/** One ad: the merchant and their figures, the price now, the limits, what is left, the payment kinds. */
export function AdCard({ ad, action }: { ad: OtcAd; action?: ReactNode }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const qty = useQuantityText();
  const st = ad.stats;
  return (
    <section className={s.card} data-testid="otc-ad" data-ad={ad.id} aria-label={ad.merchant}>
      <div className={s.head}>
        <span className={s.name}>{ad.merchant}</span>
        <span className={s.muted}>
          {/* only the figures a merchant has: a new one has no completion rate or release time yet */}
          {[
            t('otc.statOrders', { n: st.orders }),
            st.completion_rate === null ? null : t('otc.statRate', { rate: `${qty(pct(st.completion_rate), 2)}%` }),
            st.avg_release_s === null
              ? null
              : t('otc.statRelease', { release: `${Math.max(1, Math.round(st.avg_release_s / 60))}` }),
          ]
            .filter(Boolean)
            .join(' · ')}
          {st.rating ? ` · ★ ${qty(st.rating, 2)}` : ''}
        </span>
      </div>
      <div className={s.row}>
        <span className={s.price} data-testid="otc-ad-price">
          <Money value={ad.price} asset={ad.fiat} /> <span className={s.muted}>{ad.fiat}</span>
        </span>
        {action}
      </div>
      <div className={s.muted}>
        {t('otc.limits', { min: money(ad.min_fiat, ad.fiat), max: money(ad.max_fiat, ad.fiat), fiat: ad.fiat })} ·{' '}
        {t('otc.available', { amount: money(ad.remaining, ad.coin), coin: ad.coin })}
      </div>
      <div className={s.row}>
        <span>
          {ad.pay_kinds.map((k) => (
            <Tag key={k} color="primary" fill="outline" style={{ marginRight: 4 }}>
              {t(`otc.kind.${k}`)}
            </Tag>
          ))}
        </span>
        <span className={s.muted}>
          {ad.price_type === 'floating' ? t('otc.floating', { margin: qty(ad.margin, 2) }) : t('otc.fixed')} ·{' '}
          {t('otc.window', { n: ad.window_min })}
        </span>
      </div>
    </section>
  );
}
