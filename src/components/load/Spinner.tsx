import styles from './Spinner.module.css';

/**
 * A spinning arc in the brand colour, drawn and turned by CSS. antd-mobile's SpinLoading turns
 * with react-spring, which brought that library into every route's first load through the lazy
 * page's placeholder.
 */
export function Spinner({ size = 32 }: { size?: number }) {
  return (
    <svg className={styles.spin} width={size} height={size} viewBox="0 0 32 32" aria-hidden>
      <circle cx="16" cy="16" r="12" fill="none" strokeWidth="3" strokeLinecap="round" strokeDasharray="56 80" />
    </svg>
  );
}
