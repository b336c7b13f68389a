import { Empty, PullToRefresh, Tabs, Tag } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DUAL_TYPES, type DualProduct } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { when } from '../../components/product/shared';
import { LoadState } from '../../components/load/LoadState';
import { Facts } from '../../components/product/Facts';
import { Progress } from '../../components/product/Progress';
import { StatusTag } from '../../components/product/StatusTag';
import { Amount, Rate } from '../../components/product/Figures';
import card from '../../components/product/card.module.css';
import { maturityText } from './maturity';
import { useDualIndex } from './useDualIndex';

/**
 * Dual invest products (/dual/index {currency_id, type}): one tab per coin, call (sell high, the
 * default) or put (buy low), each product with its APR, unit price, linked price, holding days,
 * maturity, remaining shares and progress. A product opens its purchase page.
 */
export default function InvestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type, coins, coin, all, list, pickType, pickCoin } = useDualIndex();

  return (
    <PageFrame title={t('route.invest.invest')} right={<HeadButtons />}>
      <div className={card.filters}>
        <div className={card.toggle} role="group" aria-label={t('prod.dual.typeLabel')}>
          {DUAL_TYPES.map((ty) => (
            <button
              key={ty}
              type="button"
              className={ty === type ? `${card.toggleBtn} ${card.toggleOn}` : card.toggleBtn}
              aria-pressed={ty === type}
              onClick={() => pickType(ty)}
              data-testid={`dual-type-${ty}`}
            >
              {t(`prod.dual.type.${ty}`)}
            </button>
          ))}
        </div>
        {coins.length > 0 ? (
          <Tabs activeKey={coin ? String(coin) : undefined} onChange={pickCoin}>
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

/** My orders, and the help page. */
function HeadButtons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
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
