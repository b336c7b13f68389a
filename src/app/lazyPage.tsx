import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Button, createErrorBlock } from 'antd-mobile';
import { disconnectedImage } from 'antd-mobile/es/components/error-block/images/disconnected';
import { useTranslation } from 'react-i18next';
import { CONSTANTS } from '../../core/types/api';
import { Spinner } from '../components/load/Spinner';
import styles from './lazyPage.module.css';

/** Rejects when a chunk has not arrived within the spec's 60 s, so the user sees an error, not a spinner forever. */
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`page load timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export type LazyPage<P extends object> = ComponentType<P> & {
  /** imports the page now (once); a page imported before it first renders renders at once, without suspending */
  preload: () => Promise<unknown>;
};

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const get = () =>
    (pending ??= withTimeout(load(), CONSTANTS.lazyTimeoutMs).then((m) => {
      loaded = m.default;
      return m;
    }));
  const Lazy = lazy(get);
  // The opened page, imported before the first render (main.tsx), is in the first paint: Home's
  // prices from the quotes snapshot show at first contentful paint. Chosen once per
  // mount, so a page never switches from the lazy wrapper to the loaded one under the user.
  function Page(props: P) {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return Object.assign(Page, { preload: get });
}

/** Spec §2: the loading placeholder appears only after 200 ms, so fast chunk loads never flash it. */
function DelayedLoading() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setShow(true), CONSTANTS.lazyDelayMs);
    return () => clearTimeout(t);
  }, []);
  if (!show) return null;
  return (
    <div className={styles.center} role="status" aria-live="polite">
      <Spinner />
    </div>
  );
}

// antd-mobile's ErrorBlock carries all four of its illustrations; the shell shows one (the
// other three were ≈6 KB of every route's first load)
const ErrorBlock = createErrorBlock({ disconnected: disconnectedImage });

function LoadError() {
  const { t } = useTranslation();
  return (
    <div className={styles.center} role="alert">
      <ErrorBlock status="disconnected" title={t('common.loadFailed')} description={t('common.loadFailedHint')}>
        {/* React.lazy caches a failed import; a reload is the only clean retry (and picks up a new deploy). */}
        <Button color="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    </div>
  );
}

class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    console.error('page failed to load', error);
  }
  override render() {
    return this.state.failed ? <LoadError /> : this.props.children;
  }
}

/** The frame every lazy page renders in: error boundary outside, delayed placeholder inside. */
export function PageSlot({ children }: { children: ReactNode }) {
  return (
    <ChunkBoundary>
      <Suspense fallback={<DelayedLoading />}>{children}</Suspense>
    </ChunkBoundary>
  );
}
