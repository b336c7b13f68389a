import { useCallback, useState } from 'react';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { CopyTrade, Follow } from '../../../core';
import { cancelFollow, copyHistory, myFollows, selfHold } from '../../api/copytrade';
import { leverMyTrade } from '../../api/trade';
import { toastSuccess } from '../../lib/toast';
import { useUserEvents } from '../../market';

export type MyCopiesTab = 'current' | 'history' | 'traders';

/**
 * My copies' state: the tab, a version the lists reload on (live position and copy events bump
 * it), the open copies' unrealised P&L, and the two actions, each confirmed first.
 */
export function useMyCopies() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MyCopiesTab>('current');
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [pnl, setPnl] = useState<Record<number, string | null>>({});
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  useUserEvents((e) => {
    if (e.kind === 'position' || (e.kind === 'notice' && e.notice.kind.startsWith('copy_'))) bump();
  });

  const fetchCopies = useCallback(
    async (page: number) => {
      const p = await copyHistory(tab === 'history' ? 'history' : 'current', page);
      if (tab === 'current' && p.list.length) {
        // unrealised P&L of the open copies, as the server prices them now
        const open = await leverMyTrade({ status: 'position', page: 1, limit: 50 });
        setPnl((m) => ({ ...m, ...Object.fromEntries(open.list.map((x) => [x.id, x.profits])) }));
      }
      return p;
    },
    [tab],
  );
  const fetchFollows = useCallback((page: number) => myFollows(page), []);

  /** ask, then run one action at a time and reload the lists */
  const confirmThenRun = async (content: string, fn: () => Promise<unknown>, done: string) => {
    const ok = await Dialog.confirm({ content, confirmText: t('common.confirm'), cancelText: t('common.cancel') });
    if (!ok) return;
    setBusy(true);
    try {
      await fn();
      toastSuccess(done);
      bump();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  const hold = async (c: CopyTrade) => {
    const id = c.transaction_id;
    if (id === null) return;
    await confirmThenRun(t('copy.selfHoldConfirm'), () => selfHold(id), t('copy.selfHeld'));
  };
  const cancel = (f: Follow) =>
    confirmThenRun(
      t('copy.cancelConfirm', { name: f.trader_nickname }),
      () => cancelFollow(f.trader_user_id),
      t('copy.cancelled'),
    );

  return { tab, setTab, version, busy, pnl, fetchCopies, fetchFollows, hold, cancel };
}
