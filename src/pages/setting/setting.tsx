import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PageFrame } from '../../components/PageFrame';
import { session } from '../../stores/session';
import { PATHS } from '../../nav/paths';
import { useSettings } from './useSettings';
import { useLogOut } from './useLogOut';
import { AccountLinks, NoticesPopup, PreferencesList, ProfileButton, SettingSheets } from './SettingSections';
import styles from './setting.module.css';

export default function SettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const s = useSettings();
  const onLogout = useLogOut();

  return (
    <PageFrame title={t('route.setting.setting')}>
      {s.me.data ? <ProfileButton me={s.me.data} /> : null}
      <PreferencesList
        unreadNotices={s.me.data?.unread_notices}
        onSheet={s.setSheet}
        onNotices={() => s.setNoticesOpen(true)}
      />
      <AccountLinks />

      <div className={styles.footer}>
        {token ? (
          <Button block color="danger" fill="outline" size="large" onClick={onLogout}>
            {t('setting.logout')}
          </Button>
        ) : (
          <Button block color="primary" size="large" onClick={() => navigate(PATHS.login)}>
            {t('auth.login')}
          </Button>
        )}
      </div>

      <NoticesPopup
        open={s.noticesOpen}
        onDismiss={() => s.setNoticesOpen(false)}
        onClose={() => (s.setNoticesOpen(false), void s.me.reload())}
      />
      <SettingSheets
        sheet={s.sheet}
        onSheet={s.setSheet}
        fiats={s.fiatList.data ?? []}
        chooseLang={s.chooseLang}
        chooseFiat={s.chooseFiat}
      />
    </PageFrame>
  );
}
