import { useTranslation } from 'react-i18next';
import { AREAS, areaName } from './areaPick';
import styles from './area-select.module.css';

/** The calling code beside a phone number: a native select, so the phone shows its own picker. */
export function AreaSelect({ value, onChange }: { value: string; onChange: (iso: string) => void }) {
  const { t, i18n } = useTranslation();
  const locale = document.documentElement.lang || i18n.language;
  return (
    <select
      className={styles.area}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-label={t('route.setting.areas')}
      data-testid="area-code"
    >
      {AREAS.map((a) => (
        <option key={a.iso} value={a.iso}>
          +{a.code} {areaName(a.iso, locale)}
        </option>
      ))}
    </select>
  );
}
