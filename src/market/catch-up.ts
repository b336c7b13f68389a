import { useCallback, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { marketStore } from './store';

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

  const { connected } = useSnapshot(marketStore);
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current && enabled) void catchUp();
    wasConnected.current = connected;
  }, [connected, enabled, catchUp]);

  return catchUp;
}
