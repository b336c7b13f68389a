import { useState } from 'react';
import { Form } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { goBack } from '../../nav/goBack';
import { toastSuccess } from '../../lib/toast';
import { saveAddress } from '../../api/funds';
import { coinChoices, type CoinChoice } from '../../api/coins';
import { useLoad } from '../../components/load/useLoad';
import { usePending } from '../../components/form/usePending';

export interface AddrForm {
  currency: string[];
  network: string[];
  name: string;
  address: string;
  qrcode: string;
}

/**
 * The add-address form's state: the coins, the currency and network chosen (a link may preselect
 * the currency), and saving the address, then back to the wallet list.
 */
export function useAddWallet() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const load = useLoad(coinChoices);
  const [pending, run] = usePending();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [form] = Form.useForm<AddrForm>();
  const chosen = Form.useWatch('currency', form);
  const network = Form.useWatch('network', form)?.[0];
  const fromLink = params.get('currency');
  const initialValues = { currency: fromLink ? [fromLink] : [], network: [] };
  const coinOf = (coins: CoinChoice[]) => coins.find((c) => String(c.id) === chosen?.[0]);

  const onFinish = (v: AddrForm) =>
    run(async () => {
      await saveAddress({
        currency: Number(v.currency[0]),
        network: v.network?.[0],
        name: v.name.trim(),
        address: v.address.trim(),
        qrcode: v.qrcode,
      });
      toastSuccess(t('acct.saved'));
      goBack(navigate, 'setting/wallet');
    });

  return { load, form, pending, onFinish, initialValues, chosen, network, coinOf, pickerOpen, setPickerOpen };
}
