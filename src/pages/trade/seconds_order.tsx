import { useTranslation } from 'react-i18next';
import { SecondsRun } from './components/SecondsRun';
import { TradeScreen } from './scaffold/TradeScreen';
import { useListVersion, useTradePair } from './scaffold/useTradePair';
import { SecondsConfirm } from './seconds/SecondsConfirm';
import { SecondsForm } from './seconds/SecondsForm';
import { SecondsOrders } from './seconds/SecondsOrders';
import { useSecondsOrder } from './seconds/useSecondsOrder';

/** Options (seconds) trading: direction, duration with its profit ratio, stake, countdown and result. */
export default function SecondsTradePage() {
  const { t } = useTranslation();
  const { symbol, pair } = useTradePair();
  const matchId = pair.settings?.currency_id ?? pair.quote?.currency_id;
  const { version, bump } = useListVersion((e) => e.kind === 'seconds');
  const o = useSecondsOrder(matchId, bump);
  return (
    <TradeScreen kind="seconds" title={t('trade.title.seconds')} pair={pair} form={<SecondsForm o={o} />}>
      <SecondsOrders matchId={matchId} version={version} priceDecimals={pair.priceDecimals} />
      <SecondsConfirm o={o} symbol={symbol} fallback={pair.quote?.last} priceDecimals={pair.priceDecimals} />
      {o.running ? (
        <SecondsRun
          order={o.running}
          priceDecimals={pair.priceDecimals}
          onClose={() => o.setRunning(null)}
          onSettled={bump}
        />
      ) : null}
    </TradeScreen>
  );
}
