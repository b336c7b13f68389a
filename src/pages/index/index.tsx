import { lazy, Suspense, useMemo } from 'react';
import { Button, Grid, NoticeBar } from 'antd-mobile';
import { SetOutline, SoundOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PageFrame } from '../../components/PageFrame';
import { useSpareChartAhead } from '../market/spareAhead';
import { Num } from '../../components/Num';
import type { NewsItem } from '../../api/content';
import { FIAT_DP } from '../../components/funds/format';
import { session } from '../../stores/session';
import { pairs } from '../../market/pairs';
import { PATHS } from '../../nav/paths';
import { ENTRIES } from './entries';
import { HotPairs } from './HotPairs';
import { Banners } from './Banners';
import { HomeNotice } from './HomeNotice';
import styles from './index.module.css';
import { useHomeContent } from './useHomeContent';

const HOT_COUNT = 8;
// the badge and its live listener load after the page (Home's budget)
const ServiceUnread = lazy(() => import('./ServiceUnread'));

/** a speech bubble (the kit's icon would bring its own chunk onto Home) */
const ChatIcon = () => (
  <svg
    width="1em"
    height="1em"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinejoin="round"
    aria-hidden
  >
    <path d="M4 5h16v11H9l-4 3.5V16H4z" />
    <path d="M8 10.5h.01M12 10.5h.01M16 10.5h.01" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { site_name } = useSnapshot(session);
  const { list } = useSnapshot(pairs);
  const { first, banners, notices, total } = useHomeContent();
  const hot = useMemo(() => list.filter((q) => q.market === 'crypto').slice(0, HOT_COUNT), [list]);
  const openArticle = (id: number) => navigate(`/pages/common/article?id=${id}`);
  // its hot pairs open the pair view's chart
  useSpareChartAhead();

  return (
    <PageFrame title={site_name} back={false} right={<NavIcons />}>
      <div className={styles.page}>
        <BannerSlot banners={banners} onOpen={openArticle} />
        <NoticeSlot notices={notices} onOpen={openArticle} />
        <AssetsCard total={total} />
        <Entries />
        <HotPairs quotes={hot} />
      </div>
      <HomeNotice okText={t('common.gotIt')} fromHtml={first ? first.pop : undefined} />
    </PageFrame>
  );
}

/** customer service (with the count of replies not read yet, live) and settings */
function NavIcons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  return (
    <span className={styles.navIcons}>
      {/* customer service, with the count of replies not read yet (live) */}
      <span className={styles.badgeWrap} data-testid="home-service">
        <button
          type="button"
          className={styles.iconBtn}
          aria-label={t('route.kefu.index')}
          onClick={() => navigate(PATHS.service)}
        >
          <ChatIcon />
        </button>
        {/* beside the button, not in it: its name stays its label */}
        {token ? (
          <Suspense fallback={null}>
            <ServiceUnread />
          </Suspense>
        ) : null}
      </span>
      <button
        type="button"
        className={styles.iconBtn}
        aria-label={t('route.setting.setting')}
        onClick={() => navigate(PATHS.setting)}
      >
        <SetOutline aria-hidden />
      </button>
    </span>
  );
}

interface NewsSlotProps {
  /** opens the article behind a banner or notice */
  onOpen: (id: number) => void;
}

/**
 * Space is kept for the banners while they load (no layout shift); it closes only if the back
 * office has none.
 */
function BannerSlot({ banners, onOpen }: NewsSlotProps & { /** null while loading */ banners: NewsItem[] | null }) {
  const { t } = useTranslation();
  const bannerImgs = (banners ?? []).filter((b) => b.thumbnail || b.image);
  if (!(bannerImgs.length > 0 || banners === null)) return null;
  return (
    <div className={styles.bannerSlot} data-testid="home-banners">
      {bannerImgs.length > 0 ? <Banners items={bannerImgs} label={t('home.banners')} onOpen={onOpen} /> : null}
    </div>
  );
}

/** the notices' ticker; its space too is kept while they load */
function NoticeSlot({ notices, onOpen }: NewsSlotProps & { notices: NewsItem[] | null }) {
  if (!(notices === null || notices.length > 0)) return null;
  return (
    <button
      type="button"
      className={styles.noticeBtn}
      onClick={() => notices?.[0] && onOpen(notices[0].id)}
      disabled={!notices}
    >
      {notices ? (
        <NoticeBar
          className={styles.notice}
          icon={<SoundOutline aria-hidden />}
          content={notices.map((n) => n.title).join('　·　')}
          color="info"
        />
      ) : (
        <span className={styles.noticeSlot} />
      )}
    </button>
  );
}

/** the total of the user's assets (guests are asked to log in), with deposit and withdraw */
function AssetsCard({ total }: { total: { value: string; code: string } | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  return (
    <section className={styles.assets} aria-label={t('home.totalAssets')}>
      <div className={styles.assetsLabel}>
        {t('home.totalAssets')} ({total?.code ?? 'USDT'})
      </div>
      {token ? (
        <Num
          className={styles.assetsValue}
          value={total?.value}
          format="price"
          decimals={FIAT_DP}
          tint={false}
          data-testid="home-total"
        />
      ) : (
        <div className={styles.assetsGuest}>
          <span className={styles.assetsValue}>--</span>
          <button type="button" className={styles.linkBtn} onClick={() => navigate(PATHS.login)}>
            {t('home.loginToSee')}
          </button>
        </div>
      )}
      <div className={styles.assetsActions}>
        <Button color="primary" className={styles.actionBtn} onClick={() => navigate('/pages/fund/receive')}>
          {t('home.recharge')}
        </Button>
        <Button
          color="primary"
          fill="outline"
          className={styles.actionBtn}
          onClick={() => navigate('/pages/fund/withdraw')}
        >
          {t('home.withdraw')}
        </Button>
      </div>
    </section>
  );
}

/** the grid of the app's sections */
function Entries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav aria-label={t('home.entries')}>
      <Grid columns={4} gap={4} className={styles.grid}>
        {ENTRIES.map(({ key, to, Icon }) => (
          <Grid.Item key={key}>
            <button type="button" className={styles.entry} onClick={() => navigate(to)}>
              <span className={styles.entryIcon}>
                <Icon aria-hidden />
              </span>
              <span className={styles.entryLabel}>{t(`home.entry.${key}`)}</span>
            </button>
          </Grid.Item>
        ))}
      </Grid>
    </nav>
  );
}
