import { Image } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { IeoProject } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { ieoProjects } from '../../api/products';
import { when } from '../../components/product/shared';
import { PagedList } from '../../components/list/PagedList';
import { Facts } from '../../components/product/Facts';
import { Progress } from '../../components/product/Progress';
import { StatusTag } from '../../components/product/StatusTag';
import { Amount, Quantity } from '../../components/product/Figures';
import { timeLeft, useNow } from '../../components/product/useNow';
import card from '../../components/product/card.module.css';
import styles from './ieo.module.css';

/**
 * IEO projects (/project {page, limit}): warm-up, in progress, finished — each with issue price,
 * total issuance, subscription progress, lock period, cycle, end time, applied and passed counts
 * and listing time. A project opens its subscription page.
 */
export default function IeoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame
      title={t('route.ieo.ieo')}
      right={
        <button
          type="button"
          className={card.headBtn}
          onClick={() => navigate('/pages/ieo/order')}
          data-testid="ieo-orders"
        >
          {t('prod.ieo.myOrders')}
        </button>
      }
    >
      <PagedList<IeoProject>
        variant="cards"
        fetchPage={ieoProjects}
        itemKey={(p) => p.id}
        renderItem={(p) => <ProjectCard p={p} onOpen={() => navigate(`/pages/ieo/subscribe?project_id=${p.id}`)} />}
        emptyText={t('prod.ieo.empty')}
        testId="ieo-projects"
      />
    </PageFrame>
  );
}

/** A project's logo, name (a heading at `level`), symbol and status: the list's card and the project page share it. */
export function ProjectHead({ p, level }: { p: IeoProject; level: 2 | 3 }) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <div className={card.head}>
      <span className={styles.name}>
        <ProjectLogo p={p} />
        <span>
          <Title className={card.title}>{p.name}</Title>
          <span className={card.bigLabel}>{p.symbol}</span>
        </span>
      </span>
      <StatusTag status={p.status} />
    </div>
  );
}

export function ProjectLogo({ p }: { p: Pick<IeoProject, 'logo' | 'symbol'> }) {
  return p.logo ? (
    <Image src={p.logo} alt="" width={36} height={36} fit="cover" className={styles.logo} lazy />
  ) : (
    <span className={styles.logo} aria-hidden>
      {p.symbol.slice(0, 1)}
    </span>
  );
}

function ProjectCard({ p, onOpen }: { p: IeoProject; onOpen: () => void }) {
  const { t } = useTranslation();
  const now = useNow(p.status !== 'finished', 1000);
  const until =
    p.status === 'warmup' ? timeLeft(p.start_at, now) : p.status === 'in_progress' ? timeLeft(p.end_at, now) : '';
  return (
    <button
      type="button"
      className={card.card}
      onClick={onOpen}
      data-testid="ieo-project"
      data-id={p.id}
      data-status={p.status}
    >
      <ProjectHead p={p} level={3} />
      <Facts
        items={[
          [
            t('prod.ieo.issuePrice'),
            <Amount value={p.issue_price} unit={p.pay_currencies[0]?.currency_name ?? 'USDT'} />,
          ],
          [t('prod.ieo.totalIssuance'), <Quantity value={p.total_issuance} unit={p.symbol} />],
          [t('prod.ieo.lockDays'), t('prod.daysN', { count: p.lock_days })],
          [t('prod.ieo.cycle'), t('prod.daysN', { count: p.cycle_days })],
          [t('prod.ieo.endAt'), when(p.end_at)],
          [t('prod.ieo.listingAt'), when(p.listing_at)],
          [t('prod.ieo.applied'), t('prod.ieo.countN', { count: p.applied_count })],
          [t('prod.ieo.passed'), p.finalised ? t('prod.ieo.countN', { count: p.passed_count }) : '--'],
        ]}
      />
      <Progress fraction={p.progress} label={t('prod.ieo.subscribed')} />
      {until ? (
        <p className={card.sub}>
          {t(p.status === 'warmup' ? 'prod.ieo.startsIn' : 'prod.ieo.endsIn', { left: until })}
        </p>
      ) : null}
      {p.status === 'in_progress' ? (
        <div className={card.actions}>
          <span className={card.cta}>{t('prod.ieo.subscribe')}</span>
        </div>
      ) : null}
    </button>
  );
}
