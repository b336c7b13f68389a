import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVER_TYPE, type LeverPosition } from '../../../../core';
import { leverSetStop } from '../../../api/trade';
import { toastSuccess } from '../../../lib/toast';
import { gt } from './preview';

/**
 * A position's take-profit and stop-loss as typed (from the saved ones), each checked against the
 * open price on the side that makes sense for a long or a short, and saving them.
 */
export function useTpSl(p: LeverPosition, onSaved: (p: LeverPosition) => void) {
  const { t } = useTranslation();
  const [tp, setTp] = useState(p.target_profit_price ?? '');
  const [sl, setSl] = useState(p.stop_loss_price ?? '');
  const [pending, setPending] = useState(false);
  const open = p.price ?? '0';
  const long = p.type === LEVER_TYPE.long;
  const tpErr =
    tp && (long ? !gt(tp, open) : !gt(open, tp)) ? t(long ? 'trade.err.tpLong' : 'trade.err.tpShort') : null;
  const slErr =
    sl && (long ? !gt(open, sl) : !gt(sl, open)) ? t(long ? 'trade.err.slLong' : 'trade.err.slShort') : null;

  const save = async () => {
    if (tpErr || slErr) return;
    setPending(true);
    try {
      const next = await leverSetStop({ id: p.id, target_profit_price: tp, stop_loss_price: sl });
      toastSuccess(t('trade.lever.tpslSaved'));
      onSaved(next);
    } catch {
      /* shown by the client; inputs kept */
    } finally {
      setPending(false);
    }
  };
  return { open, tp, setTp, tpErr, sl, setSl, slErr, pending, save };
}
