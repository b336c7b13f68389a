import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { TraderCard } from '../../../../core';
import { traderList } from '../../../api/copytrade';
import { PageFrame } from '../../../components/PageFrame';
import { session } from '../../../stores/session';
import { PagedList } from '../../transaction/components/PagedList';
import { TraderHead, TraderStats } from '../../../components/copytrade/TraderStats';
import styles from '../../../components/copytrade/copytrade.module.css';

export const traderPath = (id: number) => `/pages/follow/trader?id=${id}`;

/** The trader list (figures refreshed hourly by the server), best total profit first. */
export function TraderListPage({ title, top }: { title: string; top?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const fetchPage = useCallback((page: number) => traderList(page), []);
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
          <button type="button" className={styles.card} onClick={() => navigate(traderPath(c.trader_user_id))} data-testid="trader-card">
            <TraderHead c={c} sub={c.introduction} />
            <TraderStats c={c} />
          </button>
        )}
      />
    </PageFrame>
  );
}
