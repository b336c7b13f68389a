import { ActionSheet, Avatar, Badge, Button, List, Popup, Switch } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CONSTANTS, LANGS, type FiatRate, type Lang, type Profile } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { useQuantityText } from '../../components/Money';
import { LANG_NAMES } from '../../i18n';
import { session } from '../../stores/session';
import { PRICE_MODES, setPriceMode, setTheme, ui, type PriceMode } from '../../stores/ui';
import { PATHS, pathOf } from '../../nav/paths';
import { notices, readNotice } from '../../api/profile';
import { UnreadBadge } from '../../components/service/UnreadBadge';
import { serviceStatus } from '../../api/service';
import { PagedList } from '../../components/list/PagedList';
import { when } from '../../components/funds/format';
import type { SettingSheet } from './useSettings';
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

/** The logged-in user at the top: avatar, nickname, account and level; opens the profile page. */
export function ProfileButton({ me }: { me: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.profile}
      onClick={() => navigate(pathOf('setting/userInfo'))}
      data-testid="setting-profile"
    >
      <Avatar src={me.avatar_url} style={{ '--size': '52px', '--border-radius': '50%' }} />
      <span className={styles.profileText}>
        <strong>{me.nickname}</strong>
        <small>
          {me.account} · {t(`acct.level.${me.level_name}`)}
        </small>
        {me.signature ? <small>{me.signature}</small> : null}
      </span>
    </button>
  );
}

interface PreferencesProps {
  unreadNotices: number | undefined;
  onSheet: (s: SettingSheet) => void;
  onNotices: () => void;
}

/** Language, fiat, service, notices, dark mode and the price colours. */
export function PreferencesList({ unreadNotices, onSheet, onNotices }: PreferencesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lang, token, fiat } = useSnapshot(session);
  const { theme, priceMode } = useSnapshot(ui);
  const qty = useQuantityText();
  return (
    <List header={t('setting.preferences')} className={styles.list}>
      <List.Item onClick={() => onSheet('lang')} extra={LANG_NAMES[lang]} data-testid="setting-language">
        {t('setting.language')}
      </List.Item>
      {token ? (
        <List.Item
          onClick={() => onSheet('fiat')}
          extra={`${fiat.currency_code} · 1 USDT = ${qty(fiat.rate)}`}
          data-testid="setting-fiat"
        >
          {t('acct.fiatCurrency')}
        </List.Item>
      ) : null}
      <List.Item
        onClick={() => navigate(PATHS.service)}
        extra={token ? <UnreadBadge load={unreadService} /> : null}
        data-testid="setting-service"
      >
        {t('route.kefu.index')}
      </List.Item>
      {token ? (
        <List.Item
          onClick={onNotices}
          extra={unreadNotices ? <Badge content={unreadNotices} /> : null}
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
        onClick={() => onSheet('price')}
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
  );
}

/** The account pages, then the app's version. */
export function AccountLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <List header={t('setting.account')} className={styles.list}>
      {LINKS.map(([name]) => (
        <List.Item key={name} onClick={() => navigate(pathOf(name))}>
          {t(`route.${name.replace('/', '.')}`)}
        </List.Item>
      ))}
      <List.Item extra={`${CONSTANTS.appVersion} (${CONSTANTS.versionCode})`}>{t('setting.version')}</List.Item>
    </List>
  );
}

interface NoticesProps {
  open: boolean;
  /** the mask was tapped */
  onDismiss: () => void;
  /** Close was pressed: the page then re-reads the unread count */
  onClose: () => void;
}

/** The notices, full screen over settings. */
export function NoticesPopup({ open, onDismiss, onClose }: NoticesProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onDismiss} position="right" bodyStyle={{ width: '100vw' }} destroyOnClose>
      <PageFrame
        title={t('acct.notices')}
        back={false}
        right={
          <Button size="mini" fill="none" onClick={onClose}>
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
  );
}

interface SheetsProps {
  sheet: SettingSheet;
  onSheet: (s: SettingSheet) => void;
  fiats: FiatRate[];
  chooseLang: (l: Lang) => void;
  chooseFiat: (code: string) => Promise<void>;
}

/** The language, fiat and price-colour choices, each an action sheet. */
export function SettingSheets({ sheet, onSheet, fiats, chooseLang, chooseFiat }: SheetsProps) {
  const { t } = useTranslation();
  const { lang, fiat } = useSnapshot(session);
  const { priceMode } = useSnapshot(ui);
  const qty = useQuantityText();
  return (
    <>
      <ActionSheet
        visible={sheet === 'lang'}
        onClose={() => onSheet(null)}
        cancelText={t('common.cancel')}
        actions={LANGS.map((l) => ({ key: l, text: LANG_NAMES[l], bold: l === lang, onClick: () => chooseLang(l) }))}
      />
      <ActionSheet
        visible={sheet === 'fiat'}
        onClose={() => onSheet(null)}
        cancelText={t('common.cancel')}
        actions={fiats.map((f) => ({
          key: f.currency_code,
          text: `${f.currency_code} (${f.symbol}) · ${qty(f.rate)}`,
          bold: f.currency_code === fiat.currency_code,
          onClick: () => void chooseFiat(f.currency_code),
        }))}
      />
      <ActionSheet
        visible={sheet === 'price'}
        onClose={() => onSheet(null)}
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
          onClick: () => (setPriceMode(m), onSheet(null)),
        }))}
      />
    </>
  );
}
