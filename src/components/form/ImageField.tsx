import { useState } from 'react';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';

export interface ImageFieldProps {
  /** the stored file reference ("upload/…png"), as the form holds it */
  value?: string;
  onChange?: (ref: string | undefined) => void;
  label: string;
  testId?: string;
  /** sends the picked file (the page's API call) and answers the stored reference */
  upload: (file: File) => Promise<string>;
}

/**
 * One image (spec §9: a single image from the album) sent to /upload as soon as it is picked; the
 * field's value is the reference the server answered. Shows the local picture as its preview.
 */
export function ImageField({ onChange, label, testId, upload }: ImageFieldProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ImageUploadItem[]>([]);
  return (
    <div data-testid={testId} aria-label={label}>
      <ImageUploader
        value={items}
        maxCount={1}
        accept="image/png,image/jpeg,image/webp,image/gif"
        onChange={(list) => {
          setItems(list);
          onChange?.(list[0]?.extra as string | undefined);
        }}
        upload={async (file) => {
          try {
            const ref = await upload(file);
            toast(t('acct.uploaded'));
            return { url: URL.createObjectURL(file), extra: ref };
          } catch (e) {
            toast((e as Error).message || t('acct.uploadFailed'));
            throw e;
          }
        }}
      />
    </div>
  );
}
