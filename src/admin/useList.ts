import { useCallback, useEffect, useRef, useState } from 'react';
import { latestWins } from '../lib/latestWins';

/**
 * A list loaded for one filter, with a reload after each action and the action's log refreshed.
 * Only the newest load's answer is shown (see latestWins).
 */
export function useList<T>(fetch: () => Promise<T[]>, deps: readonly unknown[]) {
  const [list, setList] = useState<T[] | null>(null);
  const [error, setError] = useState('');
  const ticket = useRef(latestWins()).current;
  const load = useCallback(async () => {
    const current = ticket();
    try {
      const next = await fetch();
      if (!current()) return;
      setList(next);
      setError('');
    } catch (e) {
      if (current()) setError((e as Error).message);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(() => {
    void load();
  }, [load]);
  return { list, error, load };
}
