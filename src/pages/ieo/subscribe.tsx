import { useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { Link, useNavigate } from 'react-router-dom';
import { webViewPath } from '../../nav/paths';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ExactDecimal, FUNDS_ACCOUNT_TYPE, type IeoPayCurrency, type IeoProjectDetail } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { AmountField } from '../../components/form';
import { toastSuccess } from '../../lib/toast';
import { ieoDetail, ieoSubscribe } from '../../api/products';
import { walletDetail } from '../../api/funds';
import { session } from '../../stores/session';
import { confirmMoney, useLoad, when, type Row } from '../../components/product/shared';
import { LoadState } from '../../components/load/LoadState';
import { NotFound } from '../../components/product/NotFound';
import { Facts } from '../../components/product/Facts';
import { Progress } from '../../components/product/Progress';
import { StatusTag } from '../../components/product/StatusTag';
import { Amount, Quantity } from '../../components/product/Figures';
import { gt, lt, minus, times } from '../../components/product/money';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import styles from './ieo.module.css';
import { ProjectLogo } from './ieo';

/** Token amounts: the server's default token precision. */
const TOKEN_DP = 4;

export default function SubscribePage() {
  const id = Number(usePageParam('project_id'));
  const { t } = useTranslation();
  if (!Number.isInteger(id) || id <= 0) return <NotFound title={t('route.ieo.subscribe')} listPath="/pages/ieo/ieo" />;
  return <Subscribe key={id} id={id} />;
}

type Problem = 'required' | 'min' | 'max' | 'balance' | null;

