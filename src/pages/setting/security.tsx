import { useState } from 'react';
import { List, Popup, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { pathOf } from '../../nav/paths';
import { profile } from '../../api/profile';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { Devices } from './Devices';
import { BindForm } from './BindForm';
import type { BindKind } from './useBindTarget';
import styles from '../../components/account.module.css';

type Sheet = BindKind | 'devices' | null;

/** Security centre: passwords, the authenticator, and binding a phone and an email. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => profile());
  const [open, setOpen] = useState<Sheet>(null);
  const state = (on: boolean) => (
    <Tag color={on ? 'success' : 'default'} fill="outline">
      {on ? t('acct.bound') : t('acct.notBound')}
    </Tag>
  );
  return (
    <PageFrame title={t('route.setting.security')}>
      <LoadState load={load}>
        {(p) => (
          <List className={styles.list}>
            <List.Item onClick={() => navigate(pathOf('setting/password'))}>{t('route.setting.password')}</List.Item>
            <List.Item
              onClick={() => navigate(pathOf('setting/payPassword'))}
              extra={state(p.has_pay_password)}
              data-testid="sec-pay"
            >
              {t('route.setting.payPassword')}
            </List.Item>
            <List.Item
              onClick={() => navigate(pathOf('setting/bingga'))}
              extra={state(p.ga_bound)}
              data-testid="sec-ga"
            >
              {t('route.setting.bingga')}
            </List.Item>
            <List.Item
              onClick={() => setOpen('mobile')}
              extra={p.mobile ? `+${p.area_code ?? ''} ${p.mobile}` : state(false)}
              data-testid="sec-mobile"
            >
              {t('acct.bindPhone')}
            </List.Item>
            <List.Item onClick={() => setOpen('email')} extra={p.email ?? state(false)} data-testid="sec-email">
              {t('acct.bindEmail')}
            </List.Item>
            <List.Item onClick={() => setOpen('devices')} data-testid="sec-devices">
              {t('devices.entry')}
            </List.Item>
          </List>
        )}
      </LoadState>
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
        destroyOnClose
      >
        {open === 'devices' ? (
          <Devices />
        ) : open ? (
          <BindForm
            kind={open}
            onDone={() => {
              setOpen(null);
              void load.reload();
            }}
          />
        ) : null}
      </Popup>
    </PageFrame>
  );
}
