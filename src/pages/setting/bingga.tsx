import { Button, Result, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { GaSetup } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { LoadState } from '../../components/load/LoadState';
import { QrImage } from '../../components/funds/QrImage';
import { copyWithToast } from '../../components/funds/format';
import { VerticalForm } from '../../components/form/VerticalForm';
import { CodeItem } from '../../components/form/fields';
import { codeRules } from '../../components/form/rules';
import { useBindGa } from './useBindGa';
import styles from '../../components/account.module.css';

/** Google Authenticator: scan (or type) the secret, then prove it with a code from the app. */
export default function BingGaPage() {
  const { t } = useTranslation();
  const { load, form, pending, onFinish } = useBindGa();
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
              <GaSecret g={g} />
              <VerticalForm form={form} onFinish={onFinish} pending={pending} submit={t('acct.bind')}>
                <CodeItem name="code" label={t('acct.gaCode')} rules={codeRules(t)} />
              </VerticalForm>
            </div>
          )
        }
      </LoadState>
    </PageFrame>
  );
}

/** The secret to add to the app: its QR code (the server's, else drawn here), the text, and Copy. */
function GaSecret({ g }: { g: GaSetup }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card}>
      {g.qr ? (
        <img src={g.qr} width={180} height={180} alt={t('acct.gaQr')} style={{ display: 'block', margin: '0 auto' }} />
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
  );
}
