import type { MouseEvent } from 'react';
import { TabBar } from 'antd-mobile';
import {
  AppOutline,
  HistogramOutline,
  PayCircleOutline,
  TransportQRcodeOutline,
  BankcardOutline,
} from 'antd-mobile-icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathOf, TRADE_ROUTES } from '../nav/paths';
import { FadeOutlet } from './FadeOutlet';
import styles from './TabLayout.module.css';

const TABS = [
  { path: '/pages/index/index', label: 'tabs.home', Icon: AppOutline },
  { path: '/pages/market/market', label: 'tabs.markets', Icon: HistogramOutline },
  {
    path: pathOf(TRADE_ROUTES.spot),
    label: 'tabs.trade',
    Icon: TransportQRcodeOutline,
    also: [TRADE_ROUTES.contract, TRADE_ROUTES.contractAlias, TRADE_ROUTES.seconds].map(pathOf),
  },
  { path: '/pages/financial/index', label: 'tabs.finance', Icon: PayCircleOutline },
  { path: '/pages/fund/assets', label: 'tabs.assets', Icon: BankcardOutline },
] as const;

/** The link only names the tab for assistive tech and keyboards; the TabBar item does the navigation. */
const keepHash = (e: MouseEvent) => e.preventDefault();

export function TabLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  // a tab stays lit on the screens it groups (Trade: spot, futures and options)
  const active =
    TABS.find((tab) => tab.path === pathname || ('also' in tab && (tab.also as readonly string[]).includes(pathname)))
      ?.path ?? pathname;
  return (
    <div className={styles.layout}>
      <main className={styles.content}>
        <FadeOutlet keyOf={(p) => p} />
      </main>
      <nav className={styles.bar} aria-label={t('tabs.nav')}>
        <TabBar activeKey={active} onChange={(key) => navigate(key)} safeArea>
          {TABS.map(({ path, label, Icon }) => (
            <TabBar.Item
              key={path}
              data-testid={`tab-${path.split('/')[2]}`}
              icon={<Icon aria-hidden />}
              title={
                <a
                  href={`#${path}`}
                  onClick={keepHash}
                  className={styles.link}
                  aria-current={active === path ? 'page' : undefined}
                >
                  {t(label)}
                </a>
              }
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
