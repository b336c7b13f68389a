import { useCallback, useEffect, useState } from 'react';

/** A list loaded for one filter, with a reload after each action and the action's log refreshed. */
export function useList<T>(fetch: () => Promise<T[]>, deps: readonly unknown[]) {
  const [list, setList] = useState<T[] | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    try {
      setList(await fetch());
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(() => {
    void load();
  }, [load]);
  return { list, error, load };
}
