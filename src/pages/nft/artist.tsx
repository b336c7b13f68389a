import { Empty } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { nftArtists } from '../../api/nft';
import s from './nft.module.css';

/** The artists (/bind_box/getArtist): avatar, name, the first lines of the bio and how many works; a row opens the artist. */
export default function Artists() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => nftArtists(), []);
  return (
    <PageFrame title={t('route.nft.artist')}>
      <LoadState load={load}>
        {(artists) =>
          artists.length === 0 ? (
            <Empty description={t('nft.noArtists')} />
          ) : (
            <ul className={s.plain}>
              {artists.map((a) => (
                <li key={a.id}>
                  <button type="button" className={s.person} onClick={() => navigate(`/pages/nft/artistDetail?id=${a.id}`)} data-testid={`nft-artist-${a.id}`}>
                    <img className={s.avatarLarge} src={a.avatar} alt="" width={56} height={56} loading="lazy" />
                    <span className={s.personBody}>
                      <span className={s.name} data-may-truncate>
                        {a.name}
                      </span>
                      <span className={`${s.muted} ${s.clamp}`}>{a.bio}</span>
                      <span className={s.muted}>{t('nft.works', { count: a.works })}</span>
                    </span>
                    <RightOutline aria-hidden className={s.muted} />
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
    </PageFrame>
  );
}
