import { useState } from 'react';
import { Button, Popup, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DecimalInput, TextField } from '../../components/form';
import { useLoad } from '../../components/product/shared';
import { toast, toastSuccess } from '../../lib/toast';
import { createWork, myArtist, uploadNftMedia } from '../../api/nft';
import s from './nft.module.css';

const USDT = 4;
/** what the file picker offers; the server still decides by the bytes (a renamed file is refused) */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,audio/*,video/mp4,video/webm';

/**
 * A creator's "Publish a work" (shown only to an artist account): a picture, sound or video file,
 * a title, one of their collections and an asking price. The file is uploaded first (checked by its
 * bytes and size on the server), then the work is made in their collection, not for sale — listing
 * it goes through the review queue like every listing.
 */
export function PublishWork({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const artist = useLoad(() => myArtist(), []);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState('');
  const [collection, setCollection] = useState<number>();
  const [pending, setPending] = useState(false);
  const a = artist.data;
  if (!a) return null;
  const col = collection ?? a.collections[0]?.id;
  const ready = !!file && title.trim() !== '' && Number(price) > 0 && col !== undefined;
  const submit = async () => {
    setPending(true);
    try {
      // the upload's refusal (type, size, quota) is said here; createWork's by the shared client
      const up = await uploadNftMedia(file!).catch((e: Error) => (toast(e.message), null));
      if (!up) return;
      await createWork({ collection_id: col!, title: title.trim(), media: up.media, currency_id: USDT, price });
      toastSuccess(t('nft.publish.done'));
      setOpen(false);
      setFile(undefined);
      setTitle('');
      setPrice('');
      onDone();
    } catch {
      // shown by the client
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button block fill="outline" onClick={() => setOpen(true)} data-testid="nft-publish-open">
        {t('nft.publish.open')}
      </Button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        bodyClassName={s.sheet}
        aria-label={t('nft.publish.open')}
      >
        <div className={s.form} data-testid="nft-publish">
          <h2 className={s.sheetTitle}>{t('nft.publish.open')}</h2>
          <label className={s.fileField}>
            <span>{t('nft.publish.file')}</span>
            <input
              type="file"
              accept={ACCEPT}
              onChange={(e) => setFile(e.target.files?.[0])}
              data-testid="nft-publish-file"
            />
          </label>
          <span className={s.muted}>{t('nft.publish.fileHint')}</span>
          <TextField
            label={t('nft.publish.name')}
            value={title}
            onChange={setTitle}
            maxLength={120}
            data-testid="nft-publish-title"
          />
          {a.collections.length > 1 ? (
            <Selector
              aria-label={t('nft.publish.collection')}
              columns={2}
              options={a.collections.map((c) => ({ label: c.name, value: c.id }))}
              value={col ? [col] : []}
              onChange={(v) => v[0] && setCollection(v[0])}
            />
          ) : null}
          <DecimalInput
            label={t('nft.price')}
            value={price}
            onChange={setPrice}
            decimals={8}
            unit="USDT"
            data-testid="nft-publish-price"
          />
          <span className={s.muted}>{t('nft.publish.afterNote')}</span>
          <Button
            block
            color="primary"
            disabled={!ready || pending}
            loading={pending}
            onClick={() => void submit()}
            data-testid="nft-publish-submit"
          >
            {t('nft.publish.submit')}
          </Button>
        </div>
      </Popup>
    </>
  );
}
