import { useEffect, useRef } from 'react';
import { openWatch } from './bridge';

/**
 * Calls `fn` each time the worker's socket is connected again after it was lost (a deploy's
 * restart, a network drop), not on the first connect. A screen showing server state reads it again
 * then: what the server sent while the socket was away, or before it was back in the user's room, is
 * not sent again. Its own watch, so it does not depend on a market view being mounted: the status
 * comes with every watch's snapshots.
 */
export function useOnReconnect(fn: () => void): void {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => {
    let was: boolean | null = null;
    const watch = openWatch({ symbols: [] }, (s) => {
      const now = s.status.connected;
      if (now && was === false) ref.current();
      was = now;
    });
    return () => watch.close();
  }, []);
}
