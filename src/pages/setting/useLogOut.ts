import { Dialog } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logout } from '../../api/user';
import { clearUser } from '../../stores/session';
import { PATHS } from '../../nav/paths';
import { toastSuccess } from '../../lib/toast';

/** Log out on this device, after asking: settings' button and this device's row under Devices. */
export function useLogOut(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    const ok = await Dialog.confirm({
      content: t('setting.logoutConfirm'),
      confirmText: t('setting.logout'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    // Revoke server-side when we can; the local session ends either way.
    await logout().catch(() => undefined);
    clearUser();
    toastSuccess(t('setting.loggedOut'));
    navigate(PATHS.login, { replace: true });
  };
}
