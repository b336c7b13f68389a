import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DualDetail } from '../../../core';
import { toastSuccess } from '../../lib/toast';
import { buyDual, dualDetail } from '../../api/products';
import { confirmMoney, useLoad, when } from '../../components/product/shared';
import { Amount, Rate } from '../../components/product/Figures';
import { minus } from '../../components/product/money';
import { maturityText } from './maturity';
import { dualOutcomes } from './outcomes';
import { checkQuantity, type QtyCheck } from './quantity';

/** The quantity's problem in words (spec §5), or null when it is fine. */
export function qtyMessage(t: TFunction, c: QtyCheck, d: DualDetail): string | null {
  if (c.ok) return null;
  if (c.key === 'balance') return t('common.insufficientBalance');
  if (c.key === 'required' || c.key === 'integer') return t(`prod.dual.err.${c.key}`);
  return t(`prod.dual.err.${c.key}`, { count: c.n ?? 0, unit: d.invest_currency_name });
}

/**
 * Buying shares of one dual-invest product: the product, the quantity typed (its problem said once
 * the user has left the box), and the purchase after the confirmation sheet (then my orders).
 */
export function usePurchase(id: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => dualDetail(id), [id]);
  const [qty, setQty] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (d: DualDetail) => {
    setTouched(true);
    const c = checkQuantity(qty, d, d.available);
    if (!c.ok) return;
    const out = dualOutcomes(d, c.amount);
    const ok = await confirmMoney(t('prod.dual.confirmTitle'), [
      [t('prod.dual.product'), `${d.currency_name}/${d.quote_name} · ${t(`prod.dual.type.${d.type}`)}`],
      [t('prod.dual.quantity'), t('prod.sharesN', { count: c.num })],
      [t('prod.dual.perPrice'), <Amount value={d.per_price} unit={d.invest_currency_name} />],
      [t('prod.dual.pay'), <Amount value={c.amount} unit={d.invest_currency_name} testId="confirm-pay" />, true],
      [t('prod.dual.apr'), <Rate rate={d.apr} />],
      [t('prod.dual.linkedPrice'), <Amount value={d.linked_price} unit={d.quote_name} />],
      [t('prod.dual.maturity'), maturityText(d, t, when)],
      [t('prod.dual.ifBelow'), <Amount value={out.below.amount} unit={out.below.currency_name} />],
      [t('prod.dual.ifAbove'), <Amount value={out.atOrAbove.amount} unit={out.atOrAbove.currency_name} />],
      [
        t('prod.balanceAfter'),
        <Amount value={minus(d.available, c.amount)} unit={d.invest_currency_name} testId="confirm-balance-after" />,
      ],
    ]);
    if (!ok) return;
    setPending(true);
    try {
      await buyDual(d.id, c.num);
      toastSuccess(t('prod.dual.bought'));
      navigate('/pages/invest/mine', { replace: true });
    } catch {
      // the server's translated reason was toasted; refresh shares and balance, keep the input
      void load.reload();
    } finally {
      setPending(false);
    }
  };

  return { load, qty, setQty, touched, setTouched, pending, submit };
}
