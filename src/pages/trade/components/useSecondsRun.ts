import { useEffect, useState } from 'react';
import { SECONDS_STATUS, type SecondsOrder } from '../../../../core';
import { secondsResult } from '../../../api/trade';
import { useUserEvents } from '../../../market';

/** Grace after expiry before asking the server once (the `seconds` event normally comes first). */
const FALLBACK_MS = 4000;

/**
 * A running seconds order until it settles: the whole seconds left (its own clock, ticking on the
 * second), and the settled order — from the `seconds` event of the user's room, or one lookup by
 * id if that event has not come in time.
 */
export function useSecondsRun(order: SecondsOrder, onSettled: (o: SecondsOrder) => void) {
  const [o, setO] = useState(order);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((o.expires_at - now) / 1000));
  const settled = o.status === SECONDS_STATUS.settled;

  useUserEvents((e) => {
    if (e.kind === 'seconds' && e.order.id === o.id && e.order.status === SECONDS_STATUS.settled) {
      setO(e.order);
      onSettled(e.order);
    }
  });

  // The countdown's own clock: one timer per second while running, none after.
  useEffect(() => {
    if (settled || left <= 0) return;
    // Wake on the next whole second before expiry, so the digits change in step with it.
    const toNext = ((o.expires_at - Date.now()) % 1000) + 1 || 1000;
    const id = setTimeout(() => setNow(Date.now()), Math.max(16, toNext));
    return () => clearTimeout(id);
  }, [now, settled, left, o.expires_at]);

  useEffect(() => {
    if (settled) return;
    const wait = Math.max(0, o.expires_at - Date.now()) + FALLBACK_MS;
    const id = setTimeout(() => {
      secondsResult(o.id)
        .then((r) => {
          if (r.status === SECONDS_STATUS.settled) {
            setO(r);
            onSettled(r);
          }
        })
        .catch(() => {});
    }, wait);
    return () => clearTimeout(id);
  }, [settled, o.id, o.expires_at, onSettled]);

  return { o, left, settled };
}
