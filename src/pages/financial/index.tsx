import type { ComponentType } from 'react';
import {
  RightOutline,
  PayCircleOutline,
  LockOutline,
  CollectMoneyOutline,
  FolderOutline,
  GiftOutline,
  TeamOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { lockmingPath } from '../../nav/paths';
import styles from './financial.module.css';

interface Product {
  key: string;
  to: string;
  Icon: ComponentType<{ 'aria-hidden'?: boolean }>;
}

/**
 * The Finance tab: one door to every fixed-term product (spec §1). Lock-up, DeFi and cloud mining
 * are three kinds of the same lock-mining product, so they open one page filtered by kind. Copy
 * trading is built by another area; its entry goes to that route, which shows its own frame.
 */
const PRODUCTS: Product[] = [
  { key: 'invest', to: '/pages/invest/invest', Icon: PayCircleOutline },
  { key: 'lock', to: lockmingPath('lock'), Icon: LockOutline },
  { key: 'defi', to: lockmingPath('defi'), Icon: CollectMoneyOutline },
  { key: 'cloud', to: lockmingPath('cloud'), Icon: FolderOutline },
  { key: 'ieo', to: '/pages/ieo/ieo', Icon: GiftOutline },
  { key: 'copy', to: '/pages/copytrade/copy', Icon: TeamOutline },
];

const MINE = [
  { key: 'investOrders', to: '/pages/invest/mine' },
  { key: 'miningOrders', to: '/pages/lockming/order' },
  { key: 'ieoOrders', to: '/pages/ieo/order' },
] as const;

export default function FinancialPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('route.financial.index')} back={false}>
      <div className={styles.page}>
        <section className={styles.hero}>
          <h2 className={styles.heroTitle}>{t('prod.hub.title')}</h2>
          <p className={styles.heroSub}>{t('prod.hub.subtitle')}</p>
        </section>

        <ul className={styles.cards} aria-label={t('prod.hub.products')}>
          {PRODUCTS.map(({ key, to, Icon }) => (
            <li key={key}>
              <button type="button" className={styles.card} onClick={() => navigate(to)} data-testid={`fin-${key}`}>
                <span className={styles.cardIcon}>
                  <Icon aria-hidden />
                </span>
                <span className={styles.cardText}>
                  <span className={styles.cardTitle}>{t(`prod.hub.${key}.title`)}</span>
                  <span className={styles.cardDesc}>{t(`prod.hub.${key}.desc`)}</span>
                </span>
                <RightOutline aria-hidden className={styles.chev} />
              </button>
            </li>
          ))}
        </ul>

        <h2 className={styles.sectionTitle}>{t('prod.hub.mine')}</h2>
        <ul className={styles.mine}>
          {MINE.map(({ key, to }) => (
            <li key={key}>
              <button type="button" className={styles.mineBtn} onClick={() => navigate(to)} data-testid={`fin-${key}`}>
                <UnorderedListOutline aria-hidden />
                <span>{t(`prod.hub.${key}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </PageFrame>
  );
}
