import { useCallback, useState } from 'react';
import { Dialog } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SpotOrder } from '../../../../core';
import { pathOf, TRADE_ROUTES } from '../../../nav/paths';
import { spotCancel, spotList } from '../../../api/trade';
import { PagedList } from '../../../components/trade/PagedList';
import { toastSuccess } from '../../../lib/toast';
import { session } from '../../../stores/session';
import { SpotOrderCard } from '../components/SpotOrderCard';
import type { PairState } from '../components/usePair';
import { LoginToSee, TradeSection } from '../scaffold/TradeSection';
import styles from '../trade.module.css';

/** A cancel after the user confirms it; `cancelling` is the order on its way out. */
function useSpotCancel(onCancelled: () => void) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const cancel = async (o: SpotOrder) => {
    const ok = await Dialog.confirm({
      content: t('trade.cancelConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setCancelling(o.id);
    try {
      await spotCancel(o.id);
      toastSuccess(t('trade.cancelled'));
      onCancelled();
    } catch {
      /* message shown by the client */
    } finally {
      setCancelling(null);
    }
  };
  return { cancelling, cancel };
}

/** This pair's open orders under the spot form, each with its cancel; `version` reloads the list. */
export function SpotOpenOrders({
  pair,
  version,
  onChange,
}: {
  pair: PairState;
  version: number;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const { cancelling, cancel } = useSpotCancel(onChange);
  const cur = pair.settings ?? pair.quote;
  const fetchPage = useCallback(
    (page: number) => spotList({ currency_id: cur?.currency_id, legal_id: cur?.legal_id, status: 'progress', page }),
    [cur],
  );
  const all = token ? (
    <button type="button" className={styles.sectionLink} onClick={() => navigate(pathOf(TRADE_ROUTES.spotOrders))}>
      {t('trade.allOrders')}
    </button>
  ) : null;
  return (
    <TradeSection id="open-orders" title={t('trade.openOrders')} link={all}>
      {!token ? (
        <LoginToSee />
      ) : cur ? (
        <PagedList<SpotOrder>
          fetchPage={fetchPage}
          version={`${pair.symbol}|${version}`}
          keyOf={(o) => o.id}
          pull={false}
          label={t('trade.openOrders')}
          data-testid="open-orders"
          empty={t('trade.noOpenOrders')}
          renderItem={(o) => (
            <SpotOrderCard
              order={o}
              priceDecimals={pair.priceDecimals}
              onCancel={cancel}
              cancelling={cancelling === o.id}
            />
          )}
        />
      ) : null}
    </TradeSection>
  );
}
