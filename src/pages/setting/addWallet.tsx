import { useState } from 'react';
import { Button, Form, Input, Picker } from 'antd-mobile';
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
  name: string;
  address: string;
  qrcode: string;
}

/** Add a withdrawal address: currency, a name for it, the address and its QR code image (all required). */
export default function AddWalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const load = useLoad(coinChoices);
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AddrForm>();
  const chosen = Form.useWatch('currency', form);

  const onFinish = async (v: AddrForm) => {
    setPending(true);
    try {
      await saveAddress({ currency: Number(v.currency[0]), name: v.name.trim(), address: v.address.trim(), qrcode: v.qrcode });
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
        {(coins) => (
          <div className={styles.wrap}>
            <Form
              form={form}
              layout="vertical"
              className={styles.form}
              initialValues={{ currency: params.get('currency') ? [params.get('currency')] : [] }}
              onFinish={onFinish}
              requiredMarkStyle="none"
              footer={
                <Button block type="submit" color="primary" size="large" loading={pending} disabled={pending} onMouseDown={keepFocus}>
                  {t('acct.save')}
                </Button>
              }
            >
              <Form.Item name="currency" label={t('acct.currency')} rules={[{ required: true, type: 'array', min: 1, message: t('acct.currencyRequired') }]} onClick={() => setOpen(true)} arrowIcon>
                <span data-testid="addr-currency">{coins.find((c) => String(c.id) === chosen?.[0])?.name ?? t('acct.chooseCurrency')}</span>
              </Form.Item>
              <Form.Item name="name" label={t('acct.addrName')} validateTrigger="onBlur" rules={[{ required: true, whitespace: true, message: t('acct.addrNameRequired') }, { max: 30, message: t('acct.tooLong') }]}>
                <Input placeholder={t('acct.addrNamePlaceholder')} clearable />
              </Form.Item>
              <Form.Item
                name="address"
                label={t('acct.address')}
                validateTrigger="onBlur"
                rules={[{ required: true, whitespace: true, message: t('acct.addressRequired') }, { pattern: /^[A-Za-z0-9:._-]{10,128}$/, message: t('acct.addressInvalid') }]}
              >
                <Input placeholder={t('acct.addressPlaceholder')} autoComplete="off" clearable />
              </Form.Item>
              <Form.Item name="qrcode" label={t('acct.walletQr')} rules={[{ required: true, message: t('acct.walletQrRequired') }]}>
                <ImageField upload={uploadImage} label={t('acct.walletQr')} testId="addr-qr" />
              </Form.Item>
            </Form>
            <Picker
              visible={open}
              onClose={() => setOpen(false)}
              columns={[coins.map((c) => ({ label: c.name, value: String(c.id) }))]}
              value={chosen ?? []}
              onConfirm={(v) => form.setFieldValue('currency', v)}
              confirmText={t('common.confirm')}
              cancelText={t('common.cancel')}
            />
          </div>
        )}
      </LoadState>
    </PageFrame>
  );
}
