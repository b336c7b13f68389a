import { Button, Selector } from 'antd-mobile';
import { Link, useNavigate } from 'react-router-dom';
import { webViewPath } from '../../nav/paths';
import { useTranslation } from 'react-i18next';
import type { IeoProjectDetail } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { AmountField } from '../../components/form';
import { when } from '../../components/product/shared';
import { LoadState } from '../../components/load/LoadState';
import { NotFound } from '../../components/product/NotFound';
import { Facts } from '../../components/product/Facts';
import { Progress } from '../../components/product/Progress';
import { Amount, Quantity } from '../../components/product/Figures';
import { gt } from '../../components/product/money';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import styles from './ieo.module.css';
import { ProjectHead } from './ieo';
import { problemText, TOKEN_DP, useSubscribe, type Subscription } from './useSubscribe';

export default function SubscribePage() {
  const id = Number(usePageParam('project_id'));
  const { t } = useTranslation();
  if (!Number.isInteger(id) || id <= 0) return <NotFound title={t('route.ieo.subscribe')} listPath="/pages/ieo/ieo" />;
  return <Subscribe key={id} id={id} />;
}

/** Safe links only: a project's white paper / website must be http(s). */
const safeUrl = (u: string) => (/^https?:\/\//i.test(u) ? u : null);

/**
 * One IEO project (/project/detail) and its subscription (/project/order {project_id, amount,
 * pay_currency, price}): the tokens applied for, paid in one of the project's currencies at its
 * price; the payment is frozen until the allocation, which the confirmation sheet says.
 */
function Subscribe({ id }: { id: number }) {
  const { t } = useTranslation();
  const x = useSubscribe(id);

  return (
    <PageFrame title={t('route.ieo.subscribe')}>
      <LoadState load={x.load}>
        {(p) => (
          <div className={card.wrap}>
            <ProjectCard p={p} />
            {p.status === 'in_progress' ? (
              <SubscribeForm p={p} x={x} />
            ) : (
              <p className={card.note}>{t(`prod.ieo.closed.${p.status}`, { start: when(p.start_at) })}</p>
            )}
          </div>
        )}
      </LoadState>
    </PageFrame>
  );
}

/** An open project's form: the paying currency, the tokens applied for, what they cost, and Subscribe. */
function SubscribeForm({ p, x }: { p: IeoProjectDetail; x: Subscription }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pay, pending } = x;
  const { cost, shown, avail, cap } = x.figures(p);
  return (
    <>
      <h3 className={card.section}>{t('prod.ieo.subscribe')}</h3>
      {p.pay_currencies.length > 1 ? (
        <Selector
          columns={3}
          options={p.pay_currencies.map((c) => ({ label: c.currency_name, value: c.currency_id }))}
          value={pay ? [pay.currency_id] : []}
          onChange={(v) => v[0] !== undefined && x.setPayId(v[0])}
        />
      ) : null}
      <AmountField
        label={t('prod.ieo.applyAmount')}
        value={x.amount}
        onChange={x.setAmount}
        decimals={TOKEN_DP}
        unit={p.symbol}
        placeholder={t('prod.lock.minPlaceholder', { min: p.min_amount })}
        available={avail}
        availableUnit={pay?.currency_name}
        maxAmount={cap && gt(cap, '0') ? cap : null}
        error={shown ? problemText(t, shown, p) : null}
        onBlur={() => x.setTouched(true)}
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
        onClick={() => void x.submit(p)}
        data-testid="ieo-submit"
      >
        {t('prod.ieo.subscribe')}
      </Button>
      <p className={card.sub}>{t('prod.ieo.allocationRule')}</p>
    </>
  );
}

/** The project: name and status, its terms and my part in it, progress, its links and description. */
function ProjectCard({ p }: { p: IeoProjectDetail }) {
  const { t } = useTranslation();
  const white = safeUrl(p.white_paper);
  const site = safeUrl(p.website);
  return (
    <section className={card.card}>
      <ProjectHead p={p} level={2} />
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
  );
}
