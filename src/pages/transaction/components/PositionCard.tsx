import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LEVER_ORDER_TYPE,
  LEVER_STATUS,
  LEVER_TYPE,
  leverSideOf,
  leverStatusOf,
  netRealisedPnl,
  assetFormat,
  type LeverPosition,
} from '../../../../core';
import { Num } from '../../../components/Num';
import type { PositionLive } from '../../../market/types';
import { Cell } from '../../../components/trade/Cell';
import { formatTime } from '../../../components/trade/time';
import { ProofPanel } from '../../../components/proof/ProofPanel';
import styles from './components.module.css';

export interface PositionCardProps {
  p: LeverPosition;
  /** live figures from the worker; the server's figures until the symbol ticks */
  live?: PositionLive;
  priceDecimals: number;
  busy?: boolean;
  onClose?: (p: LeverPosition) => void;
  onTpSl?: (p: LeverPosition) => void;
}

/** One contract position or entrusted order; history rows show the close price, reason and realised P&L. */
export const PositionCard = memo(function PositionCard({
  p,
  live,
  priceDecimals,
  busy,
  onClose,
  onTpSl,
}: PositionCardProps) {
  const { t } = useTranslation();
  const quote = p.symbol.split('/')[1] ?? 'USDT';
  // P&L in the quote's precision (cents for USDT): never an exact value's long tail
  const money = assetFormat(quote);
  const open = p.status === LEVER_STATUS.position;
  const pnl = open ? live?.pnl || p.profits : p.profits;
  const roe = open ? live?.roe : undefined;
  // history shows what the trade really earned: the P&L at close less its opening and overnight fees
  const net = !open && p.profits !== null ? netRealisedPnl(p.profits, p.trade_fee, p.overnight_money) : null;
  const price = open ? live?.price || p.update_price : p.close_price;
  const liq = open ? (live ? live.liquidationPrice : p.liquidation_price) : null;
  const px = (v: string | null | undefined) =>
    v ? <Num value={v} format="price" decimals={priceDecimals} tint={false} /> : '--';
  return (
    <article className={styles.card} data-testid="position" data-id={p.id} data-status={leverStatusOf(p.status)}>
      <div className={styles.cardHead}>
        <span className={`${styles.tag} ${p.type === LEVER_TYPE.long ? styles.tagUp : styles.tagDown}`}>
          {t(`trade.lever.${leverSideOf(p.type)}`)}
        </span>
        <span className={styles.cardTitle}>{p.symbol}</span>
        <span className={`${styles.tag} ${styles.tagFlat}`}>{p.multiple}×</span>
        {p.order_type === LEVER_ORDER_TYPE.copied ? (
          <span className={`${styles.tag} ${styles.tagFlat}`}>{t('trade.lever.copied')}</span>
        ) : null}
        <span className={styles.cardTime}>
          {open || p.status === LEVER_STATUS.entrusted
            ? t(`trade.lever.status.${leverStatusOf(p.status)}`)
            : p.close_reason
              ? t(`trade.lever.reason.${p.close_reason}`)
              : t(`trade.lever.status.${leverStatusOf(p.status)}`)}
        </span>
      </div>
      <div className={styles.grid}>
        {open || p.status === LEVER_STATUS.entrusted ? (
          <Cell label={`${t('trade.lever.pnl')} (${quote})`} testId="position-pnl">
            {pnl ? <Num value={pnl} signed tint={open} {...money} /> : '--'}
            {roe ? (
              <span className={styles.roe} data-testid="position-roe">
                {' '}
                (<Num value={roe} signed suffix="%" format="price" decimals={2} />)
              </span>
            ) : null}
          </Cell>
        ) : (
          <Cell label={`${t('trade.lever.netPnl')} (${quote})`} testId="position-pnl">
            {net ? <Num value={net} signed {...money} /> : '--'}
          </Cell>
        )}
        <Cell label={t('trade.lever.lots')}>
          <Num value={p.share} tint={false} />
        </Cell>
        <Cell label={t('trade.lever.margin')} right>
          <Num value={p.caution_money} tint={false} />
        </Cell>
        <Cell label={p.status === LEVER_STATUS.entrusted ? t('trade.price') : t('trade.lever.openPrice')}>
          {px(p.status === LEVER_STATUS.entrusted ? p.target_price : p.price)}
        </Cell>
        <Cell
          label={
            open || p.status === LEVER_STATUS.entrusted ? t('trade.lever.currentPrice') : t('trade.lever.closePrice')
          }
        >
          {price ? <Num value={price} format="price" decimals={priceDecimals} tint={open} /> : '--'}
        </Cell>
        <Cell label={open ? t('trade.lever.liqPrice') : t('trade.fee')} right>
          {open ? px(liq) : <Num value={p.trade_fee} tint={false} />}
        </Cell>
        {open ? (
          <>
            <Cell label={t('trade.lever.tp')}>{px(p.target_profit_price)}</Cell>
            <Cell label={t('trade.lever.sl')}>{px(p.stop_loss_price)}</Cell>
            <Cell label={t('trade.fee')} right>
              <Num value={p.trade_fee} tint={false} />
            </Cell>
          </>
        ) : null}
        {!open && p.status !== LEVER_STATUS.entrusted ? (
          <>
            <Cell label={t('trade.lever.overnight')}>
              <Num value={p.overnight_money} tint={false} />
            </Cell>
            <Cell label={t('trade.lever.grossPnl')} testId="position-gross">
              {p.profits ? <Num value={p.profits} signed tint={false} {...money} /> : '--'}
            </Cell>
            <Cell label="" right>
              <span className={styles.muted}>{formatTime(p.closed_at ?? p.created_at)}</span>
            </Cell>
          </>
        ) : null}
      </div>
      {p.status === LEVER_STATUS.closed || (open && p.open_walk) ? (
        <ProofPanel build={(v) => v.leverProofView(p, t)} testId="position-proof" />
      ) : null}
      {(open || p.status === LEVER_STATUS.entrusted) && onClose ? (
        <div className={styles.cardActions}>
          {open && onTpSl ? (
            <button
              type="button"
              className={styles.smallBtn}
              disabled={busy}
              onClick={() => onTpSl(p)}
              data-testid="tpsl"
            >
              {t('trade.lever.tpsl')}
            </button>
          ) : null}
          <button
            type="button"
            className={styles.smallBtn}
            disabled={busy}
            onClick={() => onClose(p)}
            data-testid="close-position"
          >
            {open ? t('trade.lever.close') : t('trade.lever.cancelEntrust')}
          </button>
        </div>
      ) : null}
    </article>
  );
});
