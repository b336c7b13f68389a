import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ServiceRefType } from '../../../core';
import { servicePath } from '../../nav/paths';
import styles from './AskAbout.module.css';

/** "Contact support about this": opens the customer-service chat with this record attached (the server checks it is the caller's). */
export function AskAbout({ type, id }: { type: ServiceRefType; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.ask}
      onClick={() => navigate(servicePath({ type, id }))}
      data-testid={`ask-about-${type}-${id}`}
    >
      {t('service.askAboutThis')}
    </button>
  );
}
