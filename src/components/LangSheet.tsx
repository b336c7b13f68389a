import { ActionSheet } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../core';
import { LANG_NAMES } from '../i18n';

/** The sheet of the eight languages (LangSwitch loads it on first use: it brings the kit's popup and react-spring). */
export default function LangSheet({
  open,
  lang,
  onPick,
  onClose,
}: {
  open: boolean;
  lang: Lang;
  onPick: (l: Lang) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionSheet
      visible={open}
      onClose={onClose}
      cancelText={t('common.cancel')}
      actions={LANGS.map((l) => ({ key: l, text: LANG_NAMES[l], bold: l === lang, onClick: () => onPick(l) }))}
    />
  );
}
