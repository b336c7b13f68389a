import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../components/product/shared';
import { toast, toastSuccess } from '../../lib/toast';
import { createWork, myArtist, uploadNftMedia } from '../../api/nft';

const USDT = 4;

/**
 * The publish sheet's state: the artist (none: no sheet), the file, title, collection and price,
 * and publishing — the file uploaded first, then the work made; the sheet then closes and clears.
 */
export function usePublishWork(onDone: () => void) {
  const { t } = useTranslation();
  const artist = useLoad(() => myArtist(), []);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState('');
  const [collection, setCollection] = useState<number>();
  const [pending, setPending] = useState(false);
  const a = artist.data;
  const col = collection ?? a?.collections[0]?.id;
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
  return {
    artist: a,
    open,
    setOpen,
    setFile,
    title,
    setTitle,
    price,
    setPrice,
    col,
    setCollection,
    ready,
    pending,
    submit,
  };
}
