import { useState } from 'react';
import { Button, Form, Input, Result, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { keepFocus } from '../../components/keepFocus';
import { getGa, saveGa } from '../../api/security';
import { isCode } from '../../lib/validators';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { QrImage } from '../../components/funds/QrImage';
import { copyWithToast } from '../../components/funds/format';
import styles from '../../components/account.module.css';

/** Google Authenticator: scan (or type) the secret, then prove it with a code from the app. */
export default function BingGaPage() {
  const { t } = useTranslation();
  const load = useLoad(() => getGa());
  const [pending, setPending] = useState(false);
  const onFinish = async (v: { code: string }) => {
    setPending(true);
    try {
      await saveGa(v.code.trim());
      toastSuccess(t('acct.gaBound'));
      await load.reload();
    } catch {
      /* toasted: usually a wrong or expired code */
    } finally {
      setPending(false);
    }
  };
  return (
    <PageFrame title={t('route.setting.bingga')}>
      <LoadState load={load}>
        {(g) =>
          g.bound ? (
            <Result
              status="success"
              title={t('acct.gaBound')}
              description={t('acct.gaBoundHint')}
              data-testid="ga-bound"
            />
          ) : (
            <div className={styles.wrap}>
              <Steps direction="vertical" current={1}>
                <Steps.Step title={t('acct.gaStep1')} description={t('acct.gaStep1Hint')} />
                <Steps.Step title={t('acct.gaStep2')} description={t('acct.gaStep2Hint')} />
                <Steps.Step title={t('acct.gaStep3')} description={t('acct.gaStep3Hint')} />
              </Steps>
              <section className={styles.card}>
                {g.qr ? (
                  <img
                    src={g.qr}
                    width={180}
                    height={180}
                    alt={t('acct.gaQr')}
                    style={{ display: 'block', margin: '0 auto' }}
                  />
                ) : (
                  <QrImage value={g.otpauth_url} label={t('acct.gaQr')} />
                )}
                <div className={styles.mono} data-testid="ga-secret">
                  {g.secret}
                </div>
                <div className={styles.center}>
                  <Button
                    size="small"
                    color="primary"
                    fill="outline"
                    onClick={() => copyWithToast(g.secret, toastSuccess, t('acct.copied'))}
                  >
                    {t('acct.copySecret')}
                  </Button>
                </div>
                <p className={styles.hint}>{t('acct.gaBackup')}</p>
              </section>
              <Form
                layout="vertical"
                className={styles.form}
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
                    {t('acct.bind')}
                  </Button>
                }
              >
                <Form.Item
                  name="code"
                  label={t('acct.gaCode')}
                  validateTrigger="onBlur"
                  rules={[
                    { required: true, message: t('valid.codeRequired') },
                    {
                      validator: (_r, v: string | undefined) =>
                        !v || isCode(v) ? Promise.resolve() : Promise.reject(new Error(t('valid.codeInvalid'))),
                    },
                  ]}
                >
                  <Input
                    inputMode="numeric"
                    maxLength={6}
                    autoComplete="one-time-code"
                    placeholder={t('auth.codePlaceholder')}
                  />
                </Form.Item>
              </Form>
            </div>
          )
        }
      </LoadState>
    </PageFrame>
  );
}
