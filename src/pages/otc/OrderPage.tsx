import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, type OtcOrder } from '../../../core';
import { Money } from '../../components/Money';
import { Num } from '../../components/Num';
import { LoadState } from '../../components/load/LoadState';
import { Facts } from '../../components/product/Facts';
import { when } from '../../components/funds/format';
import { OrderActions } from './OrderActions';
import { OrderChat } from './OrderChat';
import { STATUS_COLOR, mmss } from './useOtcConfig';
import { useOtcOrder } from './useOtcOrder';
import s from './otc.module.css';

/** One order: status and payment countdown, amounts, the seller's payment methods, the actions, the timeline, the chat. */
export function OrderPage({ id }: { id: number }) {
  const { load, now } = useOtcOrder(id);
  return (
    <LoadState load={load}>
      {(o: OtcOrder) => (
        <div className={s.page} data-testid="otc-order" data-status={o.status}>
          <OrderSummary o={o} now={now} />
          <PayTo o={o} />
          <OrderActions o={o} onChanged={() => void load.reload()} />
          <Timeline o={o} />
          <OrderChat orderId={o.id} />
        </div>
      )}
    </LoadState>
  );
}

/** status, the payment countdown while unpaid, and the amounts */
function OrderSummary({ o, now }: { o: OtcOrder; now: number }) {
  const { t } = useTranslation();
  const left = o.status === 'unpaid' ? mmss(o.deadline, now) : '';
  const youBuy = o.role === 'buyer';
  return (
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
  );
}

/** the seller's payment methods, and the buyer's proof once sent */
function PayTo({ o }: { o: OtcOrder }) {
  const { t } = useTranslation();
  return (
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
  );
}

function Timeline({ o }: { o: OtcOrder }) {
  const { t } = useTranslation();
  return (
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
  );
}
