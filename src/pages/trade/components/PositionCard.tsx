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

/** What a position's card shows beside the server's record: live while open, realised once closed. */
function figuresOf(p: LeverPosition, live: PositionLive | undefined) {
  const open = p.status === LEVER_STATUS.position;
  return {
    open,
    /** open, or an entrusted order waiting to open */
    active: open || p.status === LEVER_STATUS.entrusted,
    quote: p.symbol.split('/')[1] ?? 'USDT',
    pnl: open ? live?.pnl || p.profits : p.profits,
    roe: open ? live?.roe : undefined,
    // history shows what the trade really earned: the P&L at close less its opening and overnight fees
    net: !open && p.profits !== null ? netRealisedPnl(p.profits, p.trade_fee, p.overnight_money) : null,
    price: open ? live?.price || p.update_price : p.close_price,
    liq: open ? (live ? live.liquidationPrice : p.liquidation_price) : null,
  };
}

type Figures = ReturnType<typeof figuresOf>;

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
  const f = figuresOf(p, live);
  return (
    <article className={styles.card} data-testid="position" data-id={p.id} data-status={leverStatusOf(p.status)}>
      <PositionHead p={p} active={f.active} />
      <PositionGrid p={p} f={f} priceDecimals={priceDecimals} />
      {p.status === LEVER_STATUS.closed || (f.open && p.open_walk) ? (
        <ProofPanel build={(v) => v.leverProofView(p, t)} testId="position-proof" />
      ) : null}
      {f.active && onClose ? (
        <div className={styles.cardActions}>
          {f.open && onTpSl ? (
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
            {f.open ? t('trade.lever.close') : t('trade.lever.cancelEntrust')}
          </button>
        </div>
      ) : null}
    </article>
  );
});

/** side, pair, leverage, copied or not, and the status (or, closed, why) */
function PositionHead({ p, active }: { p: LeverPosition; active: boolean }) {
  const { t } = useTranslation();
  return (
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
        {active
          ? t(`trade.lever.status.${leverStatusOf(p.status)}`)
          : p.close_reason
            ? t(`trade.lever.reason.${p.close_reason}`)
            : t(`trade.lever.status.${leverStatusOf(p.status)}`)}
      </span>
    </div>
  );
}

interface GridProps {
  p: LeverPosition;
  f: Figures;
  priceDecimals: number;
}

const priceOr = (v: string | null | undefined, decimals: number) =>
  v ? <Num value={v} format="price" decimals={decimals} tint={false} /> : '--';

function PositionGrid({ p, f, priceDecimals }: GridProps) {
  const { t } = useTranslation();
  const { open, active, price } = f;
  const entrusted = p.status === LEVER_STATUS.entrusted;
  return (
    <div className={styles.grid}>
      <PnlCell f={f} />
      <Cell label={t('trade.lever.lots')}>
        <Num value={p.share} tint={false} />
      </Cell>
      <Cell label={t('trade.lever.margin')} right>
        <Num value={p.caution_money} tint={false} />
      </Cell>
      <Cell label={entrusted ? t('trade.price') : t('trade.lever.openPrice')}>
        {priceOr(entrusted ? p.target_price : p.price, priceDecimals)}
      </Cell>
      <Cell label={active ? t('trade.lever.currentPrice') : t('trade.lever.closePrice')}>
        {price ? <Num value={price} format="price" decimals={priceDecimals} tint={open} /> : '--'}
      </Cell>
      <Cell label={open ? t('trade.lever.liqPrice') : t('trade.fee')} right>
        {open ? priceOr(f.liq, priceDecimals) : <Num value={p.trade_fee} tint={false} />}
      </Cell>
      {open ? (
        <>
          <Cell label={t('trade.lever.tp')}>{priceOr(p.target_profit_price, priceDecimals)}</Cell>
          <Cell label={t('trade.lever.sl')}>{priceOr(p.stop_loss_price, priceDecimals)}</Cell>
          <Cell label={t('trade.fee')} right>
            <Num value={p.trade_fee} tint={false} />
          </Cell>
        </>
      ) : null}
      {!active ? <HistoryCells p={p} quote={f.quote} /> : null}
    </div>
  );
}

/** live P&L and ROE while open (or entrusted); the net realised P&L once closed */
function PnlCell({ f }: { f: Figures }) {
  const { t } = useTranslation();
  // P&L in the quote's precision (cents for USDT): never an exact value's long tail
  const money = assetFormat(f.quote);
  if (!f.active)
    return (
      <Cell label={`${t('trade.lever.netPnl')} (${f.quote})`} testId="position-pnl">
        {f.net ? <Num value={f.net} signed {...money} /> : '--'}
      </Cell>
    );
  return (
    <Cell label={`${t('trade.lever.pnl')} (${f.quote})`} testId="position-pnl">
      {f.pnl ? <Num value={f.pnl} signed tint={f.open} {...money} /> : '--'}
      {f.roe ? (
        <span className={styles.roe} data-testid="position-roe">
          {' '}
          (<Num value={f.roe} signed suffix="%" format="price" decimals={2} />)
        </span>
      ) : null}
    </Cell>
  );
}

/** a closed position: overnight fees, the gross P&L and when it closed */
function HistoryCells({ p, quote }: { p: LeverPosition; quote: string }) {
  const { t } = useTranslation();
  const money = assetFormat(quote);
  return (
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
  );
}
