import { useEffect } from 'react';
import { useLoad } from '../../components/product/shared';
import { useNow } from '../../components/product/useNow';
import { useOnReconnect, useUserEvents } from '../../market';
import { otcOrder } from '../../api/otc';

const WAITING_REFRESH_MS = 10_000;

/** One order, kept current: read again on its live events, on every (re)connect, and every 10 s while it waits; `now` ticks while it is unpaid. */
export function useOtcOrder(id: number) {
  const load = useLoad(() => otcOrder(id), [id]);
  useUserEvents((e) => {
    if (e.kind === 'otc' && e.otc.order_id === id && e.otc.what === 'order') void load.reload();
  });
  // An event sent while this page's socket was away (a reload, a reconnect, a socket not yet in the
  // user's room) is not sent again: read the order again on every (re)connect, and every 10 s while
  // it waits on someone else (the counterparty, the timer or support).
  const { reload } = load;
  useOnReconnect(() => void reload());
  const waiting = load.data?.status === 'unpaid' || load.data?.status === 'paid' || load.data?.status === 'appeal';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reload(), WAITING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, reload]);
  const now = useNow(load.data?.status === 'unpaid');
  return { load, now };
}
