import { Button, Popup, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DecimalInput, TextField } from '../../components/form';
import { usePublishWork } from './usePublishWork';
import s from './nft.module.css';

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
  const w = usePublishWork(onDone);
  const { artist: a, open, title, price, col, ready, pending } = w;
  if (!a) return null;
  return (
    <>
      <Button block fill="outline" onClick={() => w.setOpen(true)} data-testid="nft-publish-open">
        {t('nft.publish.open')}
      </Button>
      <Popup
        visible={open}
        onMaskClick={() => w.setOpen(false)}
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
              onChange={(e) => w.setFile(e.target.files?.[0])}
              data-testid="nft-publish-file"
            />
          </label>
          <span className={s.muted}>{t('nft.publish.fileHint')}</span>
          <TextField
            label={t('nft.publish.name')}
            value={title}
            onChange={w.setTitle}
            maxLength={120}
            data-testid="nft-publish-title"
          />
          {a.collections.length > 1 ? (
            <Selector
              aria-label={t('nft.publish.collection')}
              columns={2}
              options={a.collections.map((c) => ({ label: c.name, value: c.id }))}
              value={col ? [col] : []}
              onChange={(v) => v[0] && w.setCollection(v[0])}
            />
          ) : null}
          <DecimalInput
            label={t('nft.price')}
            value={price}
            onChange={w.setPrice}
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
            onClick={() => void w.submit()}
            data-testid="nft-publish-submit"
          >
            {t('nft.publish.submit')}
          </Button>
        </div>
      </Popup>
    </>
  );
}