/** Safe links only: a project's white paper / website must be http(s). */
const safeUrl = (u: string) => (/^https?:\/\//i.test(u) ? u : null);

/**
 * One IEO project (/project/detail) and its subscription (/project/order {project_id, amount,
 * pay_currency, price}): the tokens applied for, paid in one of the project's currencies at its
 * price; the payment is frozen until the allocation, which the confirmation sheet says.
 */
function Subscribe({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const load = useLoad(() => ieoDetail(id), [id]);
  const [payId, setPayId] = useState<number>();
  const pay: IeoPayCurrency | undefined =
    load.data?.pay_currencies.find((c) => c.currency_id === payId) ?? load.data?.pay_currencies[0];
  const balance = useLoad(
    async () => (pay && token ? (await walletDetail(pay.currency_id, FUNDS_ACCOUNT_TYPE)).available : null),
    [pay?.currency_id, token],
  );
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);

  const problemOf = (p: IeoProjectDetail, cost: string | null): Problem => {
    if (amount === '' || !gt(amount, '0')) return 'required';
    if (lt(amount, p.min_amount)) return 'min';
    if (p.max_amount !== null && gt(amount, p.max_amount)) return 'max';
    if (cost && typeof balance.data === 'string' && gt(cost, balance.data)) return 'balance';
    return null;
  };

  const errorText = (problem: Problem, p: IeoProjectDetail) => {
    if (problem === 'balance') return t('common.insufficientBalance');
    if (problem === 'min') return t('prod.ieo.err.min', { min: p.min_amount, unit: p.symbol });
    if (problem === 'max') return t('prod.ieo.err.max', { max: p.max_amount, unit: p.symbol });
    if (problem === 'required') return t('prod.ieo.err.required');
    return null;
  };

  const submit = async (p: IeoProjectDetail) => {
    setTouched(true);
    if (!pay) return;
    const cost = amount && gt(amount, '0') ? times(amount, pay.price) : null;
    if (problemOf(p, cost) || !cost) return;
    const available = typeof balance.data === 'string' ? balance.data : null;
    const rows: Row[] = [
      [t('prod.ieo.project'), `${p.name} (${p.symbol})`],
      [t('prod.ieo.applyAmount'), <Amount value={amount} unit={p.symbol} />],
      [t('prod.ieo.price'), <Amount value={pay.price} unit={pay.currency_name} />],
      [t('prod.ieo.pay'), <Amount value={cost} unit={pay.currency_name} testId="confirm-pay" />, true],
      [t('prod.ieo.endAt'), when(p.end_at)],
      [t('prod.ieo.listingAt'), when(p.listing_at)],
    ];
    if (available)
      rows.push([
        t('prod.balanceAfter'),
        <Amount value={minus(available, cost)} unit={pay.currency_name} testId="confirm-balance-after" />,
      ]);
    const ok = await confirmMoney(t('prod.ieo.confirmTitle'), rows, t('prod.ieo.confirmNote'));
    if (!ok) return;
    setPending(true);
    try {
      await ieoSubscribe({ project_id: p.id, amount, pay_currency: pay.currency_id, price: pay.price });
      toastSuccess(t('prod.ieo.subscribed'));
      navigate('/pages/ieo/order', { replace: true });
    } catch {
      // toasted (e.g. the price changed): re-read the project and the balance, keep the amount
      void load.reload();
      void balance.reload();
    } finally {
      setPending(false);
    }
  };

  return (
    <PageFrame title={t('route.ieo.subscribe')}>
      <LoadState load={load}>
        {(p) => {
          const cost = pay && amount && gt(amount, '0') ? times(amount, pay.price) : null;
          const problem = problemOf(p, cost);
          const shown = touched || problem === 'balance' || problem === 'max' ? problem : null;
          const avail = typeof balance.data === 'string' ? balance.data : null;
          const byBalance =
            pay && avail && gt(pay.price, '0')
              ? new ExactDecimal(avail).div(pay.price).toDecimalPlaces(TOKEN_DP, ExactDecimal.ROUND_DOWN).toFixed()
              : null;
          const cap = byBalance && p.max_amount !== null && lt(p.max_amount, byBalance) ? p.max_amount : byBalance;
          const open = p.status === 'in_progress';
          const white = safeUrl(p.white_paper);
          const site = safeUrl(p.website);
          return (
            <div className={card.wrap}>
              <section className={card.card}>
                <div className={card.head}>
                  <span className={styles.name}>
                    <ProjectLogo p={p} />
                    <span>
                      <h2 className={card.title}>{p.name}</h2>
                      <span className={card.bigLabel}>{p.symbol}</span>
                    </span>
                  </span>
                  <StatusTag status={p.status} />
                </div>
                <Facts
                  items={[
                    [
                      t('prod.ieo.issuePrice'),
                      <Amount value={p.issue_price} unit={p.pay_currencies[0]?.currency_name ?? 'USDT'} />,
                    ],
                    [t('prod.ieo.totalIssuance'), <Quantity value={p.total_issuance} unit={p.symbol} />],
                    [t('prod.ieo.lockDays'), t('prod.daysN', { count: p.lock_days })],
                    [t('prod.ieo.cycle'), `${when(p.start_at)} – ${when(p.end_at)}`],
                    [t('prod.ieo.endAt'), when(p.end_at)],
                    [t('prod.ieo.listingAt'), when(p.listing_at)],
                    [t('prod.ieo.applied'), t('prod.ieo.countN', { count: p.applied_count })],
                    [t('prod.ieo.passed'), p.finalised ? t('prod.ieo.countN', { count: p.passed_count }) : '--'],
                    [
                      t('prod.ieo.limits'),
                      <>
                        <Amount value={p.min_amount} /> –{' '}
                        {p.max_amount ? <Amount value={p.max_amount} unit={p.symbol} /> : t('prod.lock.noLimit')}
                      </>,
                    ],
                    [
                      t('prod.ieo.mine'),
                      <>
                        <Amount value={p.my_applied} unit={p.symbol} />
                        {p.finalised ? (
                          <>
                            {' '}
                            · {t('prod.ieo.allotted')} <Amount value={p.my_allotted} unit={p.symbol} />
                          </>
                        ) : null}
                      </>,
                    ],
                  ]}
                />
                <Progress fraction={p.progress} label={t('prod.ieo.subscribed')} />
                <div className={styles.links}>
                  {white ? (
                    <Link className={card.link} to={webViewPath(white, t('prod.ieo.whitePaper'))}>
                      {t('prod.ieo.whitePaper')}
                    </Link>
                  ) : null}
                  {site ? (
                    <Link className={card.link} to={webViewPath(site, p.name)}>
                      {t('prod.ieo.website')}
                    </Link>
                  ) : null}
                </div>
                {p.description ? <p className={styles.desc}>{p.description}</p> : null}
              </section>

              {open ? (
                <>
                  <h3 className={card.section}>{t('prod.ieo.subscribe')}</h3>
                  {p.pay_currencies.length > 1 ? (
                    <Selector
                      columns={3}
                      options={p.pay_currencies.map((c) => ({ label: c.currency_name, value: c.currency_id }))}
                      value={pay ? [pay.currency_id] : []}
                      onChange={(v) => v[0] !== undefined && setPayId(v[0])}
                    />
                  ) : null}
                  <AmountField
                    label={t('prod.ieo.applyAmount')}
                    value={amount}
                    onChange={setAmount}
                    decimals={TOKEN_DP}
                    unit={p.symbol}
                    placeholder={t('prod.lock.minPlaceholder', { min: p.min_amount })}
                    available={avail}
                    availableUnit={pay?.currency_name}
                    maxAmount={cap && gt(cap, '0') ? cap : null}
                    error={shown ? errorText(shown, p) : null}
                    onBlur={() => setTouched(true)}
                    data-testid="ieo-amount"
                  />
                  <section className={card.note} aria-live="polite" data-testid="ieo-preview">
                    {t('prod.ieo.price')}: {pay ? <Amount value={pay.price} unit={pay.currency_name} /> : '--'} ·{' '}
                    {t('prod.ieo.pay')}: {cost && pay ? <Amount value={cost} unit={pay.currency_name} /> : '--'}
                  </section>
                  {shown === 'balance' && pay ? (
                    <button
                      type="button"
                      className={card.link}
                      onClick={() => navigate(`/pages/fund/receive?currency=${pay.currency_id}`)}
                    >
                      {t('prod.deposit')}
                    </button>
                  ) : null}
                  <Button
                    block
                    color="primary"
                    size="large"
                    className={card.footer}
                    loading={pending}
                    disabled={pending || !pay}
                    onClick={() => void submit(p)}
                    data-testid="ieo-submit"
                  >
                    {t('prod.ieo.subscribe')}
                  </Button>
                  <p className={card.sub}>{t('prod.ieo.allocationRule')}</p>
                </>
              ) : (
                <p className={card.note}>{t(`prod.ieo.closed.${p.status}`, { start: when(p.start_at) })}</p>
              )}
            </div>
          );
        }}
      </LoadState>
    </PageFrame>
  );
}
