import { Dialog, TextArea } from 'antd-mobile';
import { tr } from './i18n';

/** Ask the operator for a reason (mandatory for rejections, adjustments and settings). Resolves null on cancel. */
export function askReason(title: string, required = true): Promise<string | null> {
  let value = '';
  return new Promise((resolve) => {
    const d = Dialog.show({
      title,
      content: (
        <TextArea
          autoFocus
          placeholder={tr('admin.reason.hint')}
          rows={3}
          maxLength={500}
          onChange={(v) => (value = v)}
          aria-label={tr('admin.field.reason')}
        />
      ),
      actions: [
        [
          { key: 'cancel', text: tr('admin.common.cancel'), onClick: () => (d.close(), resolve(null)) },
          {
            key: 'ok',
            text: tr('admin.common.confirm'),
            bold: true,
            onClick: () => {
              if (required && !value.trim()) return;
              d.close();
              resolve(value.trim());
            },
          },
        ],
      ],
    });
  });
}
