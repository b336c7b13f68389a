import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { newsList, NEWS_CATEGORY, type NewsItem } from '../../api/content';
import { assets } from '../../api/funds';
import { session } from '../../stores/session';
import { loadPairs } from '../../market/pairs';
import { takeHomeSnapshot } from './home-snapshot';

/**
 * What Home shows beside the pairs: the banners and notices (from the HTML on a first load, else
 * null while loading) and, signed in, the total of the user's assets. Starts the pairs' load.
 */
export function useHomeContent() {
  const { token, lang } = useSnapshot(session);
  // From the HTML on a first load (the first paint shows them), else null while loading: their space is reserved (no layout shift)
  const [first] = useState(() => takeHomeSnapshot(lang));
  const [banners, setBanners] = useState<NewsItem[] | null>(first?.banners ?? null);
  const [notices, setNotices] = useState<NewsItem[] | null>(first?.notices ?? null);
  // The same total as the Assets tab, in the fiat currency the user chose.
  const [total, setTotal] = useState<{ value: string; code: string } | null>(null);

  useEffect(() => {
    void loadPairs();
  }, []);

  // Banners and notices are written per language: asked again whenever the language changes while
  // Home is open. This load's HTML had the first language's, so that first ask is skipped.
  const fromHtml = useRef(first !== null);
  useEffect(() => {
    if (fromHtml.current) {
      fromHtml.current = false;
      return;
    }
    let live = true;
    newsList(NEWS_CATEGORY.banner)
      .then((b) => live && setBanners(b))
      .catch(() => live && setBanners([]));
    newsList(NEWS_CATEGORY.notice)
      .then((n) => live && setNotices(n))
      .catch(() => live && setNotices([]));
    // an answer for the language left behind never replaces the new one's
    return () => {
      live = false;
    };
  }, [lang]);

  useEffect(() => {
    if (!token) return;
    assets()
      .then((o) => setTotal({ value: o.total_fiat, code: o.fiat.currency_code }))
      .catch(() => setTotal(null));
  }, [token]);

  return { first, banners, notices, total };
}
