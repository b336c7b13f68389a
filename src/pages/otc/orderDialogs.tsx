import { Dialog, Input, TextArea } from 'antd-mobile';
import type { TFunction } from 'i18next';
import s from './otc.module.css';

/** The seller confirms a release with the pay password: the password typed, or null when cancelled. */
export async function askReleasePassword(t: TFunction, note: string): Promise<string | null> {
  let pw = '';
  const ok = await Dialog.confirm({
    // the dialog's accessible name (axe aria-dialog-name): its title
    'aria-label': t('otc.releaseTitle'),
    title: t('otc.releaseTitle'),
    content: (
      <div className={s.quote}>
        <span>{note}</span>
        <Input
          type="password"
          placeholder={t('otc.payPassword')}
          aria-label={t('otc.payPassword')}
          onChange={(v) => (pw = v)}
          data-testid="release-password"
        />
      </div>
    ),
    confirmText: t('otc.release'),
    cancelText: t('common.cancel'),
  });
  return ok ? pw : null;
}

/** Why the order is appealed: the reason typed, or null when cancelled. */
export async function askAppealReason(t: TFunction): Promise<string | null> {
  let reason = '';
  const ok = await Dialog.confirm({
    'aria-label': t('otc.appeal'),
    title: t('otc.appeal'),
    content: (
      <TextArea
        rows={3}
        maxLength={500}
        placeholder={t('otc.appealReason')}
        aria-label={t('otc.appealReason')}
        onChange={(v) => (reason = v)}
        data-testid="appeal-reason"
      />
    ),
    confirmText: t('otc.appeal'),
    cancelText: t('common.cancel'),
  });
  return ok ? reason : null;
}
