import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { LeverBatchType, LeverPosition } from '../../../../core';
import { pairs } from '../../../market/pairs';
import { session } from '../../../stores/session';
import { PositionCard } from '../components/PositionCard';
import type { PairState } from '../components/usePair';
import { LoginToSee } from '../scaffold/TradeSection';
import type { LeverRisk } from './useLeverRisk';
import cs from '../components/components.module.css';
import styles from '../trade.module.css';

const BATCH_LABEL: Record<LeverBatchType, string> = {
  all: 'trade.lever.closeAll',
  long: 'trade.lever.closeLongs',
  short: 'trade.lever.closeShorts',
};

export interface PositionsSectionProps {
  pair: PairState;
  positions: LeverPosition[];
  entrusted: LeverPosition[];
  risk: LeverRisk;
  busy: boolean;
  onClose: (p: LeverPosition) => void;
  onBatch: (type: LeverBatchType) => void;
  onTpSl: (p: LeverPosition) => void;
}

/** Open positions (every pair, priced live) and this pair's waiting entries, with closes and TP/SL. */
export function PositionsSection({ pair, positions, entrusted, risk, busy, ...on }: PositionsSectionProps) {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const { bySymbol } = useSnapshot(pairs);
  const [tab, setTab] = useState<'positions' | 'entrusted'>('positions');
  const list = tab === 'positions' ? positions : entrusted;
  const decimalsOf = (p: LeverPosition) =>
    p.symbol === pair.symbol ? pair.priceDecimals : (bySymbol[p.symbol]?.price_decimals ?? 2);
  const batch = (['all', 'long', 'short'] as const).map((b) => (
    <button
      key={b}
      type="button"
      className={cs.smallBtn}
      disabled={busy}
      onClick={() => on.onBatch(b)}
      data-testid={`batch-${b}`}
    >
      {t(BATCH_LABEL[b])}
    </button>
  ));
  return (
    <section className={styles.section} aria-label={t('trade.lever.positions')}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as 'positions' | 'entrusted')} className={styles.tabs}>
        <Tabs.Tab key="positions" title={`${t('trade.tabs.positions')} (${positions.length})`} />
        <Tabs.Tab key="entrusted" title={`${t('trade.tabs.entrusted')} (${entrusted.length})`} />
      </Tabs>
      {!token ? (
        <LoginToSee />
      ) : (
        <>
          {tab === 'positions' && positions.length > 0 ? <div className={styles.batch}>{batch}</div> : null}
          {list.length === 0 ? (
            <div className={styles.empty}>
              {tab === 'positions' ? t('trade.lever.noPositions') : t('trade.noOpenOrders')}
            </div>
          ) : (
            <ul className={cs.list} aria-label={t('trade.lever.positions')} data-testid="positions">
              {list.map((p) => (
                <li key={p.id}>
                  <PositionCard
                    p={p}
                    live={risk.liveById.get(p.id)}
                    priceDecimals={decimalsOf(p)}
                    busy={busy}
                    onClose={on.onClose}
                    onTpSl={on.onTpSl}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
