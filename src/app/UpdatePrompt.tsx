import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { takeUpdate, update } from './sw';
import styles from './UpdatePrompt.module.css';

/** Offers a newly deployed version; the user takes it when ready (nothing reloads under their input). */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { ready } = useSnapshot(update);
  if (!ready) return null;
  return (
    <div className={styles.bar} role="status" data-testid="update-prompt">
      <span className={styles.text}>{t('common.updateReady')}</span>
      <Button size="small" color="primary" onClick={takeUpdate}>
        {t('common.updateTake')}
      </Button>
    </div>
  );
}
