import { Dialog, TextArea } from 'antd-mobile';

/** Ask the operator for a reason (mandatory for rejections, adjustments and settings). Resolves null on cancel. */
export function askReason(title: string, required = true): Promise<string | null> {
  let value = '';
  return new Promise((resolve) => {
    const d = Dialog.show({
      title,
      content: <TextArea autoFocus placeholder="Reason (shown to the user where it applies)" rows={3} maxLength={500} onChange={(v) => (value = v)} aria-label="Reason" />,
      actions: [
        [
          { key: 'cancel', text: 'Cancel', onClick: () => (d.close(), resolve(null)) },
          {
            key: 'ok',
            text: 'Confirm',
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
