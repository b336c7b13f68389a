import { useState } from 'react';
import { Button, Form, Input, Picker, Selector } from 'antd-mobile';
import { addressFitsNetwork, networkOfAddress } from '../../../core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { goBack } from '../../nav/goBack';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { keepFocus } from '../../components/keepFocus';
import { saveAddress } from '../../api/funds';
import { coinChoices } from '../../api/coins';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { ImageField } from '../../components/form/ImageField';
import { uploadImage } from '../../api/profile';
import styles from '../../components/account.module.css';

interface AddrForm {
  currency: string[];
  network: string[];
  name: string;
  address: string;
  qrcode: string;
}

/**
 * Add a withdrawal address: currency, its network (picked for the user when the pasted address has
 * the shape of exactly one of the coin's networks), a name, the address and its QR code image.
 */
export default function AddWalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const load = useLoad(coinChoices);
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AddrForm>();
  const chosen = Form.useWatch('currency', form);
  const network = Form.useWatch('network', form)?.[0];
  const networksOf = (coins: { id: number; networks: string[] }[]) =>
    coins.find((c) => String(c.id) === chosen?.[0])?.networks ?? [];

  const onFinish = async (v: AddrForm) => {
    setPending(true);
    try {
      await saveAddress({
        currency: Number(v.currency[0]),
        network: v.network?.[0],
        name: v.name.trim(),
        address: v.address.trim(),
        qrcode: v.qrcode,
      });
      toastSuccess(t('acct.saved'));
      goBack(navigate, 'setting/wallet');
    } catch {
      /* toasted */
    } finally {
      setPending(false);
    }
  };
  return (
    <PageFrame title={t('route.setting.addWallet')}>
      <LoadState load={load}>
        {(coins) => {
          const networks = networksOf(coins);
          return (
            <div className={styles.wrap}>
              <Form
                form={form}
                layout="vertical"
                className={styles.form}
                initialValues={{ currency: params.get('currency') ? [params.get('currency')] : [], network: [] }}
                onFinish={onFinish}
                requiredMarkStyle="none"
                footer={
                  <Button
                    block
                    type="submit"
                    color="primary"
                    size="large"
                    loading={pending}
                    disabled={pending}
                    onMouseDown={keepFocus}
                  >
                    {t('acct.save')}
                  </Button>
                }
              >
                <Form.Item
                  name="currency"
                  label={t('acct.currency')}
                  rules={[{ required: true, type: 'array', min: 1, message: t('acct.currencyRequired') }]}
                  onClick={() => setOpen(true)}
                  arrowIcon
                >
                  <span data-testid="addr-currency">
                    {coins.find((c) => String(c.id) === chosen?.[0])?.name ?? t('acct.chooseCurrency')}
                  </span>
                </Form.Item>
                {networks.length > 0 ? (
                  <Form.Item
                    name="network"
                    label={t('acct.network')}
                    description={t('acct.networkHint')}
                    rules={[
                      {
                        required: networks.length > 1,
                        type: 'array',
                        min: networks.length > 1 ? 1 : 0,
                        message: t('acct.networkRequired'),
                      },
                    ]}
                  >
                    <Selector
                      columns={Math.min(3, networks.length)}
                      options={networks.map((n) => ({ label: n, value: n }))}
                      data-testid="addr-network"
                    />
                  </Form.Item>
                ) : null}
                <Form.Item
                  name="name"
                  label={t('acct.addrName')}
                  validateTrigger="onBlur"
                  rules={[
                    { required: true, whitespace: true, message: t('acct.addrNameRequired') },
                    { max: 30, message: t('acct.tooLong') },
                  ]}
                >
                  <Input placeholder={t('acct.addrNamePlaceholder')} clearable />
                </Form.Item>
                <Form.Item
                  name="address"
                  label={t('acct.address')}
                  validateTrigger="onBlur"
                  rules={[
                    { required: true, whitespace: true, message: t('acct.addressRequired') },
                    {
                      validator: async (_r, value?: string) => {
                        const a = value?.trim() ?? '';
                        if (!a || networks.length === 0) return;
                        if (network && !addressFitsNetwork(network, a))
                          throw new Error(t('acct.addressNotOnNetwork', { network }));
                        if (!networkOfAddress(networks, a, network)) throw new Error(t('acct.addressInvalid'));
                      },
                    },
                  ]}
                >
                  <Input
                    placeholder={t('acct.addressPlaceholder')}
                    autoComplete="off"
                    clearable
                    onBlur={(e) => {
                      // a pasted address that fits exactly one of the coin's networks picks it
                      const a = e.target.value.trim();
                      const fits = networks.filter((n) => addressFitsNetwork(n, a));
                      if (!network && fits.length === 1) form.setFieldValue('network', fits);
                    }}
                  />
                </Form.Item>
                <Form.Item
                  name="qrcode"
                  label={t('acct.walletQr')}
                  rules={[{ required: true, message: t('acct.walletQrRequired') }]}
                >
                  <ImageField upload={uploadImage} label={t('acct.walletQr')} testId="addr-qr" />
                </Form.Item>
              </Form>
              <Picker
                visible={open}
                onClose={() => setOpen(false)}
                columns={[coins.map((c) => ({ label: c.name, value: String(c.id) }))]}
                value={chosen ?? []}
                onConfirm={(v) => {
                  form.setFieldValue('currency', v);
                  form.setFieldValue('network', []);
                }}
                confirmText={t('common.confirm')}
                cancelText={t('common.cancel')}
              />
            </div>
          );
        }}
      </LoadState>
    </PageFrame>
  );
}
