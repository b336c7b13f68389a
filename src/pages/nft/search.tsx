import { Empty, SearchBar } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useNow } from '../../components/product/useNow';
import type { NftArtist } from '../../../core';
import { useNftSearch } from './useNftSearch';
import { TileGrid } from './parts';
import s from './nft.module.css';

/**
 * Search the market by title, code or artist (/bind_box/getBoxList {keyword}); artists whose name
 * matches are listed first. The words stay in the address (?q=), so back returns to the results.
 */
export default function NftSearch() {
  const { t } = useTranslation();
  const { text, setText, query, found } = useNftSearch();
  const now = useNow();
  return (
    <PageFrame title={t('route.nft.search')}>
      <div className={s.searchBar}>
        {/* the kit's clear cross is a div with an aria-label (axe: aria-prohibited-attr); its cancel button clears instead */}
        <SearchBar
          value={text}
          onChange={setText}
          placeholder={t('nft.searchHint')}
          aria-label={t('nft.searchHint')}
          data-testid="nft-search"
          clearable={false}
          showCancelButton={(_focus, v) => v.length > 0}
          autoFocus
        />
      </div>
      <LoadState load={found}>
        {(r) =>
          r === null ? (
            <Empty description={t('nft.searchHint')} />
          ) : r.items.length === 0 && r.artists.length === 0 ? (
            <Empty description={t('nft.noResults', { query })} />
          ) : (
            <div data-testid="nft-search-results">
              {r.artists.length ? <ArtistHits artists={r.artists} /> : null}
              <p className={`${s.muted} ${s.resultCount}`}>{t('nft.results', { count: r.items.length })}</p>
              <TileGrid items={r.items} now={now} empty={t('nft.noResults', { query })} />
            </div>
          )
        }
      </LoadState>
    </PageFrame>
  );
}

/** The artists whose name matches, each to their page. */
function ArtistHits({ artists }: { artists: NftArtist[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ul className={s.plain}>
      {artists.map((a) => (
        <li key={a.id}>
          <button type="button" className={s.person} onClick={() => navigate(`/pages/nft/artistDetail?id=${a.id}`)}>
            <img className={s.avatar} src={a.avatar} alt="" width={32} height={32} />
            <span className={s.personBody}>
              <span className={s.name}>{a.name}</span>
              <span className={s.muted}>{t('nft.works', { count: a.works })}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
