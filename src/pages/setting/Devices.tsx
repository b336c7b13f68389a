import { Button, Dialog, List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DeviceSession } from '../../../core';
import { deviceSessions, endDeviceSession } from '../../api/security';
import { toastSuccess } from '../../lib/toast';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { when } from '../../components/funds/format';
import { useLogOut } from './useLogOut';
import styles from './devices.module.css';

/**
 * Security → Devices: every session the user is signed in with — device, masked address, last
 * activity, login time — with this device marked. Another device can be signed out (its socket is
 * closed by the server at once); this one is left with Log out.
 */
export function Devices() {
  const { t } = useTranslation();
  const load = useLoad(() => deviceSessions());
  const logOutHere = useLogOut();

  const endOther = async (d: DeviceSession) => {
    const ok = await Dialog.confirm({
      content: t('devices.endConfirm', { device: d.device || t('devices.unknown') }),
      confirmText: t('devices.end'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await endDeviceSession(d.id);
      toastSuccess(t('devices.ended'));
    } catch {
      /* toasted */
    }
    void load.reload();
  };

  return (
    <div className={styles.wrap} data-testid="devices">
      <h2 className={styles.title}>{t('devices.title')}</h2>
      <p className={styles.hint}>{t('devices.hint')}</p>
      <LoadState load={load}>
        {(list) => (
          <List className={styles.list}>
            {list.map((d) => (
              <DeviceRow key={d.id} d={d} onLogOut={() => void logOutHere()} onEnd={() => void endOther(d)} />
            ))}
          </List>
        )}
      </LoadState>
    </div>
  );
}

/** One session: device (this one marked), place, last activity and login time, and its button. */
function DeviceRow({ d, onLogOut, onEnd }: { d: DeviceSession; onLogOut: () => void; onEnd: () => void }) {
  const { t } = useTranslation();
  return (
    <List.Item
      data-testid={d.current ? 'device-current' : 'device-other'}
      description={
        <span className={styles.meta}>
          <span>{t('devices.place', { place: d.place || '--' })}</span>
          <span>{t('devices.lastActive', { time: when(new Date(d.last_active_at).toISOString()) })}</span>
          <span>{t('devices.loginAt', { time: when(new Date(d.login_at).toISOString()) })}</span>
        </span>
      }
      extra={
        d.current ? (
          <Button size="small" fill="outline" onClick={onLogOut} data-testid="device-logout">
            {t('setting.logout')}
          </Button>
        ) : (
          <Button size="small" color="danger" fill="outline" onClick={onEnd} data-testid="device-end">
            {t('devices.end')}
          </Button>
        )
      }
    >
      <span className={styles.device}>
        {d.device || t('devices.unknown')}
        {d.current ? (
          <Tag color="primary" fill="outline" className={styles.tag}>
            {t('devices.current')}
          </Tag>
        ) : null}
      </span>
    </List.Item>
  );
}
