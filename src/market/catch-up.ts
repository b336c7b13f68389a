import { useCallback, useEffect, useRef } from 'react';
import { useOnReconnect } from './reconnect';

/**
 * Keeps a list that lives on the server complete: `read` asks for what came after what the page
 * holds and merges it by id. It runs while `enabled`: at once, after every socket reconnect, when the
 * browser comes back online and when the tab is shown again. One read at a time; a call during one
 * runs it once more after, so an event that arrives mid-read is never lost. A failed read waits for
 * the next of these (offline). Returns the catch-up, for the page's own triggers (a live event, a send).
 */
export function useCatchUp(read: () => Promise<void>, enabled = true): () => Promise<void> {
  const latest = useRef(read);
  latest.current = read;
  const busy = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const catchUp = useCallback(async (): Promise<void> => {
    if (busy.current) {
      again.current = true;
      return busy.current;
    }
    busy.current = (async () => {
      do {
        again.current = false;
        await latest.current().catch(() => undefined);
      } while (again.current);
    })().finally(() => (busy.current = null));
    return busy.current;
  }, []);

  useEffect(() => {
    if (!enabled) return;
    void catchUp();
    const back = () => document.visibilityState === 'visible' && void catchUp();
    document.addEventListener('visibilitychange', back);
    window.addEventListener('online', back);
    return () => {
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('online', back);
    };
  }, [enabled, catchUp]);

  // the socket's own reconnect (useOnReconnect), not marketStore.connected: that follows the socket only
  // while a market view is open, and a chat or support page has none
  useOnReconnect(() => {
    if (enabled) void catchUp();
  });

  return catchUp;
}
