import { useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DualDetail } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { DecimalInput } from '../../components/form';
import { toastSuccess } from '../../lib/toast';
import { buyDual, dualDetail } from '../../api/products';
import { confirmMoney, useLoad, when } from '../../components/product/shared';
import { LoadState } from '../../components/load/LoadState';
import { NotFound } from '../../components/product/NotFound';
import { Facts } from '../../components/product/Facts';
import { Progress } from '../../components/product/Progress';
import { StatusTag } from '../../components/product/StatusTag';
import { Amount, Rate } from '../../components/product/Figures';
import { minus } from '../../components/product/money';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import { maturityText } from './maturity';
import { dualOutcomes } from './outcomes';
import { checkQuantity, maxShares, type QtyCheck } from './quantity';

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
  const load = useLoad(() => dualDetail(id), [id]);
  const [qty, setQty] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);

  const message = (c: QtyCheck, d: DualDetail): string | null => {
    if (c.ok) return null;
    if (c.key === 'balance') return t('common.insufficientBalance');
    if (c.key === 'required' || c.key === 'integer') return t(`prod.dual.err.${c.key}`);
    return t(`prod.dual.err.${c.key}`, { count: c.n ?? 0, unit: d.invest_currency_name });
  };

  const submit = async (d: DualDetail) => {
    setTouched(true);
    const c = checkQuantity(qty, d, d.available);
    if (!c.ok) return;
    const out = dualOutcomes(d, c.amount);
    const ok = await confirmMoney(t('prod.dual.confirmTitle'), [
      [t('prod.dual.product'), `${d.currency_name}/${d.quote_name} · ${t(`prod.dual.type.${d.type}`)}`],
      [t('prod.dual.quantity'), t('prod.sharesN', { count: c.num })],
      [t('prod.dual.perPrice'), <Amount value={d.per_price} unit={d.invest_currency_name} />],
      [t('prod.dual.pay'), <Amount value={c.amount} unit={d.invest_currency_name} testId="confirm-pay" />, true],
      [t('prod.dual.apr'), <Rate rate={d.apr} />],
      [t('prod.dual.linkedPrice'), <Amount value={d.linked_price} unit={d.quote_name} />],
      [t('prod.dual.maturity'), maturityText(d, t, when)],
      [t('prod.dual.ifBelow'), <Amount value={out.below.amount} unit={out.below.currency_name} />],
      [t('prod.dual.ifAbove'), <Amount value={out.atOrAbove.amount} unit={out.atOrAbove.currency_name} />],
      [
        t('prod.balanceAfter'),
        <Amount value={minus(d.available, c.amount)} unit={d.invest_currency_name} testId="confirm-balance-after" />,
      ],
    ]);
    if (!ok) return;
    setPending(true);
    try {
      await buyDual(d.id, c.num);
      toastSuccess(t('prod.dual.bought'));
      navigate('/pages/invest/mine', { replace: true });
    } catch {
      // the server's translated reason was toasted; refresh shares and balance, keep the input
      void load.reload();
    } finally {
      setPending(false);
    }
  };

  return (
    <PageFrame title={t('route.invest.purchase')}>
      <LoadState load={load}>
        {(d) => {
          const check = checkQuantity(qty, d, d.available);
          const error = touched ? message(check, d) : null;
          const preview = check.ok ? dualOutcomes(d, check.amount) : null;
          const maxNum = maxShares(d, d.available);
          return (
            <div className={card.wrap}>
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

              <section className={card.note} aria-live="polite" data-testid="dual-preview">
                <div>
                  {t('prod.dual.pay')}:{' '}
                  {check.ok ? <Amount value={check.amount} unit={d.invest_currency_name} /> : '--'}
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
