import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SecondsOrder } from '../../../../core';
import { secondsList } from '../../../api/trade';
import { PagedList } from '../../../components/trade/PagedList';
import { session } from '../../../stores/session';
import { SecondsOrderCard } from '../components/SecondsOrderCard';
import { LoginToSee, TradeSection } from '../scaffold/TradeSection';

/** The user's options on this pair, newest first; `version` reloads the list. */
export function SecondsOrders({
  matchId,
  version,
  priceDecimals,
}: {
  matchId: number | undefined;
  version: number;
  priceDecimals: number;
}) {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  return (
    <TradeSection id="my-options" title={t('trade.seconds.orders')}>
      {token && matchId ? (
        <PagedList<SecondsOrder>
          fetchPage={(page) => secondsList({ match_id: matchId, page })}
          version={`${matchId}|${version}`}
          keyOf={(o) => o.id}
          pull={false}
          label={t('trade.seconds.orders')}
          data-testid="seconds-orders"
          empty={t('trade.seconds.noOrders')}
          renderItem={(o) => <SecondsOrderCard o={o} priceDecimals={priceDecimals} />}
        />
      ) : !token ? (
        <LoginToSee />
      ) : null}
    </TradeSection>
  );
}
