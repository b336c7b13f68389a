import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { TradePage, TraderCard } from '../../../core';
import { PageFrame } from '../PageFrame';
import { session } from '../../stores/session';
import { PagedList } from '../trade/PagedList';
import { TraderHead, TraderStats } from './TraderStats';
import styles from './copytrade.module.css';

const traderPath = (id: number) => `/pages/follow/trader?id=${id}`;

/** The trader list (figures refreshed hourly by the server), best total profit first. */
export function TraderListPage({
  title,
  top,
  fetchPage,
}: {
  title: string;
  top?: ReactNode;
  fetchPage: (page: number) => Promise<TradePage<TraderCard>>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  return (
    <PageFrame title={title}>
      {top}
      <PagedList<TraderCard>
        fetchPage={fetchPage}
        version={token}
        keyOf={(c) => c.trader_user_id}
        label={t('copy.traders')}
        data-testid="trader-list"
        empty={t('copy.noTraders')}
        renderItem={(c) => (
          <button
            type="button"
            className={styles.card}
            onClick={() => navigate(traderPath(c.trader_user_id))}
            data-testid="trader-card"
          >
            <TraderHead c={c} sub={c.introduction} />
            <TraderStats c={c} />
          </button>
        )}
      />
    </PageFrame>
  );
}
