import { useState } from 'react';
import { toastSuccess } from '../../lib/toast';

/**
 * One user action at a time (buy, bid, repay, release…): `pending` while it runs, a success toast,
 * and the page's data read again either way; `run` answers whether it went through (the client has
 * already toasted the server's reason when it did not).
 */
export function useAction(reload: () => unknown): {
  pending: boolean;
  run: (fn: () => Promise<unknown>, done: string) => Promise<boolean>;
} {
  const [pending, setPending] = useState(false);
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setPending(true);
    try {
      await fn();
      toastSuccess(done);
      return true;
    } catch {
      return false;
    } finally {
      setPending(false);
      void reload();
    }
  };
  return { pending, run };
}
