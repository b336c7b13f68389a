import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { useNow } from '../../components/product/useNow';
import { usePageParam } from '../../components/product/usePageParam';
import { NotFound } from '../../components/product/NotFound';
import { nftArtist } from '../../api/nft';
import { TileGrid } from './parts';
import s from './nft.module.css';

export default function ArtistPage() {
  const id = Number(usePageParam('id'));
  const { t } = useTranslation();
  if (!Number.isInteger(id) || id <= 0)
    return <NotFound title={t('route.nft.artistDetail')} listPath="/pages/nft/artist" />;
  return <Artist key={id} id={id} />;
}

/** One artist (/bind_box/getArtistDetail): the profile (avatar, name, bio, counts), their collections and their works on the market. */
function Artist({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => nftArtist(id), [id]);
  const now = useNow();
  return (
    <PageFrame title={t('route.nft.artistDetail')}>
      <LoadState load={load}>
        {(a) => (
          <>
            <section className={s.profile} data-testid="nft-artist-profile">
              <img className={s.avatarLarge} src={a.avatar} alt="" width={88} height={88} />
              <h2 className={s.title}>{a.name}</h2>
              <p className={s.muted}>{a.bio}</p>
              <span className={s.muted}>
                {t('nft.works', { count: a.works })} · {t('nft.collections', { count: a.collections.length })}
              </span>
            </section>
            {a.collections.length ? (
              <div className={s.chips}>
                {a.collections.map((c) => (
                  <Button
                    key={c.id}
                    size="mini"
                    shape="rounded"
                    fill="outline"
                    color="primary"
                    onClick={() => navigate(`/pages/nft/collection?id=${c.id}`)}
                    data-testid={`nft-collection-${c.id}`}
                  >
                    {c.name}
                  </Button>
                ))}
              </div>
            ) : null}
            <h3 className={s.section}>{t('nft.onSale')}</h3>
            <TileGrid items={a.items} now={now} empty={t('nft.empty')} />
          </>
        )}
      </LoadState>
    </PageFrame>
  );
}
