import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import '../styles/tokens.css';
import '../styles/global.css';
import { i18nReady } from '../i18n';
import '../stores/ui';
import { session } from '../stores/session';
import { computeVisitorId } from '../lib/fingerprint';
import { markFirstRender } from '../lib/firstPaint';
import { App } from '../app/App';
import { appRouter, preloadOpenedPage } from '../app/router';
import { registerServiceWorker } from '../app/sw';
import { BUILD_ID } from '../build-id';
import { nextTask } from '../lib/idle';

// antd-mobile 5 mounts Toast/Dialog with React 18's legacy render, which React 19 removed;
// hand it a createRoot-based renderer or every imperative Toast/Dialog throws.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    root.unmount();
  };
});

/** how long the first render waits for the opened page's chunk */
const OPENED_PAGE_WAIT_MS = 1500;

async function visitorId(): Promise<void> {
  // The visitor id must be on the very first request, and hashing takes about a millisecond.
  if (session.visitorId) return;
  try {
    session.visitorId = await computeVisitorId();
  } catch {
    /* headers go without it; the next launch retries */
  }
}

/** Marks the first commit: with a transition the render no longer ends when `render()` returns. */
function FirstCommit(): null {
  useEffect(() => markFirstRender(), []);
  return null;
}

/** The app's last boot stage (src/main.tsx): waits for the language and the opened page, then renders. */
export async function boot(): Promise<void> {
  if (BUILD_ID) document.documentElement.dataset.build = BUILD_ID;
  // The current language is fetched on demand (src/i18n): the first render waits for it, so no
  // screen ever shows keys or flips language.
  // The opened page too: its chunks downloaded beside the entry, and a first render
  // without it would paint the shell alone, Home's prices a moment later. Waited for a short
  // while only: a slow page chunk must not hold back the shell (it then loads as a lazy page).
  await Promise.all([
    visitorId(),
    i18nReady,
    Promise.race([
      preloadOpenedPage(location.hash).catch(() => undefined),
      new Promise((r) => setTimeout(r, OPENED_PAGE_WAIT_MS)),
    ]),
  ]);
  // the router in a task of its own, not inside this stage's evaluation or the first render's
  await nextTask();
  appRouter();
  await nextTask();
  const el = document.getElementById('root');
  if (!el) throw new Error('#root missing from index.html');
  const root = createRoot(el);
  // A transition lets React render the first screen in slices that yield to the browser, instead of
  // one long task on a slow phone's main thread (the blocking time); the static app shell
  // stays on screen until the commit replaces it.
  startTransition(() => {
    root.render(
      <StrictMode>
        <FirstCommit />
        <App />
      </StrictMode>,
    );
  });
  // The chart library is no longer prefetched here: only screens with a chart load it.
  registerServiceWorker();
}
