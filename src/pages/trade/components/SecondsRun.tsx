import type { CSSProperties } from 'react';
import { Button, Popup, ProgressCircle } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SECONDS_TYPE, secondsStatusOf, type SecondsOrder } from '../../../../core';
import { Num } from '../../../components/Num';
import { useTicker } from '../../../market';
import { useSecondsRun } from './useSecondsRun';
import styles from './seconds.module.css';
import cs from './components.module.css';

/**
 * A running seconds order: countdown to expiry against the live price, then the result — from the
 * `seconds` event of the user's room, or one lookup by id if that event has not come in time.
 */
export function SecondsRun({
  order,
  priceDecimals,
  onClose,
  onSettled,
}: {
  order: SecondsOrder;
  priceDecimals: number;
  onClose: () => void;
  onSettled: (o: SecondsOrder) => void;
}) {
  const { t } = useTranslation();
  const { o, left, settled } = useSecondsRun(order, onSettled);
  const up = o.type === SECONDS_TYPE.up;
  return (
    <Popup visible onMaskClick={settled ? onClose : undefined} bodyClassName={cs.sheet} destroyOnClose>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="run-title"
        data-testid="seconds-run"
        data-status={secondsStatusOf(o.status)}
      >
        <h2 id="run-title" className={cs.sheetTitle}>
          {settled
            ? t('trade.seconds.resultTitle')
            : `${o.symbol_name} · ${t(up ? 'trade.seconds.buyUp' : 'trade.seconds.buyDown')}`}
        </h2>
        {settled ? <RunResult o={o} /> : <Countdown o={o} left={left} />}
        <RunRows o={o} settled={settled} priceDecimals={priceDecimals} />
        <Button block color="primary" onClick={onClose} data-testid="seconds-run-close">
          {settled ? t('common.gotIt') : t('common.back')}
        </Button>
      </div>
    </Popup>
  );
}

/** win, lose or tie, and what it made */
function RunResult({ o }: { o: SecondsOrder }) {
  const { t } = useTranslation();
  const toneCls = o.result === 'win' ? cs.up : o.result === 'lose' ? cs.down : '';
  return (
    <div className={`${styles.result} ${toneCls}`} data-testid="seconds-result" data-result={o.result ?? ''}>
      <div className={styles.resultWord}>{t(`trade.seconds.${o.result ?? 'tie'}`)}</div>
      <div className={styles.resultProfit}>
        <Num value={o.fact_profits} signed tint={false} /> {o.currency}
      </div>
    </div>
  );
}

/** the seconds left on a ring, then waiting for the result */
function Countdown({ o, left }: { o: SecondsOrder; left: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.countdown} aria-live="polite">
      <ProgressCircle
        percent={o.seconds ? (left / o.seconds) * 100 : 0}
        style={{ '--size': '120px', '--track-width': '6px' } as CSSProperties}
      >
        <span className={styles.countNum} data-testid="countdown">
          {left > 0 ? `${left}s` : '…'}
        </span>
      </ProgressCircle>
      <div className={styles.countLabel}>{left > 0 ? t('trade.seconds.countdown') : t('trade.seconds.waiting')}</div>
    </div>
  );
}

/**
 * stake, buy price, the live (then end) price, the expected profit (then the payout). The live
 * price is read here, so a tick renders these rows only, not the sheet.
 */
function RunRows({ o, settled, priceDecimals }: { o: SecondsOrder; settled: boolean; priceDecimals: number }) {
  const { t } = useTranslation();
  const live = useTicker(o.symbol_name)?.last;
  const px = (v: string | null | undefined) =>
    v ? <Num value={v} format="price" decimals={priceDecimals} tint={false} /> : '--';
  return (
    <dl className={cs.sheetRows}>
      <div className={cs.sheetRow}>
        <dt>{t('trade.seconds.stake')}</dt>
        <dd>
          <Num value={o.number} tint={false} /> {o.currency}
        </dd>
      </div>
      <div className={cs.sheetRow}>
        <dt>{t('trade.seconds.buyPrice')}</dt>
        <dd>{px(o.open_price)}</dd>
      </div>
      <div className={cs.sheetRow}>
        <dt>{settled ? t('trade.seconds.endPrice') : t('trade.lever.currentPrice')}</dt>
        <dd>{settled ? px(o.end_price) : px(live)}</dd>
      </div>
      <div className={cs.sheetRow}>
        <dt>{settled ? t('trade.seconds.payout') : t('trade.seconds.expectedProfit')}</dt>
        <dd>
          <Num value={settled ? o.payout : o.expected_profit} tint={false} /> {o.currency}
        </dd>
      </div>
    </dl>
  );
}
