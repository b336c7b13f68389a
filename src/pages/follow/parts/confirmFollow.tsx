import { Dialog } from 'antd-mobile';
import type { TFunction } from 'i18next';

/** The last word before following: whom, with what setting, an example, and that the balance pays. */
export function confirmFollow(t: TFunction, what: { name: string; setting: string; example: string }) {
  return Dialog.confirm({
    title: t('copy.confirmTitle'),
    content: (
      <div data-testid="follow-confirm">
        <p>{t('copy.confirmTrader', { name: what.name })}</p>
        <p>{what.setting}</p>
        <p>{what.example}</p>
        <p>{t('copy.confirmBalance')}</p>
      </div>
    ),
    confirmText: t('common.confirm'),
    cancelText: t('common.cancel'),
  });
}
