import { Form, Input, Picker, Selector } from 'antd-mobile';
import { addressFitsNetwork, networkOfAddress } from '../../../core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { ImageField } from '../../components/form/ImageField';
import { VerticalForm, type FormOf } from '../../components/form/VerticalForm';
import { uploadImage } from '../../api/profile';
import type { CoinChoice } from '../../api/coins';
import { useAddWallet, type AddrForm } from './useAddWallet';
import styles from '../../components/account.module.css';

/**
 * Add a withdrawal address: currency, its network (picked for the user when the pasted address has
 * the shape of exactly one of the coin's networks), a name, the address and its QR code image.
 */
export default function AddWalletPage() {
  const { t } = useTranslation();
  const w = useAddWallet();
  return (
    <PageFrame title={t('route.setting.addWallet')}>
      <LoadState load={w.load}>
        {(coins) => {
          const networks = w.coinOf(coins)?.networks ?? [];
          return (
            <div className={styles.wrap}>
              <VerticalForm
                form={w.form}
                initialValues={w.initialValues}
                onFinish={w.onFinish}
                pending={w.pending}
                submit={t('acct.save')}
              >
                <Form.Item
                  name="currency"
                  label={t('acct.currency')}
                  rules={[{ required: true, type: 'array', min: 1, message: t('acct.currencyRequired') }]}
                  onClick={() => w.setPickerOpen(true)}
                  arrowIcon
                >
                  <span data-testid="addr-currency">{w.coinOf(coins)?.name ?? t('acct.chooseCurrency')}</span>
                </Form.Item>
                {networks.length > 0 ? <NetworkItem networks={networks} /> : null}
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
                <AddressItem networks={networks} network={w.network} form={w.form} />
                <Form.Item
                  name="qrcode"
                  label={t('acct.walletQr')}
                  rules={[{ required: true, message: t('acct.walletQrRequired') }]}
                >
                  <ImageField upload={uploadImage} label={t('acct.walletQr')} testId="addr-qr" />
                </Form.Item>
              </VerticalForm>
              <CoinPicker
                open={w.pickerOpen}
                onClose={() => w.setPickerOpen(false)}
                coins={coins}
                chosen={w.chosen}
                form={w.form}
              />
            </div>
          );
        }}
      </LoadState>
    </PageFrame>
  );
}

/** The coin's network, required only when it has more than one. */
function NetworkItem({ networks }: { networks: string[] }) {
  const { t } = useTranslation();
  return (
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
  );
}

interface AddressItemProps {
  networks: string[];
  network: string | undefined;
  form: FormOf<AddrForm>;
}

/** The address, checked against the network chosen (or any of the coin's); a paste that fits just one network picks it. */
function AddressItem({ networks, network, form }: AddressItemProps) {
  const { t } = useTranslation();
  return (
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
            if (network && !addressFitsNetwork(network, a)) throw new Error(t('acct.addressNotOnNetwork', { network }));
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
  );
}

interface CoinPickerProps {
  open: boolean;
  onClose: () => void;
  coins: CoinChoice[];
  chosen: string[] | undefined;
  form: FormOf<AddrForm>;
}

/** The currency wheel; a new currency clears the network. */
function CoinPicker({ open, onClose, coins, chosen, form }: CoinPickerProps) {
  const { t } = useTranslation();
  return (
    <Picker
      visible={open}
      onClose={onClose}
      columns={[coins.map((c) => ({ label: c.name, value: String(c.id) }))]}
      value={chosen ?? []}
      onConfirm={(v) => {
        form.setFieldValue('currency', v);
        form.setFieldValue('network', []);
      }}
      confirmText={t('common.confirm')}
      cancelText={t('common.cancel')}
    />
  );
}
