import { useEffect, useState, type CSSProperties } from 'react';
import { Button, Popup, ProgressCircle } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SECONDS_STATUS, SECONDS_TYPE, secondsStatusOf, type SecondsOrder } from '../../../../core';
import { secondsResult } from '../../../api/trade';
import { Num } from '../../../components/Num';
import { useTicker, useUserEvents } from '../../../market';
import styles from './seconds.module.css';
import cs from './components.module.css';

/** Grace after expiry before asking the server once (the `seconds` event normally comes first). */
const FALLBACK_MS = 4000;

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
  const [o, setO] = useState(order);
  const [now, setNow] = useState(() => Date.now());
  const live = useTicker(o.symbol_name)?.last;
  const left = Math.max(0, Math.ceil((o.expires_at - now) / 1000));
  const settled = o.status === SECONDS_STATUS.settled;

  useUserEvents((e) => {
    if (e.kind === 'seconds' && e.order.id === o.id && e.order.status === SECONDS_STATUS.settled) {
      setO(e.order);
      onSettled(e.order);
    }
  });

  // The countdown's own clock: one timer per second while running, none after.
  useEffect(() => {
    if (settled || left <= 0) return;
    // Wake on the next whole second before expiry, so the digits change in step with it.
    const toNext = ((o.expires_at - Date.now()) % 1000) + 1 || 1000;
    const id = setTimeout(() => setNow(Date.now()), Math.max(16, toNext));
    return () => clearTimeout(id);
  }, [now, settled, left, o.expires_at]);

  useEffect(() => {
    if (settled) return;
    const wait = Math.max(0, o.expires_at - Date.now()) + FALLBACK_MS;
    const id = setTimeout(() => {
      secondsResult(o.id)
        .then((r) => {
          if (r.status === SECONDS_STATUS.settled) {
            setO(r);
            onSettled(r);
          }
        })
        .catch(() => {});
    }, wait);
    return () => clearTimeout(id);
  }, [settled, o.id, o.expires_at, onSettled]);

  const px = (v: string | null | undefined) =>
    v ? <Num value={v} format="price" decimals={priceDecimals} tint={false} /> : '--';
  const up = o.type === SECONDS_TYPE.up;
  const toneCls = o.result === 'win' ? cs.up : o.result === 'lose' ? cs.down : '';
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
        {settled ? (
          <div className={`${styles.result} ${toneCls}`} data-testid="seconds-result" data-result={o.result ?? ''}>
            <div className={styles.resultWord}>{t(`trade.seconds.${o.result ?? 'tie'}`)}</div>
            <div className={styles.resultProfit}>
              <Num value={o.fact_profits} signed tint={false} /> {o.currency}
            </div>
          </div>
        ) : (
          <div className={styles.countdown} aria-live="polite">
            <ProgressCircle
              percent={o.seconds ? (left / o.seconds) * 100 : 0}
              style={{ '--size': '120px', '--track-width': '6px' } as CSSProperties}
            >
              <span className={styles.countNum} data-testid="countdown">
                {left > 0 ? `${left}s` : '…'}
              </span>
            </ProgressCircle>
            <div className={styles.countLabel}>
              {left > 0 ? t('trade.seconds.countdown') : t('trade.seconds.waiting')}
            </div>
          </div>
        )}
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
        <Button block color="primary" onClick={onClose} data-testid="seconds-run-close">
          {settled ? t('common.gotIt') : t('common.back')}
        </Button>
      </div>
    </Popup>
  );
}
