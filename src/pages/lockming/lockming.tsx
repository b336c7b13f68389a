import { Empty, PullToRefresh, Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOCK_KINDS } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { lockConfigs } from '../../api/products';
import { useLoad } from '../../components/product/shared';
import { LoadState } from '../../components/load/LoadState';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import { asKind } from './kinds';
import { LockCard } from './LockCard';

/**
 * Lock-up mining products (/lh/deposit/config), one tab per kind: lock-up, DeFi and cloud mining
 * (the Home entries open their kind). Each shows the minimum single amount, daily yield range,
 * lock period, dividend time and early-redemption penalty ratio.
 */
export default function LockmingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const kind = asKind(usePageParam('kind'));
  const load = useLoad(() => lockConfigs(kind), [kind]);
  return (
    <PageFrame
      title={t(`prod.lock.kind.${kind}`)}
      right={
        <button
          type="button"
          className={card.headBtn}
          onClick={() => navigate('/pages/lockming/order')}
          data-testid="lock-orders"
        >
          {t('prod.lock.myOrders')}
        </button>
      }
    >
      <div className={card.filters}>
        <Tabs activeKey={kind} onChange={(k) => setParams(k === 'lock' ? {} : { kind: k }, { replace: true })}>
          {LOCK_KINDS.map((k) => (
            <Tabs.Tab key={k} title={t(`prod.lock.kind.${k}`)} />
          ))}
        </Tabs>
      </div>
      <button
        type="button"
        className={card.note}
        style={{ margin: '8px 16px 0', width: 'calc(100% - 32px)', border: 0, textAlign: 'left' }}
        onClick={() => navigate(`/pages/lockming/welcome?kind=${kind}`)}
      >
        {t(`prod.lock.kindHint.${kind}`)} <span className={card.link}>{t('prod.lock.howItWorks')}</span>
      </button>
      <PullToRefresh onRefresh={load.reload}>
        <LoadState load={load}>
          {(configs) =>
            configs.length === 0 ? (
              <div style={{ padding: 48 }}>
                <Empty description={t('prod.lock.empty')} />
              </div>
            ) : (
              <div className={card.wrap} data-testid="lock-configs">
                {configs.map((c) => (
                  <LockCard key={c.id} c={c} onOpen={() => navigate(`/pages/lockming/buy?config_id=${c.id}`)} />
                ))}
              </div>
            )
          }
        </LoadState>
      </PullToRefresh>
    </PageFrame>
  );
}
