import { Empty } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { useNow } from '../../components/product/useNow';
import { usePageParam } from '../../components/product/usePageParam';
import { nftCollection, nftCollections } from '../../api/nft';
import { TileGrid } from './parts';
import s from './nft.module.css';

/** Collections: without ?id= every collection (cover, name, artist, works); with it one collection and its works. */
export default function CollectionPage() {
  const id = Number(usePageParam('id'));
  return Number.isInteger(id) && id > 0 ? <Collection key={id} id={id} /> : <Collections />;
}

function Collections() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => nftCollections(), []);
  return (
    <PageFrame title={t('route.nft.collection')}>
      <LoadState load={load}>
        {(list) =>
          list.length === 0 ? (
            <Empty description={t('nft.noCollections')} />
          ) : (
            <ul className={s.plain}>
              {list.map((c) => (
                <li key={c.id}>
                  <button type="button" className={s.person} onClick={() => navigate(`/pages/nft/collection?id=${c.id}`)} data-testid={`nft-collection-${c.id}`}>
                    <img className={s.thumb} src={c.cover} alt="" width={64} height={64} loading="lazy" />
                    <span className={s.personBody}>
                      <span className={s.name} data-may-truncate>
                        {c.name}
                      </span>
                      <span className={s.muted}>{c.artist_name}</span>
                      <span className={s.muted}>{t('nft.works', { count: c.works })}</span>
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

function Collection({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => nftCollection(id), [id]);
  const now = useNow();
  return (
    <PageFrame title={t('route.nft.collection')}>
      <LoadState load={load}>
        {(c) => (
          <>
            <img className={s.banner} src={c.cover} alt="" width={390} height={140} />
            <div className={s.detail0}>
              <h2 className={s.title}>{c.name}</h2>
              <button type="button" className={s.creatorLink} onClick={() => navigate(`/pages/nft/artistDetail?id=${c.artist_id}`)}>
                <img className={s.avatar} src={c.artist_avatar} alt="" width={32} height={32} />
                <span>{c.artist_name}</span>
              </button>
              {c.description ? <p className={s.muted}>{c.description}</p> : null}
              <span className={s.muted}>{t('nft.works', { count: c.works })}</span>
            </div>
            <TileGrid items={c.items} now={now} empty={t('nft.empty')} />
          </>
        )}
      </LoadState>
    </PageFrame>
  );
}
