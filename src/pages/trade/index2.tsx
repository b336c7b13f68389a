import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { LeverPosition } from '../../../core';
import { TRADE_ROUTES } from '../../nav/paths';
import { session } from '../../stores/session';
import { TpSlEditor } from './components/TpSlEditor';
import { LeverAccountBar } from './contract/LeverAccountBar';
import { LeverForm } from './contract/LeverForm';
import { PositionsSection } from './contract/PositionsSection';
import { useLeverAccount } from './contract/useLeverAccount';
import { useLeverCloses } from './contract/useLeverCloses';
import { useLeverRisk } from './contract/useLeverRisk';
import { TradeScreen } from './scaffold/TradeScreen';
import { useTradePair } from './scaffold/useTradePair';

/** Futures: open long/short with a multiple, positions with live P&L and risk rate, TP/SL, closes. */
export default function ContractTradePage() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const { pair, picked, pick } = useTradePair();
  const { account, positions, entrusted, reload } = useLeverAccount(pair);
  const risk = useLeverRisk(account, positions);
  const { busy, closeOne, batch } = useLeverCloses(pair.priceDecimals, reload);
  const [editing, setEditing] = useState<LeverPosition | null>(null);
  return (
    <TradeScreen
      kind="contract"
      title={t('trade.title.contracts')}
      pair={pair}
      orders={{ label: t('trade.title.contractOrders'), route: TRADE_ROUTES.contractOrders }}
      account={token && account ? <LeverAccountBar risk={risk} /> : null}
      form={
        <LeverForm
          settings={pair.settings}
          account={account}
          priceDecimals={pair.priceDecimals}
          onOpened={reload}
          picked={picked}
        />
      }
      book={{ rows: 9, onPick: pick }}
    >
      <PositionsSection
        pair={pair}
        positions={positions}
        entrusted={entrusted}
        risk={risk}
        busy={busy !== null}
        onClose={(p) => void closeOne(p)}
        onBatch={(b) => void batch(b)}
        onTpSl={setEditing}
      />
      {editing ? (
        <TpSlEditor
          p={editing}
          priceDecimals={pair.priceDecimals}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </TradeScreen>
  );
}
