import { useMemo } from 'react';
import { Empty, PullToRefresh, Tabs, Tag } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DUAL_TYPES, type DualProduct, type DualType } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { dualIndex } from '../../api/products';
import { useLoad, when } from '../../components/product/shared';
import { LoadState } from '../../components/load/LoadState';
import { Facts } from '../../components/product/Facts';
import { Progress } from '../../components/product/Progress';
import { StatusTag } from '../../components/product/StatusTag';
import { Amount, Rate } from '../../components/product/Figures';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import { maturityText } from './maturity';

const asType = (v: string | null): DualType => (v === 'put' ? 'put' : 'call');

/**
 * Dual invest products (/dual/index {currency_id, type}): one tab per coin, call (sell high, the
 * default) or put (buy low), each product with its APR, unit price, linked price, holding days,
 * maturity, remaining shares and progress. A product opens its purchase page.
 */
export default function InvestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const type = asType(usePageParam('type'));
  const coinParam = Number(usePageParam('currency_id'));

  // every coin offered for this type, for the tabs
  const all = useLoad(() => dualIndex({ type }), [type]);
  const coins = useMemo(() => {
    const seen = new Map<number, string>();
    for (const p of all.data ?? []) if (!seen.has(p.currency_id)) seen.set(p.currency_id, p.currency_name);
    return [...seen].map(([id, name]) => ({ id, name }));
  }, [all.data]);
  const coin = coins.some((c) => c.id === coinParam) ? coinParam : coins[0]?.id;
  const list = useLoad(async () => (coin === undefined ? [] : dualIndex({ currency_id: coin, type })), [coin, type]);

  const set = (patch: Record<string, string>) =>
    setParams({ type, ...(coin ? { currency_id: String(coin) } : {}), ...patch }, { replace: true });

  return (
    <PageFrame
      title={t('route.invest.invest')}
      right={
        <>
          <button
            type="button"
            className={card.headBtn}
            onClick={() => navigate('/pages/invest/mine')}
            data-testid="invest-mine"
          >
            {t('prod.dual.myOrders')}
          </button>
          <button
            type="button"
            className={card.headBtn}
            aria-label={t('route.invest.help')}
            onClick={() => navigate('/pages/invest/help')}
          >
            <QuestionCircleOutline aria-hidden fontSize={20} />
          </button>
        </>
      }
    >
      <div className={card.filters}>
        <div className={card.toggle} role="group" aria-label={t('prod.dual.typeLabel')}>
          {DUAL_TYPES.map((ty) => (
            <button
              key={ty}
              type="button"
              className={ty === type ? `${card.toggleBtn} ${card.toggleOn}` : card.toggleBtn}
              aria-pressed={ty === type}
              onClick={() => setParams({ type: ty }, { replace: true })}
              data-testid={`dual-type-${ty}`}
            >
              {t(`prod.dual.type.${ty}`)}
            </button>
          ))}
        </div>
        {coins.length > 0 ? (
          <Tabs activeKey={coin ? String(coin) : undefined} onChange={(k) => set({ currency_id: k })}>
            {coins.map((c) => (
              <Tabs.Tab key={String(c.id)} title={c.name} />
            ))}
          </Tabs>
        ) : null}
      </div>
      <p className={card.note} style={{ margin: '8px 16px 0' }}>
        {t(`prod.dual.typeHint.${type}`)}
      </p>
      <PullToRefresh onRefresh={async () => void (await Promise.all([all.reload(), list.reload()]))}>
        <LoadState load={all.data === undefined || all.data.length === 0 ? all : list}>
          {(products) =>
            products.length === 0 ? (
              <div style={{ padding: 48 }}>
                <Empty description={t('prod.dual.empty')} />
              </div>
            ) : (
              <div className={card.wrap} data-testid="dual-list">
                {products.map((p) => (
                  <ProductCard key={p.id} p={p} onOpen={() => navigate(`/pages/invest/purchase?id=${p.id}`)} />
                ))}
              </div>
            )
          }
        </LoadState>
      </PullToRefresh>
    </PageFrame>
  );
}

function ProductCard({ p, onOpen }: { p: DualProduct; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={card.card} onClick={onOpen} data-testid="dual-product" data-id={p.id}>
      <div className={card.head}>
        <h3 className={card.title}>
          {p.currency_name}/{p.quote_name} · {t(`prod.dual.type.${p.type}`)}
        </h3>
        <span className={card.tags}>
          {p.demo ? (
            <Tag color="warning" fill="outline">
              {t('prod.demo')}
            </Tag>
          ) : null}
          <StatusTag status={p.status} />
        </span>
      </div>
      <div className={card.big}>
        <span>
          <Rate rate={p.apr} className={card.bigValue} />
          <span className={card.bigLabel}> {t('prod.dual.apr')}</span>
        </span>
        <span className={card.bigLabel}>
          {t('prod.dual.linkedPrice')} <Amount value={p.linked_price} />
        </span>
      </div>
      <Facts
        items={[
          [t('prod.dual.perPrice'), <Amount value={p.per_price} unit={p.invest_currency_name} />],
          [
            t('prod.dual.currentPrice'),
            p.current_price ? <Amount value={p.current_price} unit={p.quote_name} /> : '--',
          ],
          [t('prod.dual.days'), t('prod.daysN', { count: p.days })],
          [t('prod.dual.maturity'), maturityText(p, t, when)],
          [t('prod.dual.remaining'), t('prod.sharesN', { count: p.remaining_shares })],
        ]}
      />
      <Progress fraction={p.progress} />
      {p.status === 'open' ? (
        <div className={card.actions}>
          <span className={card.cta}>{t('prod.dual.buy')}</span>
        </div>
      ) : null}
    </button>
  );
}
