import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
  type Location,
} from 'react-router-dom';
import styles from './FadeOutlet.module.css';

type Phase = 'in' | 'out' | 'wait';
const OUT_MS = 200;
const IN_DELAY_MS = 50;

/**
 * Spec §2 page change: the old page fades out in 200 ms, the new one comes in after 50 ms.
 * We keep rendering the leaving page's element until its fade ends, then swap.
 * `keyOf` decides what counts as "another page" (the root treats all tabs as one page so the
 * tab bar itself never fades; the tab layout fades its content).
 * The leaving page keeps seeing its own location while it fades, so a page that reads its query
 * (or redirects when it is missing) cannot act on the next page's URL.
 */
export function FadeOutlet({ keyOf }: { keyOf: (pathname: string) => string }) {
  const location = useLocation();
  const outlet = useOutlet();
  const key = keyOf(location.pathname);
  const shownKey = useRef(key);
  const liveEl = useRef<ReactNode>(outlet);
  const liveLoc = useRef<Location>(location);
  const navigationType = useNavigationType();
  const [leaving, setLeaving] = useState<{ el: ReactNode; loc: Location; key: string } | null>(null);
  const [phase, setPhase] = useState<Phase>('in');

  // Remember the element of the page on screen, so it can stay while it fades out.
  useLayoutEffect(() => {
    if (shownKey.current === key) {
      liveEl.current = outlet;
      liveLoc.current = location;
    }
  });

  useLayoutEffect(() => {
    if (shownKey.current === key) return;
    const prevKey = shownKey.current;
    shownKey.current = key;
    setLeaving({ el: liveEl.current, loc: liveLoc.current, key: prevKey });
    setPhase('out');
    let t2: ReturnType<typeof setTimeout> | undefined;
    const t1 = setTimeout(() => {
      setLeaving(null);
      setPhase('wait');
      t2 = setTimeout(() => setPhase('in'), IN_DELAY_MS);
    }, OUT_MS);
    return () => {
      clearTimeout(t1);
      clearTimeout(t2);
    };
  }, [key]);

  const cls = phase === 'in' ? styles.in : phase === 'out' ? styles.out : styles.wait;
  // On the render where the key changes, keep showing the old page (not mounting the new one for
  // a frame, which would run its effects — e.g. a guard's toast — twice).
  const old =
    leaving ?? (shownKey.current !== key ? { el: liveEl.current, loc: liveLoc.current, key: shownKey.current } : null);
  // One tree shape whether the page is live or leaving, keyed by page: the leaving page keeps its
  // state (a remount would rerun its guards and effects — e.g. Login's "already logged in" redirect
  // firing after the user had tapped on to another page).
  // The same context value while the location stays: a new object on every render of this outlet
  // (the root layout re-renders when the site config arrives) re-rendered every page and layout
  // that reads the location, synchronously (a long task after the first paint).
  const shownLoc = old ? old.loc : location;
  const locationValue = useMemo(() => ({ location: shownLoc, navigationType }), [shownLoc, navigationType]);
  return (
    <div className={`${styles.fade} ${cls}`}>
      <LocationContext.Provider key={old ? old.key : key} value={locationValue}>
        {old ? old.el : outlet}
      </LocationContext.Provider>
    </div>
  );
}
