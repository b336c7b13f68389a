import { useState } from 'react';
import { ActionSheet } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { LANGS } from '../../core';
import { LANG_NAMES } from '../i18n';
import { session, setLang } from '../stores/session';
import styles from './LangSwitch.module.css';

/** Globe button + sheet of the eight languages; the choice is stored in the session. */
export function LangSwitch() {
  const [open, setOpen] = useState(false);
  const { lang } = useSnapshot(session);
  const { t } = useTranslation();
  return (
    <>
      {/* the name starts with what is shown (the current language), as speech-input users say it */}
      <button type="button" className={styles.btn} onClick={() => setOpen(true)} aria-label={`${LANG_NAMES[lang]} · ${t('setting.language')}`}>
        <GlobalOutline aria-hidden />
        <span className={styles.name}>{LANG_NAMES[lang]}</span>
      </button>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        cancelText={t('common.cancel')}
        actions={LANGS.map((l) => ({
          key: l,
          text: LANG_NAMES[l],
          bold: l === lang,
          onClick: () => {
            setLang(l);
            setOpen(false);
          },
        }))}
      />
    </>
  );
}
