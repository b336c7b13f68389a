import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../nav/paths';
import styles from '../trade.module.css';

/** A list section under the form, titled by its heading (`id`), with an optional link beside it. */
export function TradeSection({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  link?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {link}
      </div>
      {children}
    </section>
  );
}

/** In place of a list while logged out: the way to log in. */
export function LoginToSee() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.empty}>
      <button type="button" className={styles.sectionLink} onClick={() => navigate(PATHS.login)}>
        {t('trade.loginToSeeOrders')}
      </button>
    </div>
  );
}
