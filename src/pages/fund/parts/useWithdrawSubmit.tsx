import { useTranslation } from 'react-i18next';
import type { WalletAddress, WithdrawEntry, WithdrawInfo } from '../../../../core';
import { toastSuccess } from '../../../lib/toast';
import { withdraw } from '../../../api/funds';
import { confirmMoney } from '../../../components/funds/confirmMoney';
import { Amount } from '../../../components/funds/Amount';
import { minus } from '../../../components/funds/format';
import { usePending } from '../../../components/form/usePending';
import { readAmount } from './amountRules';
import type { WithdrawMethod } from './WithdrawDestination';
import type { WithdrawValues } from './WithdrawFields';

interface Target {
  currency: number;
  info: WithdrawInfo | undefined;
  method: WithdrawMethod;
  address: WalletAddress | undefined;
  received: string | null;
}

/**
 * Submitting a withdrawal: the confirmation sheet (destination, network, amount, fee, what arrives,
 * balance after), then the call. `onDone` gets the entry; a refusal is toasted and the form keeps its values.
 */
export function useWithdrawSubmit(
  { currency, info: i, method, address, received }: Target,
  onDone: (e: WithdrawEntry) => void,
) {
  const { t } = useTranslation();
  const [pending, run] = usePending();
  const onFinish = async (v: WithdrawValues) => {
    const amount = readAmount(v.amount);
    if (!i || !amount || !received) return;
    if (method === 'address' && !address) return;
    const dest = method === 'address' ? `${address!.name} · ${address!.address}` : t(`acct.method.${method}`);
    const ok = await confirmMoney(
      t('acct.confirmWithdraw'),
      [
        [t('acct.destination'), dest],
        ...(method === 'address' && address!.network
          ? [[t('acct.network'), address!.network] as [string, string]]
          : []),
        [t('acct.amount'), <Amount value={amount} suffix={i.currency} />],
        [t('acct.fee'), <Amount value={i.withdraw_fee} suffix={i.currency} />],
        [t('acct.received'), <Amount value={received} suffix={i.currency} />, true],
        [t('acct.balanceAfter'), <Amount value={minus(i.available, amount)} suffix={i.currency} />],
      ],
      t('acct.withdrawReviewNote'),
    );
    if (!ok) return;
    await run(async () => {
      const entry = await withdraw({
        currency,
        number: amount,
        type: method,
        address_id: method === 'address' ? address!.id : undefined,
        pay_password: v.pay_password,
        gasercert: i.ga_bound ? v.gasercert : undefined,
        remark: v.remark?.trim() || undefined,
      });
      toastSuccess(t('acct.submitted'));
      onDone(entry);
    });
  };
  return { pending, onFinish };
}
