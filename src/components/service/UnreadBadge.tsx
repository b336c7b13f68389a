import { useCallback, useEffect, useState } from 'react';
import { Badge } from 'antd-mobile';
import { useUserEvents } from '../../market';

/**
 * The count of customer-service replies not read yet, beside an entry that leads to the chat. The
 * page passes how to ask; it is asked again when a service event arrives on the user's socket.
 */
export function UnreadBadge({ load }: { load: () => Promise<number> }) {
  const [n, setN] = useState(0);
  const refresh = useCallback(() => {
    load()
      .then(setN)
      .catch(() => undefined);
  }, [load]);
  useEffect(refresh, [refresh]);
  useUserEvents((e) => {
    if (e.kind === 'service') refresh();
  });
  return n > 0 ? <Badge content={n > 99 ? '99+' : n} data-testid="service-unread" /> : null;
}
