import { Button, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DualDetail } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { DecimalInput } from '../../components/form';
import { when } from '../../components/product/shared';
import { LoadState } from '../../components/load/LoadState';
import { NotFound } from '../../components/product/NotFound';
import { Facts } from '../../components/product/Facts';
import { Progress } from '../../components/product/Progress';
import { StatusTag } from '../../components/product/StatusTag';
import { Amount, Rate } from '../../components/product/Figures';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import { maturityText } from './maturity';
import { dualOutcomes } from './outcomes';
import { checkQuantity, maxShares, type QtyCheck } from './quantity';
import { qtyMessage, usePurchase } from './usePurchase';

export default function PurchasePage() {
  const id = Number(usePageParam('id'));
  const { t } = useTranslation();
  if (!Number.isInteger(id) || id <= 0)
    return <NotFound title={t('route.invest.purchase')} listPath="/pages/invest/invest" />;
  return <Purchase key={id} id={id} />;
}

/**
 * Buy shares of one dual-invest product (/dual/detail, /dual/buyDual): the quantity is checked as
 * the user leaves the box (spec §5 messages), both settlement outcomes are previewed with core's
 * formula, and a confirmation sheet shows what is paid, what may be received and the balance left.
 */
function Purchase({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { load, qty, setQty, touched, setTouched, pending, submit } = usePurchase(id);

  return (
    <PageFrame title={t('route.invest.purchase')}>
      <LoadState load={load}>
        {(d) => {
          const check = checkQuantity(qty, d, d.available);
          const error = touched ? qtyMessage(t, check, d) : null;
          const maxNum = maxShares(d, d.available);
          return (
            <div className={card.wrap}>
              <DualCard d={d} />

              <h3 className={card.section}>{t('prod.dual.quantity')}</h3>
              <DecimalInput
                label={t('prod.dual.shares')}
                value={qty}
                onChange={setQty}
                decimals={10}
                placeholder={t('prod.dual.qtyPlaceholder')}
                unit={t('prod.dual.sharesUnit')}
                error={error}
                onBlur={() => setTouched(true)}
                disabled={d.status !== 'open'}
                data-testid="dual-qty"
              />
              <div className={card.sub}>
                {t('prod.available')}:{' '}
                <Amount value={d.available} unit={d.invest_currency_name} testId="dual-available" /> ·{' '}
                {t('prod.dual.maxShares', { count: maxNum })}
              </div>

              <DualPreview d={d} check={check} />

              <Button
                block
                color="primary"
                size="large"
                className={card.footer}
                loading={pending}
                disabled={pending || d.status !== 'open'}
                onClick={() => void submit(d)}
                data-testid="dual-buy"
              >
                {d.status === 'open' ? t('prod.dual.buy') : t(`prod.status.${d.status}`)}
              </Button>
              {check.ok === false && check.key === 'balance' ? (
                <button
                  type="button"
                  className={card.link}
                  onClick={() => navigate(`/pages/fund/receive?currency=${d.invest_currency_id}`)}
                >
                  {t('prod.deposit')}
                </button>
              ) : null}
              <p className={card.sub}>{t(`prod.dual.typeHint.${d.type}`)}</p>
            </div>
          );
        }}
      </LoadState>
    </PageFrame>
  );
}

/** The product: pair and type, the APR large, its terms, and how much is sold. */
function DualCard({ d }: { d: DualDetail }) {
  const { t } = useTranslation();
  return (
    <section className={card.card}>
      <div className={card.head}>
        <h2 className={card.title}>
          {d.currency_name}/{d.quote_name} · {t(`prod.dual.type.${d.type}`)}
        </h2>
        <span className={card.tags}>
          {d.demo ? (
            <Tag color="warning" fill="outline">
              {t('prod.demo')}
            </Tag>
          ) : null}
          <StatusTag status={d.status} />
        </span>
      </div>
      <div className={card.big}>
        <span>
          <Rate rate={d.apr} className={card.bigValue} />
          <span className={card.bigLabel}> {t('prod.dual.apr')}</span>
        </span>
      </div>
      <Facts
        items={[
          [t('prod.dual.perPrice'), <Amount value={d.per_price} unit={d.invest_currency_name} />],
          [t('prod.dual.linkedPrice'), <Amount value={d.linked_price} unit={d.quote_name} />],
          [
            t('prod.dual.currentPrice'),
            d.current_price ? <Amount value={d.current_price} unit={d.quote_name} /> : '--',
          ],
          [t('prod.dual.days'), t('prod.daysN', { count: d.days })],
          [t('prod.dual.maturity'), maturityText(d, t, when)],
          [t('prod.dual.remaining'), t('prod.sharesN', { count: d.remaining_shares }), 'remaining'],
        ]}
      />
      <Progress fraction={d.progress} />
    </section>
  );
}

/** What the quantity costs and what comes back below and at or above the linked price (core's formula). */
function DualPreview({ d, check }: { d: DualDetail; check: QtyCheck }) {
  const { t } = useTranslation();
  const preview = check.ok ? dualOutcomes(d, check.amount) : null;
  return (
    <section className={card.note} aria-live="polite" data-testid="dual-preview">
      <div>
        {t('prod.dual.pay')}: {check.ok ? <Amount value={check.amount} unit={d.invest_currency_name} /> : '--'}
      </div>
      <div>
        {t('prod.dual.ifBelow')}:{' '}
        {preview ? <Amount value={preview.below.amount} unit={preview.below.currency_name} /> : '--'}
      </div>
      <div>
        {t('prod.dual.ifAbove')}:{' '}
        {preview ? <Amount value={preview.atOrAbove.amount} unit={preview.atOrAbove.currency_name} /> : '--'}
      </div>
    </section>
  );
}
