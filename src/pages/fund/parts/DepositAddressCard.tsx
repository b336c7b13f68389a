import { Button, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DepositAddress } from '../../../../core';
import { toastSuccess } from '../../../lib/toast';
import type { Loaded } from '../../../components/load/useLoad';
import { QrImage } from '../../../components/funds/QrImage';
import { DetailRows } from '../../../components/funds/DetailRows';
import { copyWithToast } from '../../../components/funds/format';
import { Amount } from '../../../components/funds/Amount';
import styles from '../fund.module.css';

/** The platform's address on the chosen network: QR, text, Copy, the minimum, and the wrong-network warning. */
export function DepositAddressCard({ addr, coin }: { addr: Loaded<DepositAddress>; coin: string }) {
  const { t } = useTranslation();
  const a = addr.data;
  return (
    <section className={styles.card} aria-label={t('acct.depositAddress')}>
      {a ? (
        <>
          <QrImage value={a.address} label={t('acct.depositAddress')} />
          <div className={styles.addr} data-testid="deposit-address">
            {a.address}
          </div>
          <div className={styles.center}>
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() => copyWithToast(a.address, toastSuccess, t('acct.copied'))}
            >
              {t('acct.copyAddress')}
            </Button>
          </div>
          <DetailRows
            rows={[[t('acct.minDeposit'), <Amount value={a.min_deposit} suffix={coin} testId="deposit-min" />]]}
          />
          <NoticeBar
            className={styles.netWarning}
            wrap
            color="alert"
            content={t('acct.networkWarning', { coin, network: a.network })}
            data-testid="deposit-warning"
          />
        </>
      ) : addr.loading ? (
        <p className={styles.hint}>…</p>
      ) : (
        <p className={styles.hint}>{t('acct.noDepositAddress')}</p>
      )}
    </section>
  );
}
