import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { useNow } from '../../components/product/useNow';
import { usePageParam } from '../../components/product/usePageParam';
import { nftCollection, nftCollections } from '../../api/nft';
import { TileGrid } from './parts';
import { LinkRows } from './LinkRows';
import s from './nft.module.css';

/** Collections: without ?id= every collection (cover, name, artist, works); with it one collection and its works. */
export default function CollectionPage() {
  const id = Number(usePageParam('id'));
  return Number.isInteger(id) && id > 0 ? <Collection key={id} id={id} /> : <Collections />;
}

function Collections() {
  const { t } = useTranslation();
  const load = useLoad(() => nftCollections(), []);
  return (
    <PageFrame title={t('route.nft.collection')}>
      <LoadState load={load}>
        {(list) => (
          <LinkRows
            empty={t('nft.noCollections')}
            rows={list.map((c) => ({
              id: c.id,
              to: `/pages/nft/collection?id=${c.id}`,
              testId: `nft-collection-${c.id}`,
              picture: <img className={s.thumb} src={c.cover} alt="" width={64} height={64} loading="lazy" />,
              name: c.name,
              lines: [{ text: c.artist_name }, { text: t('nft.works', { count: c.works }) }],
            }))}
          />
        )}
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
              <button
                type="button"
                className={s.creatorLink}
                onClick={() => navigate(`/pages/nft/artistDetail?id=${c.artist_id}`)}
              >
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
