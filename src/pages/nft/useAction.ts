import { useState } from 'react';
import { toastSuccess } from '../../lib/toast';

/**
 * One NFT action at a time (buy, bid, pay, open): `pending` while it runs, a success toast, and
 * the page's data read again either way (the client has toasted the server's reason on failure).
 */
export function useAction(reload: () => unknown): { pending: boolean; run: (fn: () => Promise<unknown>, done: string) => Promise<void> } {
  const [pending, setPending] = useState(false);
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setPending(true);
    try {
      await fn();
      toastSuccess(done);
    } catch {
      /* toasted by the client */
    } finally {
      setPending(false);
      void reload();
    }
  };
  return { pending, run };
}
