import { get, post } from './client';

/** One item of /news/list and /news/index_pop; the server's extra fields are ignored. */
export interface NewsItem {
  id: number;
  title: string;
  content?: string;
  thumbnail?: string;
  image?: string;
  summary?: string;
  link?: string;
  created_at?: string;
}

/** Spec §7: c_id 4 = news/notices, 5 = banners. */
export const NEWS_CATEGORY = { notice: 4, banner: 5 } as const;

export function asItems(m: unknown): NewsItem[] {
  // Ours pages the list as {list, page, limit, total, has_more}; legacy servers used {data} or a bare array.
  let arr: unknown[] = [];
  if (Array.isArray(m)) arr = m;
  else if (m && typeof m === 'object') {
    const o = m as { list?: unknown; data?: unknown };
    arr = Array.isArray(o.list) ? o.list : Array.isArray(o.data) ? o.data : [];
  }
  return arr.filter((x): x is NewsItem => !!x && typeof x === 'object' && 'title' in x);
}

export async function newsList(c_id: number): Promise<NewsItem[]> {
  return asItems(await post<unknown>('/news/list', { c_id }, { quiet: true }));
}

/** The home popup notice; null when there is none. */
export async function indexPop(): Promise<NewsItem | null> {
  const m = await get<unknown>('/news/index_pop', undefined, { quiet: true });
  if (Array.isArray(m)) return asItems(m)[0] ?? null;
  return m && typeof m === 'object' && 'title' in m ? (m as NewsItem) : null;
}

export function newsDetail(id: number): Promise<NewsItem> {
  return post<NewsItem>('/news/detail', { id });
}
