import { useState } from 'react';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LEVER_STATUS, type LeverBatchType, type LeverPosition } from '../../../../core';
import { leverBatchClose, leverClose } from '../../../api/trade';
import { toastSuccess } from '../../../lib/toast';
import { claimNotice } from '../components/noticeClaims';
import { CloseResult } from './CloseResult';

const BATCH_CONFIRM: Record<LeverBatchType, string> = {
  all: 'batchConfirmAll',
  long: 'batchConfirmLong',
  short: 'batchConfirmShort',
};

/** Closing a position (or cancelling a waiting entry) and the batch closes, each after the user confirms. */
export function useLeverCloses(priceDecimals: number, onDone: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | 'batch' | null>(null);
  const confirm = (content: string) =>
    Dialog.confirm({ content, confirmText: t('common.confirm'), cancelText: t('common.cancel') });
  const run = async (key: number | 'batch', request: () => Promise<void>) => {
    setBusy(key);
    try {
      await request();
      onDone();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(null);
    }
  };

  const closeOne = async (p: LeverPosition) => {
    const isEntrust = p.status === LEVER_STATUS.entrusted;
    if (!(await confirm(isEntrust ? t('trade.cancelConfirm') : t('trade.lever.closeConfirm')))) return;
    await run(p.id, async () => {
      const done = await leverClose(p.id);
      claimNotice('lever_closed', done.id);
      if (isEntrust) toastSuccess(t('trade.cancelled'));
      else
        void Dialog.alert({
          title: t('trade.lever.resultTitle'),
          confirmText: t('common.gotIt'),
          content: <CloseResult done={done} priceDecimals={priceDecimals} />,
        });
    });
  };

  const batch = async (type: LeverBatchType) => {
    if (!(await confirm(t(`trade.lever.${BATCH_CONFIRM[type]}`)))) return;
    await run('batch', async () => {
      const r = await leverBatchClose(type);
      toastSuccess(t('trade.lever.batchDone', { n: r.closed }));
    });
  };

  return { busy, closeOne, batch };
}
