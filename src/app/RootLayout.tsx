import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { FadeOutlet } from './FadeOutlet';
import { setNavigator } from '../nav/navigate';
import { PATHS } from '../nav/paths';
import { TAB_PATHS } from './routes';
import { site } from '../stores/site';
import { session } from '../stores/session';
import { getSiteConfig } from '../api/site';
import { UpdatePrompt } from './UpdatePrompt';

// Loaded on its own, after the shell: it renders nothing and listens to the market worker, which
// starts after first paint anyway; in the entry it brought the worker bridge and comlink into
// every route's first load.
const TradeNotices = lazy(() =>
  import('../pages/trade/components/TradeNotices').then((m) => ({ default: m.TradeNotices })),
);

const rootKey = (p: string) => (TAB_PATHS.includes(p) ? 'tabs' : p);

/** Wallet gate (spec §1): the product runs only where a browser wallet extension exists. */
function walletMissing(): boolean {
  return !('ethereum' in window) || (window as Window & { ethereum?: unknown }).ethereum == null;
}

export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { config } = useSnapshot(site);
  const { token } = useSnapshot(session);

  useEffect(() => {
    setNavigator((path, replace) => navigate(path, { replace }));
  }, [navigate]);

  useEffect(() => {
    getSiteConfig()
      .then((cfg) => {
        site.config = cfg;
        if (cfg.site_name) session.site_name = cfg.site_name;
      })
      .catch(() => {
        /* no config: gate stays open, defaults apply; the error was already reported by the client */
      })
      .finally(() => {
        site.loaded = true;
      });
  }, []);

  useEffect(() => {
    document.title = session.site_name;
  }, [config]);

  if (config?.wallet_gate && walletMissing() && pathname !== PATHS.denied) {
    return <Navigate to={PATHS.denied} replace />;
  }
  return (
    <>
      <FadeOutlet keyOf={rootKey} />
      {/* trade events exist only for a signed-in user: no worker or socket for a visitor on Login */}
      {token ? (
        <Suspense fallback={null}>
          <TradeNotices />
        </Suspense>
      ) : null}
      <UpdatePrompt />
    </>
  );
}
