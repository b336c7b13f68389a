import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { nftArtists } from '../../api/nft';
import { LinkRows } from './LinkRows';
import s from './nft.module.css';

/** The artists (/bind_box/getArtist): avatar, name, the first lines of the bio and how many works; a row opens the artist. */
export default function Artists() {
  const { t } = useTranslation();
  const load = useLoad(() => nftArtists(), []);
  return (
    <PageFrame title={t('route.nft.artist')}>
      <LoadState load={load}>
        {(artists) => (
          <LinkRows
            empty={t('nft.noArtists')}
            rows={artists.map((a) => ({
              id: a.id,
              to: `/pages/nft/artistDetail?id=${a.id}`,
              testId: `nft-artist-${a.id}`,
              picture: <img className={s.avatarLarge} src={a.avatar} alt="" width={56} height={56} loading="lazy" />,
              name: a.name,
              lines: [{ text: a.bio, clamp: true }, { text: t('nft.works', { count: a.works }) }],
            }))}
          />
        )}
      </LoadState>
    </PageFrame>
  );
}
