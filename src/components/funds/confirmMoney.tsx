import { Dialog } from 'antd-mobile';
import i18n from '../../i18n';
import { DetailRows, type Row } from './DetailRows';

/**
 * The sheet every money-moving action shows first (UX.md "Flows"): amount, fee, what arrives and
 * the resulting balance. Resolves true only when the user confirms.
 */
export function confirmMoney(title: string, rows: Row[], note?: string): Promise<boolean> {
  return Dialog.confirm({
    // its accessible name (axe aria-dialog-name), also while it animates out
    'aria-label': title,
    title,
    content: (
      <div data-testid="confirm-sheet">
        <DetailRows rows={rows} />
        {note ? <p style={{ margin: '8px 0 0', fontSize: 12, color: 'var(--text-3)' }}>{note}</p> : null}
      </div>
    ),
    confirmText: i18n.t('common.confirm'),
    cancelText: i18n.t('common.cancel'),
  });
}
