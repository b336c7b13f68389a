import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useLoad } from '../../components/product/shared';
import { nftArtists, nftList } from '../../api/nft';

/**
 * The search box's text, the query it settles to after a pause (kept in the address as ?q=), and
 * what the query finds: works, and artists whose name matches.
 */
export function useNftSearch() {
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
  return { text, setText, query, found };
}
