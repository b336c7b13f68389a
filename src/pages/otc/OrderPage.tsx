import { useEffect } from 'react';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, type OtcOrder } from '../../../core';
import { Money } from '../../components/Money';
import { Num } from '../../components/Num';
import { LoadState } from '../../components/load/LoadState';
import { Facts } from '../../components/product/Facts';
import { when } from '../../components/funds/format';
import { useLoad } from '../../components/product/shared';
import { useNow } from '../../components/product/useNow';
import { useOnReconnect, useUserEvents } from '../../market';
import { otcOrder } from '../../api/otc';
import { OrderActions } from './OrderActions';
import { OrderChat } from './OrderChat';
import { STATUS_COLOR, mmss } from './useOtcConfig';
import s from './otc.module.css';

const WAITING_REFRESH_MS = 10_000;

/** One order: status and payment countdown, amounts, the seller's payment methods, the actions, the timeline, the chat. */
export function OrderPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const load = useLoad(() => otcOrder(id), [id]);
  useUserEvents((e) => {
    if (e.kind === 'otc' && e.otc.order_id === id && e.otc.what === 'order') void load.reload();
  });
  // An event sent while this page's socket was away (a reload, a reconnect, a socket not yet in the
  // user's room) is not sent again: read the order again on every (re)connect, and every 10 s while
  // it waits on someone else (the counterparty, the timer or support).
  const { reload } = load;
  useOnReconnect(() => void reload());
  const waiting = load.data?.status === 'unpaid' || load.data?.status === 'paid' || load.data?.status === 'appeal';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reload(), WAITING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, reload]);
  const now = useNow(load.data?.status === 'unpaid');
  return (
    <LoadState load={load}>
      {(o: OtcOrder) => {
        const left = o.status === 'unpaid' ? mmss(o.deadline, now) : '';
        const youBuy = o.role === 'buyer';
        return (
          <div className={s.page} data-testid="otc-order" data-status={o.status}>
            <section className={s.card}>
              <div className={s.head}>
                <strong>
                  {t(youBuy ? 'otc.buyCoin' : 'otc.sellCoin', { coin: o.coin })} · #{o.id}
                </strong>
                <Tag color={STATUS_COLOR[o.status]} fill="outline" data-testid="otc-status">
                  {t(`otc.status.${o.status}`)}
                </Tag>
              </div>
              {o.status === 'unpaid' ? (
                <span className={s.countdown} data-testid="otc-countdown">
                  {left ? t('otc.payWithin', { left }) : t('otc.expiring')}
                </span>
              ) : null}
              <Facts
                items={[
                  [t('otc.price'), <Money value={o.price} asset={o.fiat} unit />, 'otc-price'],
                  [t('otc.total'), <Money value={o.fiat_amount} asset={o.fiat} unit />, 'otc-fiat-amount'],
                  [
                    t('otc.quantity'),
                    <Num value={o.coin_amount} decimals={OTC_RULES.coinDecimals} tint={false} suffix={` ${o.coin}`} />,
                    'otc-coin-amount',
                  ],
                  [t('otc.counterparty'), o.counterparty],
                ]}
              />
            </section>
            <section className={s.card} aria-label={t('otc.payTo')}>
              <strong>{t('otc.payTo')}</strong>
              {o.pay_methods.map((m) => (
                <div key={m.id} className={s.method} data-testid="otc-method">
                  {t(`otc.kind.${m.kind}`)} · {m.name} · {m.account}
                  {m.bank ? ` · ${m.bank}` : ''}
                </div>
              ))}
              {o.proof_url ? <img className={s.proof} src={o.proof_url} alt={t('otc.proof')} /> : null}
            </section>
            <OrderActions o={o} onChanged={() => void load.reload()} />
            <section className={s.card} aria-label={t('otc.timeline')}>
              <strong>{t('otc.timeline')}</strong>
              <ol className={s.timeline} data-testid="otc-timeline">
                {o.events.map((e) => (
                  <li key={e.id} data-kind={e.kind}>
                    {when(new Date(e.at).toISOString())} · {t(`otc.event.${e.kind}`)}
                    {e.note && e.kind !== 'opened' ? ` — ${e.note}` : ''}
                  </li>
                ))}
              </ol>
            </section>
            <OrderChat orderId={o.id} />
          </div>
        );
      }}
    </LoadState>
  );
}
