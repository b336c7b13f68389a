import { useCallback, useState } from 'react';
import { Dialog, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CopyTrade, Follow } from '../../../core';
import { cancelFollow, copyHistory, myFollows, selfHold } from '../../api/copytrade';
import { leverMyTrade } from '../../api/trade';
import { Money } from '../../components/Money';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { useUserEvents } from '../../market';
import { PagedList } from '../../components/trade/PagedList';
import { formatTime } from '../../components/trade/time';
import { CopyCard } from '../../components/copytrade/CopyCard';
import styles from '../../components/copytrade/copytrade.module.css';

type Tab = 'current' | 'history' | 'traders';

/** My copy trading: current copies (self-hold), the history (closed, self-held, skipped) and my traders. */
export default function MyCopiesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('current');
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [pnl, setPnl] = useState<Record<number, string | null>>({});
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  useUserEvents((e) => {
    if (e.kind === 'position' || (e.kind === 'notice' && e.notice.kind.startsWith('copy_'))) bump();
  });

  const fetchCopies = useCallback(
    async (page: number) => {
      const p = await copyHistory(tab === 'history' ? 'history' : 'current', page);
      if (tab === 'current' && p.list.length) {
        // unrealised P&L of the open copies, as the server prices them now
        const open = await leverMyTrade({ status: 'position', page: 1, limit: 50 });
        setPnl((m) => ({ ...m, ...Object.fromEntries(open.list.map((x) => [x.id, x.profits])) }));
      }
      return p;
    },
    [tab],
  );
  const fetchFollows = useCallback((page: number) => myFollows(page), []);

  const hold = async (c: CopyTrade) => {
    if (c.transaction_id === null) return;
    const ok = await Dialog.confirm({
      content: t('copy.selfHoldConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await selfHold(c.transaction_id);
      toastSuccess(t('copy.selfHeld'));
      bump();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  const cancel = async (f: Follow) => {
    const ok = await Dialog.confirm({
      content: t('copy.cancelConfirm', { name: f.trader_nickname }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await cancelFollow(f.trader_user_id);
      toastSuccess(t('copy.cancelled'));
      bump();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title={t('route.copytrade.my')}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)}>
        <Tabs.Tab key="current" title={t('copy.tabs.current')} />
        <Tabs.Tab key="history" title={t('copy.tabs.history')} />
        <Tabs.Tab key="traders" title={t('copy.tabs.traders')} />
      </Tabs>
      {tab === 'traders' ? (
        <PagedList<Follow>
          fetchPage={fetchFollows}
          version={version}
          keyOf={(f) => f.id}
          label={t('copy.tabs.traders')}
          data-testid="my-follows"
          empty={t('copy.noFollows')}
          renderItem={(f) => (
            <article className={styles.card} data-testid="follow-row" data-status={f.status}>
              <div className={styles.head}>
                <span className={styles.avatar} aria-hidden>
                  {[...f.trader_nickname][0]?.toUpperCase() ?? '?'}
                </span>
                <span className={styles.name}>
                  {f.trader_nickname}
                  <span className={styles.sub}>
                    {f.type === 1 ? t('copy.fixedMultipleOf', { n: f.number }) : t('copy.fixedLotsOf', { n: f.number })}{' '}
                    · {formatTime(f.created_at)}
                  </span>
                </span>
                <span className={`${styles.tag} ${f.status === 'following' ? styles.tagOn : ''}`}>
                  {t(`copy.state.${f.status}`)}
                </span>
              </div>
              <div className={styles.stats}>
                <div className={styles.stat}>
                  <span className={styles.statLabel}>{t('copy.realised')}</span>
                  <span className={styles.statValue}>
                    <Money value={f.total_profit} asset="USDT" signed />
                  </span>
                </div>
                <div className={styles.stat}>
                  <span className={styles.statLabel}>{t('copy.openCopies')}</span>
                  <span className={styles.statValue}>{f.open_copies}</span>
                </div>
              </div>
              <div className={styles.rowActions}>
                <button
                  type="button"
                  className={styles.smallBtn}
                  onClick={() => navigate(`/pages/follow/trader?id=${f.trader_user_id}`)}
                >
                  {t('copy.view')}
                </button>
                {f.status === 'following' ? (
                  <button
                    type="button"
                    className={styles.smallBtn}
                    disabled={busy}
                    onClick={() => void cancel(f)}
                    data-testid="cancel-follow"
                  >
                    {t('copy.cancelFollow')}
                  </button>
                ) : null}
              </div>
            </article>
          )}
        />
      ) : (
        <PagedList<CopyTrade>
          fetchPage={fetchCopies}
          version={`${tab}|${version}`}
          keyOf={(c) => c.id}
          label={t(`copy.tabs.${tab}`)}
          data-testid="copies"
          empty={tab === 'current' ? t('copy.noCurrent') : t('copy.noHistory')}
          renderItem={(c) => (
            <CopyCard
              c={c}
              livePnl={c.transaction_id !== null ? pnl[c.transaction_id] : null}
              busy={busy}
              onSelfHold={tab === 'current' ? (x) => void hold(x) : undefined}
            />
          )}
        />
      )}
    </PageFrame>
  );
}
