import { useState } from 'react';
import { ActionSheet, Button, Dialog, List, Switch } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CONSTANTS, LANGS } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../components/toast';
import { LANG_NAMES } from '../../i18n';
import { logout } from '../../api/user';
import { clearUser, session, setLang } from '../../stores/session';
import { PRICE_MODES, setPriceMode, setTheme, ui, type PriceMode } from '../../stores/ui';
import { PATHS } from '../../app/nav';
import { pathOf } from '../../app/routes';
import styles from './setting.module.css';

const MODE_KEY: Record<PriceMode, string> = { 'green-up': 'setting.greenUp', 'red-up': 'setting.redUp', purple: 'setting.purpleUp' };

/** Pages reached from settings; most are still "coming soon" frames in this issue. */
const LINKS = [
  ['setting/userInfo', true],
  ['setting/security', true],
  ['setting/real', true],
  ['setting/wallet', true],
  ['setting/bank', true],
  ['setting/coupon', true],
  ['common/faq', false],
  ['setting/operational_compliance', false],
  ['common/aboutus', false],
] as const;

function Swatch({ mode }: { mode: PriceMode }) {
  return (
    <span className={styles.swatch} data-mode={mode} aria-hidden>
      <i className={styles.swUp} />
      <i className={styles.swDown} />
    </span>
  );
}

export default function SettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lang, token } = useSnapshot(session);
  const { theme, priceMode } = useSnapshot(ui);
  const [sheet, setSheet] = useState<'lang' | 'price' | null>(null);

  const onLogout = async () => {
    const ok = await Dialog.confirm({ content: t('setting.logoutConfirm'), confirmText: t('setting.logout'), cancelText: t('common.cancel') });
    if (!ok) return;
    // Revoke server-side when we can; the local session ends either way.
    await logout().catch(() => undefined);
    clearUser();
    toastSuccess(t('setting.loggedOut'));
    navigate(PATHS.login, { replace: true });
  };

  return (
    <PageFrame title={t('route.setting.setting')}>
      <List header={t('setting.preferences')} className={styles.list}>
        <List.Item onClick={() => setSheet('lang')} extra={LANG_NAMES[lang]} data-testid="setting-language">
          {t('setting.language')}
        </List.Item>
        <List.Item
          extra={<Switch checked={theme === 'dark'} onChange={(on) => setTheme(on ? 'dark' : 'light')} aria-label={t('setting.darkMode')} />}
        >
          {t('setting.darkMode')}
        </List.Item>
        <List.Item
          onClick={() => setSheet('price')}
          extra={
            <span className={styles.modeExtra}>
              <Swatch mode={priceMode} />
              {t(MODE_KEY[priceMode])}
            </span>
          }
        >
          {t('setting.priceMode')}
        </List.Item>
      </List>

      <List header={t('setting.account')} className={styles.list}>
        {LINKS.map(([name]) => (
          <List.Item key={name} onClick={() => navigate(pathOf(name))}>
            {t(`route.${name.replace('/', '.')}`)}
          </List.Item>
        ))}
        <List.Item extra={`${CONSTANTS.appVersion} (${CONSTANTS.versionCode})`}>{t('setting.version')}</List.Item>
      </List>

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

      <ActionSheet
        visible={sheet === 'lang'}
        onClose={() => setSheet(null)}
        cancelText={t('common.cancel')}
        actions={LANGS.map((l) => ({ key: l, text: LANG_NAMES[l], bold: l === lang, onClick: () => (setLang(l), setSheet(null)) }))}
      />
      <ActionSheet
        visible={sheet === 'price'}
        onClose={() => setSheet(null)}
        cancelText={t('common.cancel')}
        actions={PRICE_MODES.map((m) => ({
          key: m,
          text: (
            <span className={styles.modeOption}>
              <Swatch mode={m} />
              {t(MODE_KEY[m])}
            </span>
          ),
          bold: m === priceMode,
          onClick: () => (setPriceMode(m), setSheet(null)),
        }))}
      />
    </PageFrame>
  );
}
