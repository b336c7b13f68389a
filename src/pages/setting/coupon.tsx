import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { coupons } from '../../api/profile';
import { PagedList } from '../../components/list/PagedList';
import { StatusTag } from '../../components/funds/StatusTag';
import { Amount } from '../../components/funds/Amount';
import { when } from '../../components/funds/format';
import styles from '../../components/account.module.css';

const STATUSES: Coupon['status'][] = ['unused', 'used', 'expired'];

export default function CouponPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Coupon['status']>('unused');
  return (
    <PageFrame title={t('route.setting.coupon')}>
      <Tabs activeKey={status} onChange={(k) => setStatus(k as Coupon['status'])}>
        {STATUSES.map((s) => (
          <Tabs.Tab key={s} title={t(`acct.status.${s}`)} />
        ))}
      </Tabs>
      <PagedList
        reloadKey={status}
        fetchPage={(p, l) => coupons(p, l, status)}
        itemKey={(c) => c.id}
        emptyText={t('acct.noCoupons')}
        renderItem={(c) => (
          <div>
            <div className={styles.rowTop}>
              <span>{c.title}</span>
              <Amount value={c.amount} suffix={c.currency} />
            </div>
            <div className={styles.rowSub}>
              {t('acct.minSpend')} <Amount value={c.min_spend} /> · {t('acct.expires')} {when(c.expires_at)}{' '}
              <StatusTag status={c.status} />
            </div>
          </div>
        )}
      />
    </PageFrame>
  );
}
