import type { ReactNode } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './components.module.css';

interface ConfirmRow {
  label: string;
  value: ReactNode;
  /** emphasise (what the user receives) */
  strong?: boolean;
}

export interface ConfirmSheetProps {
  visible: boolean;
  title: string;
  rows: ConfirmRow[];
  note?: ReactNode;
  confirmText: string;
  confirmColor?: 'primary' | 'success' | 'danger';
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** What will happen before money moves: every figure, then one confirm button (disabled while pending). */
export function ConfirmSheet({
  visible,
  title,
  rows,
  note,
  confirmText,
  confirmColor = 'primary',
  pending,
  onConfirm,
  onClose,
}: ConfirmSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={pending ? undefined : onClose} bodyClassName={styles.sheet} destroyOnClose>
      <div role="dialog" aria-modal="true" aria-labelledby="confirm-title" data-testid="confirm-sheet">
        <h2 id="confirm-title" className={styles.sheetTitle}>
          {title}
        </h2>
        <dl className={styles.sheetRows}>
          {rows.map((r) => (
            <div key={r.label} className={`${styles.sheetRow} ${r.strong ? styles.sheetStrong : ''}`}>
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
        {note ? <p className={styles.sheetNote}>{note}</p> : null}
        <div className={styles.sheetActions}>
          <Button block fill="outline" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color={confirmColor}
            loading={pending}
            disabled={pending}
            onClick={onConfirm}
            data-testid="confirm-submit"
          >
            {confirmText}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
