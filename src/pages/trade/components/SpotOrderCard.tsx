import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotFill, SpotOrder } from '../../../../core';
import { spotFills } from '../../../api/trade';
import { ProofPanel } from '../../../components/proof/ProofPanel';
import { Num } from '../../../components/Num';
import { Cell } from '../../../components/trade/Cell';
import { formatTime } from '../../../components/trade/time';
import { AskAbout } from '../../../components/service/AskAbout';
import styles from './components.module.css';

export interface SpotOrderCardProps {
  order: SpotOrder;
  priceDecimals: number;
  onCancel?: (o: SpotOrder) => void;
  cancelling?: boolean;
  /** show "Contact support about this" (the orders page; not the trading page's short list) */
  ask?: boolean;
}

/** One spot order: side, pair, kind, price, amount, fill, fee, status, what is filled of a partial fill; cancel while it rests. */
export const SpotOrderCard = memo(function SpotOrderCard({
  order: o,
  priceDecimals,
  onCancel,
  cancelling,
  ask,
}: SpotOrderCardProps) {
  const { t } = useTranslation();
  const [base, quote] = o.symbol.split('/');
  return (
    <article className={styles.card} data-testid="spot-order" data-id={o.id} data-status={o.status}>
      <div className={styles.cardHead}>
        <span className={`${styles.tag} ${o.side === 'buy' ? styles.tagUp : styles.tagDown}`}>
          {o.side === 'buy' ? t('trade.buy') : t('trade.sell')}
        </span>
        <span className={styles.cardTitle}>{o.symbol}</span>
        <span className={`${styles.tag} ${styles.tagFlat}`}>{t(`trade.${o.kind}`)}</span>
        <span className={styles.cardTime}>{formatTime(o.filled_at ?? o.cancelled_at ?? o.created_at)}</span>
      </div>
      <div className={styles.grid}>
        <Cell label={`${t('trade.price')} (${quote})`}>
          {o.target_price ? (
            <Num value={o.target_price} format="price" decimals={priceDecimals} tint={false} />
          ) : (
            t('trade.market')
          )}
        </Cell>
        <Cell label={`${t('trade.amount')} (${base})`}>
          <Num value={o.amount} tint={false} />
        </Cell>
        <Cell label={t('trade.status')} right>
          <span data-testid="order-status">{t(`trade.spotStatus.${o.status}`)}</span>
        </Cell>
        <Cell label={`${t('trade.fillPrice')} (${quote})`}>
          {o.fill_price ? <Num value={o.fill_price} format="price" decimals={priceDecimals} tint={false} /> : '--'}
        </Cell>
        <Cell label={`${t('trade.total')} (${quote})`}>{o.total ? <Num value={o.total} tint={false} /> : '--'}</Cell>
        <Cell label={`${t('trade.fee')} (${quote})`} right>
          <Num value={o.fee} tint={false} />
        </Cell>
      </div>
      {o.status === 'partially_filled' || (o.status === 'cancelled' && /[1-9]/.test(o.filled)) ? (
        <div className={styles.filledLine} data-testid="order-filled">
          {t('trade.filledOf')} <Num value={o.filled} tint={false} /> / <Num value={o.amount} tint={false} /> {base}
        </div>
      ) : null}
      {/[1-9]/.test(o.filled) ? <FillsProof order={o} /> : null}
      {/* a partly filled order rests for the rest: cancelling releases the remainder, the fills stay */}
      {ask || (onCancel && (o.status === 'open' || o.status === 'partially_filled')) ? (
        <div className={styles.cardActions}>
          {ask ? <AskAbout type="order" id={o.id} /> : null}
          {onCancel && (o.status === 'open' || o.status === 'partially_filled') ? (
            <button
              type="button"
              className={styles.smallBtn}
              disabled={cancelling}
              onClick={() => onCancel(o)}
              data-testid="cancel-order"
            >
              {t('trade.cancelOrder')}
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
});

/** "How this was filled": the order's fills, fetched when the panel opens, recomputed with core's proveSpot. */
function FillsProof({ order }: { order: SpotOrder }) {
  const { t } = useTranslation();
  const [fills, setFills] = useState<SpotFill[] | null>(null);
  return (
    <ProofPanel
      build={(v) => v.spotProofView(order, fills, t)}
      onOpen={() => void spotFills(order.id).then(setFills)}
      testId="spot-proof"
    >
      <span>…</span>
    </ProofPanel>
  );
}
