import { useEffect, useState } from 'react';
import { Empty, SearchBar } from 'antd-mobile';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { useNow } from '../../components/product/useNow';
import { nftArtists, nftList } from '../../api/nft';
import { TileGrid } from './parts';
import s from './nft.module.css';

/**
 * Search the market by title, code or artist (/bind_box/getBoxList {keyword}); artists whose name
 * matches are listed first. The words stay in the address (?q=), so back returns to the results.
 */
export default function NftSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [query, setQuery] = useState(text.trim());
  // a query per pause in typing, not per key; never after leaving (the page keeps rendering for its
  // fade-out under the next page's location, where writing ?q= would replace that page's address)
  const { pathname } = useLocation();
  const [own] = useState(pathname);
  useEffect(() => {
    if (pathname !== own) return;
    const id = setTimeout(() => {
      const q = text.trim();
      setQuery(q);
      // the address as it is now, not as this render saw it: a result tapped within the pause has
      // already opened another page (the leaving page may still render with its old location), and
      // ?q= written then would replace that page's ?code=
      const live = window.location.hash.slice(1).split('?')[0];
      if (live === own && (params.get('q') ?? '') !== q) setParams(q ? { q } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(id);
  }, [text, params, setParams, pathname, own]);
  const found = useLoad(async () => {
    if (!query) return null;
    const [items, artists] = await Promise.all([nftList({ keyword: query }), nftArtists()]);
    const q = query.toLowerCase();
    return { items, artists: artists.filter((a) => a.name.toLowerCase().includes(q)) };
  }, [query]);
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
              {r.artists.length ? (
                <ul className={s.plain}>
                  {r.artists.map((a) => (
                    <li key={a.id}>
                      <button
                        type="button"
                        className={s.person}
                        onClick={() => navigate(`/pages/nft/artistDetail?id=${a.id}`)}
                      >
                        <img className={s.avatar} src={a.avatar} alt="" width={32} height={32} />
                        <span className={s.personBody}>
                          <span className={s.name}>{a.name}</span>
                          <span className={s.muted}>{t('nft.works', { count: a.works })}</span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className={`${s.muted} ${s.resultCount}`}>{t('nft.results', { count: r.items.length })}</p>
              <TileGrid items={r.items} now={now} empty={t('nft.noResults', { query })} />
            </div>
          )
        }
      </LoadState>
    </PageFrame>
  );
}
