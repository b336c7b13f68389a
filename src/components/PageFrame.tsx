import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../nav/paths';
import styles from './PageFrame.module.css';

export interface PageFrameProps {
  title: ReactNode;
  /** false on tab pages; otherwise a back arrow that returns, or goes home on a cold deep link */
  back?: boolean;
  right?: ReactNode;
  children?: ReactNode;
  /** extra class for the scrolling body */
  bodyClassName?: string;
}

/** The custom navigation bar every page carries (spec §2), sticky under the top safe area. */
export function PageFrame({ title, back = true, right, children, bodyClassName }: PageFrameProps) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const onBack = () => {
    // React Router keeps its position in history.state.idx; 0 means we were opened directly.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(PATHS.home, { replace: true });
  };
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {/* Our own bar, laid out like the kit's NavBar: its left slot carries role="button" even
            around a real button, which screen readers and axe report as nested controls. */}
        <nav className={styles.nav} aria-label={t('common.pageNav', { defaultValue: 'Page' })}>
          <div className={styles.left}>
            {back ? (
              <button type="button" className={styles.back} onClick={onBack} aria-label={t('common.back')}>
                <LeftOutline aria-hidden />
              </button>
            ) : null}
          </div>
          <h1 className={styles.title}>{title}</h1>
          <div className={styles.right}>{right}</div>
        </nav>
      </header>
      <div className={`${styles.body} ${bodyClassName ?? ''}`}>{children}</div>
    </div>
  );
}
