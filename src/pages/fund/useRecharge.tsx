import { useState } from 'react';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { RechargeEntry } from '../../../core';
import { toastSuccess } from '../../lib/toast';
import { chargeReq, depositAddress, rechargeInfo } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { usePending } from '../../components/form/usePending';
import { confirmMoney } from '../../components/funds/confirmMoney';
import { gte } from '../../components/funds/format';
import { Amount } from '../../components/funds/Amount';
import { readAmount } from './parts/amountRules';

interface RechargeForm {
  amount: string;
  account?: string;
  voucher?: string;
}

/**
 * The deposit page's state: the coin's networks and the platform's address on the one chosen, then
 * the request (amount at least the network's minimum, the voucher) after the confirmation sheet.
 */
export function useRecharge(currency: number) {
  const { t } = useTranslation();
  const info = useLoad(() => rechargeInfo(currency), [currency]);
  const [network, setNetwork] = useState<string>();
  // first the network the user picked, else the first one the platform publishes an address on
  const nets = info.data?.deposit_networks ?? [];
  const net = network ?? (nets.find((n) => n.has_address) ?? nets[0])?.network;
  const minDeposit = nets.find((n) => n.network === net)?.min_deposit ?? '0';
  const addr = useLoad(
    () => (info.data ? depositAddress(currency, net) : Promise.reject(new Error('wait'))),
    [info.data, net],
  );
  const [form] = Form.useForm<RechargeForm>();
  const [pending, run] = usePending();
  const [done, setDone] = useState<RechargeEntry | null>(null);

  const onFinish = async (v: RechargeForm) => {
    const amount = readAmount(v.amount);
    if (!amount || !v.voucher || !info.data) return;
    if (!gte(amount, minDeposit)) {
      form.setFields([{ name: 'amount', errors: [t('acct.belowMin', { min: minDeposit })] }]);
      return;
    }
    const ok = await confirmMoney(
      t('acct.confirmRecharge'),
      [
        [t('acct.currency'), `${info.data.currency}${net ? ` (${net})` : ''}`],
        [t('acct.amount'), <Amount value={amount} suffix={info.data.currency} />, true],
        [t('acct.afterReview'), t('acct.creditedAfterReview')],
      ],
      t('acct.rechargeReviewNote'),
    );
    if (!ok) return;
    const voucher = v.voucher;
    // a refusal was toasted; the form keeps what was typed
    await run(async () => {
      const entry = await chargeReq({ currency, amount, type: net, account: v.account?.trim() || undefined, voucher });
      toastSuccess(t('acct.submitted'));
      setDone(entry);
    });
  };

  return { info, addr, net, setNetwork, form, pending, done, onFinish };
}
