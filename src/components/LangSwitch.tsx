import { lazy, Suspense, useState } from 'react';
import { GlobalOutline } from 'antd-mobile-icons';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { LANG_NAMES } from '../i18n';
import { session, setLang } from '../stores/session';
import styles from './LangSwitch.module.css';

const loadSheet = () => import('./LangSheet');
// the sheet's code comes with the first tap (started on touch), not with Login's first load
const LangSheet = lazy(loadSheet);

/** Globe button + sheet of the eight languages; the choice is stored in the session. */
export function LangSwitch() {
  const [open, setOpen] = useState(false);
  // mounted from the first open on, so the sheet can animate out when closed
  const [used, setUsed] = useState(false);
  const { lang } = useSnapshot(session);
  const { t } = useTranslation();
  return (
    <>
      {/* the name starts with what is shown (the current language), as speech-input users say it */}
      <button
        type="button"
        className={styles.btn}
        onPointerDown={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        aria-label={`${LANG_NAMES[lang]} · ${t('setting.language')}`}
      >
        <GlobalOutline aria-hidden />
        <span className={styles.name}>{LANG_NAMES[lang]}</span>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <LangSheet
            open={open}
            lang={lang}
            onClose={() => setOpen(false)}
            onPick={(l) => {
              setLang(l);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
