import { useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { pathOf } from '../../nav/paths';
import { addressList, deleteAddress } from '../../api/funds';
import { PagedList } from '../../components/list/PagedList';
import { when } from '../../components/funds/format';
import styles from '../../components/account.module.css';

/** Saved withdrawal addresses: currency, name, address. */
export default function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [rev, setRev] = useState(0);
  const add = (
    <Button color="primary" onClick={() => navigate(pathOf('setting/addWallet'))}>
      {t('route.setting.addWallet')}
    </Button>
  );
  return (
    <PageFrame
      title={t('route.setting.wallet')}
      right={
        <Button size="mini" fill="none" color="primary" onClick={() => navigate(pathOf('setting/addWallet'))}>
          {t('acct.add')}
        </Button>
      }
    >
      <PagedList
        testId="address-list"
        reloadKey={rev}
        fetchPage={addressList}
        itemKey={(a) => a.id}
        emptyText={t('acct.noAddress')}
        emptyAction={add}
        renderItem={(a) => (
          <div>
            <div className={styles.rowTop}>
              <span>
                {a.currency} · {a.name}
              </span>
              <Button
                size="mini"
                fill="none"
                color="danger"
                onClick={async () => {
                  if (
                    !(await Dialog.confirm({
                      content: t('acct.deleteAddressConfirm'),
                      confirmText: t('acct.delete'),
                      cancelText: t('common.cancel'),
                    }))
                  )
                    return;
                  await deleteAddress(a.id).catch(() => undefined);
                  toastSuccess(t('acct.deleted'));
                  setRev((r) => r + 1);
                }}
              >
                {t('acct.delete')}
              </Button>
            </div>
            <div className={styles.rowSub}>
              {a.network ? <strong>{a.network} · </strong> : null}
              {a.address}
            </div>
            <div className={styles.rowSub}>{when(a.created_at)}</div>
          </div>
        )}
      />
    </PageFrame>
  );
}
