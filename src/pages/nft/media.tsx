import { useTranslation } from 'react-i18next';
import { AudioOutline, PlayOutline } from 'antd-mobile-icons';
import { NFT_MEDIA_TYPES, type NftItem } from '../../../core';
import s from './nft.module.css';

/** Where a tile or a search result opens an item: a video has its own page (spec §2 artworkDetail_video). */
export const itemPath = (i: Pick<NftItem, 'code' | 'type'>) =>
  `/pages/nft/${i.type === NFT_MEDIA_TYPES.video ? 'artworkDetail_video' : 'artworkDetail'}?code=${encodeURIComponent(i.code)}`;

/** A corner badge on a tile that is not a still picture: a play mark for video, a speaker for sound. */
export function MediaBadge({ type }: { type: number }) {
  const { t } = useTranslation();
  if (type !== NFT_MEDIA_TYPES.video && type !== NFT_MEDIA_TYPES.audio) return null;
  return (
    <span className={s.badge} role="img" aria-label={t(`nft.mediaType.${type}`)}>
      {type === NFT_MEDIA_TYPES.video ? <PlayOutline aria-hidden /> : <AudioOutline aria-hidden />}
    </span>
  );
}

/**
 * The work itself, large: a picture, a video with its controls (played inline on a phone, its
 * cover as the poster), or the cover with an audio player under it.
 */
export function MediaHero({ item }: { item: Pick<NftItem, 'name' | 'image' | 'media' | 'type'> }) {
  const { t } = useTranslation();
  if (item.type === NFT_MEDIA_TYPES.video)
    return (
      <video
        className={`${s.hero} ${s.video}`}
        src={item.media}
        poster={item.image}
        controls
        playsInline
        loop
        preload="metadata"
        aria-label={t('nft.videoOf', { name: item.name })}
        data-testid="nft-video"
        width={390}
        height={390}
      />
    );
  const img = <img className={s.hero} src={item.image} alt={item.name} width={390} height={390} />;
  if (item.type !== NFT_MEDIA_TYPES.audio) return img;
  return (
    <div className={s.audioHero}>
      {img}
      <audio
        className={s.audio}
        src={item.media}
        controls
        preload="none"
        aria-label={t('nft.audioOf', { name: item.name })}
        data-testid="nft-audio"
      />
    </div>
  );
}
