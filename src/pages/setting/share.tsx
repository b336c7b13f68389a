import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { invite } from '../../api/profile';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { QrImage } from '../../components/funds/QrImage';
import { DetailRows } from '../../components/funds/DetailRows';
import { Amount } from '../../components/funds/Amount';
import { copyWithToast } from '../../components/funds/format';
import styles from '../../components/account.module.css';

/** Invite friends: the user's code, the registration link and its QR code, and what it earned. */
export default function SharePage() {
  const { t } = useTranslation();
  const load = useLoad(() => invite());
  const copy = (v: string) => copyWithToast(v, toastSuccess, t('acct.copied'));
  return (
    <PageFrame title={t('route.setting.share')}>
      <LoadState load={load}>
        {(i) => (
          <div className={styles.wrap}>
            <section className={styles.card}>
              {i.qr ? (
                <img
                  src={i.qr}
                  width={200}
                  height={200}
                  alt={t('acct.inviteQr')}
                  style={{ display: 'block', margin: '0 auto' }}
                />
              ) : (
                <QrImage value={i.link} size={200} label={t('acct.inviteQr')} />
              )}
              <div className={styles.mono} data-testid="invite-code">
                {i.invite_code}
              </div>
              <div className={styles.rowSub}>{i.link}</div>
            </section>
            <div className={styles.center}>
              <Button color="primary" onClick={() => copy(i.invite_code)}>
                {t('acct.copyCode')}
              </Button>
              <Button color="primary" fill="outline" onClick={() => copy(i.link)}>
                {t('acct.copyLink')}
              </Button>
              {typeof navigator.share === 'function' ? (
                <Button
                  fill="outline"
                  onClick={() => navigator.share({ title: t('acct.inviteTitle'), url: i.link }).catch(() => undefined)}
                >
                  {t('acct.share')}
                </Button>
              ) : null}
            </div>
            <section className={styles.card}>
              <DetailRows
                rows={[
                  [t('acct.inviteCount'), String(i.invite_count)],
                  [t('acct.rebate'), <Amount value={i.rebate} suffix="USDT" />],
                ]}
              />
            </section>
          </div>
        )}
      </LoadState>
    </PageFrame>
  );
}
