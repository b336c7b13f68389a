import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import './styles/tokens.css';
import './styles/global.css';
import './i18n';
import './stores/ui';
import { session } from './stores/session';
import { computeVisitorId } from './lib/fingerprint';
import { App } from './app/App';
import { whenIdle } from './lib/idle';

// antd-mobile 5 mounts Toast/Dialog with React 18's legacy render, which React 19 removed;
// hand it a createRoot-based renderer or every imperative Toast/Dialog throws.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    root.unmount();
  };
});

async function boot(): Promise<void> {
  // The visitor id must be on the very first request, and hashing takes about a millisecond.
  if (!session.visitorId) {
    try {
      session.visitorId = await computeVisitorId();
    } catch {
      /* headers go without it; the next launch retries */
    }
  }
  const el = document.getElementById('root');
  if (!el) throw new Error('#root missing from index.html');
  createRoot(el).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // Once the first screen is up: load the chart chunk and build the spare chart the first chart the
  // user opens adopts, so it does not pay for a cold first draw (src/components/kline/spare.ts).
  whenIdle(() => {
    import('./components/kline/spare').then((m) => m.prepareSpareChart()).catch(() => {});
  }, 4000);
}

void boot();
