import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SECONDS_STATUS, SECONDS_TYPE, secondsStatusOf, secondsTypeOf, type SecondsOrder } from '../../../../core';
import { Num } from '../../../components/Num';
import { Cell } from '../../../components/trade/Cell';
import { formatTime } from '../../../components/trade/time';
import { ProofPanel } from '../../../components/proof/ProofPanel';
import styles from './components.module.css';

/** One seconds-option order: direction, stake, buy/settle prices, expiry, result and profit. */
export const SecondsOrderCard = memo(function SecondsOrderCard({
  o,
  priceDecimals,
}: {
  o: SecondsOrder;
  priceDecimals: number;
}) {
  const { t } = useTranslation();
  const px = (v: string | null) => (v ? <Num value={v} format="price" decimals={priceDecimals} tint={false} /> : '--');
  const result = o.result ? t(`trade.seconds.${o.result}`) : t('trade.tabs.pending');
  return (
    <article className={styles.card} data-testid="seconds-order" data-id={o.id} data-status={secondsStatusOf(o.status)}>
      <div className={styles.cardHead}>
        <span className={`${styles.tag} ${o.type === SECONDS_TYPE.up ? styles.tagUp : styles.tagDown}`}>
          {t(`trade.seconds.${secondsTypeOf(o.type)}`)}
        </span>
        <span className={styles.cardTitle}>{o.symbol_name}</span>
        <span className={`${styles.tag} ${styles.tagFlat}`}>{o.seconds}s</span>
        <span className={styles.cardTime}>{formatTime(o.created_at)}</span>
      </div>
      <div className={styles.grid}>
        <Cell label={`${t('trade.seconds.stake')} (${o.currency})`}>
          <Num value={o.number} tint={false} />
        </Cell>
        <Cell label={t('trade.seconds.buyPrice')}>{px(o.open_price)}</Cell>
        <Cell label={t('trade.seconds.endPrice')} right>
          {px(o.end_price)}
        </Cell>
        <Cell label={t('trade.status')}>{result}</Cell>
        <Cell
          label={o.fact_profits === null ? t('trade.seconds.expectedProfit') : t('trade.seconds.profit')}
          testId="seconds-profit"
        >
          <Num value={o.fact_profits ?? o.expected_profit} signed={o.fact_profits !== null} tint={false} />
        </Cell>
        <Cell label={o.handled_at ? t('trade.seconds.sellTime') : t('trade.seconds.expiry')} right>
          <span className={styles.muted}>{formatTime(o.handled_at ?? o.expires_at).slice(5)}</span>
        </Cell>
      </div>
      {o.status === SECONDS_STATUS.settled ? (
        <ProofPanel build={(v) => v.secondsProofView(o, t)} testId="seconds-proof" />
      ) : null}
    </article>
  );
});
