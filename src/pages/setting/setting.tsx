import { useState } from 'react';
import { ActionSheet, Avatar, Badge, Button, Dialog, List, Popup, Switch } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CONSTANTS, LANGS, type Lang } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { LANG_NAMES } from '../../i18n';
import { logout } from '../../api/user';
import { clearUser, session, setLang } from '../../stores/session';
import { PRICE_MODES, setPriceMode, setTheme, ui, type PriceMode } from '../../stores/ui';
import { PATHS, pathOf } from '../../nav/paths';
import { fiats, notices, profile, readNotice, setAccountLang, setFiat } from '../../api/profile';
import { useLoad } from '../../components/load/useLoad';
import { UnreadBadge } from '../../components/service/UnreadBadge';
import { serviceStatus } from '../../api/service';
import { PagedList } from '../../components/list/PagedList';
import { when } from '../../components/funds/format';
import styles from './setting.module.css';

const unreadService = () => serviceStatus().then((s) => s.unread);

const MODE_KEY: Record<PriceMode, string> = {
  'green-up': 'setting.greenUp',
  'red-up': 'setting.redUp',
  purple: 'setting.purpleUp',
};

/** Pages reached from settings (spec §2): [route, needs login]. */
const LINKS = [
  ['setting/userInfo', true],
  ['setting/security', true],
  ['setting/real', true],
  ['setting/wallet', true],
  ['setting/bank', true],
  ['setting/bank_international', true],
  ['setting/coupon', true],
  ['setting/bill', true],
  ['setting/share', true],
  ['common/faq', false],
  ['setting/operational_compliance', false],
  ['common/aboutus', false],
  ['common/contactus', false],
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
  const [sheet, setSheet] = useState<'lang' | 'price' | 'fiat' | null>(null);
  const [noticesOpen, setNoticesOpen] = useState(false);
  const me = useLoad(() => (token ? profile(true) : Promise.resolve(null)), [token]);
  const fiatList = useLoad(() => (token ? fiats() : Promise.resolve([])), [token]);
  const { fiat } = useSnapshot(session);

  const chooseLang = (l: Lang) => {
    setLang(l);
    setSheet(null);
    // the account's language decides what notices are written in; a failure changes nothing here
    if (token) void setAccountLang(l).catch(() => undefined);
  };
  const chooseFiat = async (code: string) => {
    setSheet(null);
    try {
      const f = await setFiat(code);
      session.fiat = { currency_code: f.currency_code, rate: f.rate, saveTime: Date.now() };
      toastSuccess(t('acct.saved'));
    } catch {
      /* toasted */
    }
  };

  const onLogout = async () => {
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

  return (
    <PageFrame title={t('route.setting.setting')}>
      {me.data ? (
        <button
          type="button"
          className={styles.profile}
          onClick={() => navigate(pathOf('setting/userInfo'))}
          data-testid="setting-profile"
        >
          <Avatar src={me.data.avatar_url} style={{ '--size': '52px', '--border-radius': '50%' }} />
          <span className={styles.profileText}>
            <strong>{me.data.nickname}</strong>
            <small>
              {me.data.account} · {t(`acct.level.${me.data.level_name}`)}
            </small>
            {me.data.signature ? <small>{me.data.signature}</small> : null}
          </span>
        </button>
      ) : null}
      <List header={t('setting.preferences')} className={styles.list}>
        <List.Item onClick={() => setSheet('lang')} extra={LANG_NAMES[lang]} data-testid="setting-language">
          {t('setting.language')}
        </List.Item>
        {token ? (
          <List.Item
            onClick={() => setSheet('fiat')}
            extra={`${fiat.currency_code} · 1 USDT = ${fiat.rate}`}
            data-testid="setting-fiat"
          >
            {t('acct.fiatCurrency')}
          </List.Item>
        ) : null}
        <List.Item
          onClick={() => navigate(PATHS.kefu)}
          extra={token ? <UnreadBadge load={unreadService} /> : null}
          data-testid="setting-service"
        >
          {t('route.kefu.index')}
        </List.Item>
        {token ? (
          <List.Item
            onClick={() => setNoticesOpen(true)}
            extra={me.data?.unread_notices ? <Badge content={me.data.unread_notices} /> : null}
            data-testid="setting-notices"
          >
            {t('acct.notices')}
          </List.Item>
        ) : null}
        <List.Item
          extra={
            <Switch
              checked={theme === 'dark'}
              onChange={(on) => setTheme(on ? 'dark' : 'light')}
              aria-label={t('setting.darkMode')}
            />
          }
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
        actions={LANGS.map((l) => ({ key: l, text: LANG_NAMES[l], bold: l === lang, onClick: () => chooseLang(l) }))}
      />
      <ActionSheet
        visible={sheet === 'fiat'}
        onClose={() => setSheet(null)}
        cancelText={t('common.cancel')}
        actions={(fiatList.data ?? []).map((f) => ({
          key: f.currency_code,
          text: `${f.currency_code} (${f.symbol}) · ${f.rate}`,
          bold: f.currency_code === fiat.currency_code,
          onClick: () => void chooseFiat(f.currency_code),
        }))}
      />
      <Popup
        visible={noticesOpen}
        onMaskClick={() => setNoticesOpen(false)}
        position="right"
        bodyStyle={{ width: '100vw' }}
        destroyOnClose
      >
        <PageFrame
          title={t('acct.notices')}
          back={false}
          right={
            <Button size="mini" fill="none" onClick={() => (setNoticesOpen(false), void me.reload())}>
              {t('acct.close')}
            </Button>
          }
        >
          <PagedList
            fetchPage={notices}
            itemKey={(n) => n.id}
            emptyText={t('acct.noNotices')}
            renderItem={(n) => (
              <div onClick={() => void readNotice(n.id)} className={n.read ? styles.noticeRead : undefined}>
                <strong>{n.title}</strong>
                <div className={styles.noticeBody}>{n.body}</div>
                <small className={styles.noticeBody}>{when(n.created_at)}</small>
              </div>
            )}
          />
        </PageFrame>
      </Popup>
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
