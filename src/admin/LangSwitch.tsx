import { ADMIN_LANGS, ADMIN_LANG_NAMES, setAdminLang, useAdminLang, useT } from './i18n';
import styles from './admin.module.css';

/** The back office's language: two buttons in the header (and on the sign-in page), the shown one pressed. */
export function LangSwitch() {
  const t = useT();
  const lang = useAdminLang();
  return (
    <div className={styles.langSwitch} role="group" aria-label={t('admin.app.language')} data-testid="admin-lang">
      {ADMIN_LANGS.map((l) => (
        <button
          key={l}
          type="button"
          lang={l === 'zh' ? 'zh-CN' : 'en'}
          aria-pressed={l === lang}
          onClick={() => void setAdminLang(l)}
        >
          {ADMIN_LANG_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
