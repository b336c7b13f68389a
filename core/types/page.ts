/**
 * Shapes every account and funds endpoint shares: the list page and where uploaded files are served.
 * Request field names follow spec §7 where the spec names them; where it does not, the name
 * chosen is written here. Every money value is a decimal string; every POST is form-encoded; lists
 * take `page` (from 1) and `limit` (default 10) and answer a Page. Stable: fields are added, never renamed.
 */

/** A page of a list. */
export interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
}

/**
 * GET /api/file/<name> where the reference is "upload/<name>". Avatars are public; other files
 * need the owner's Authorization header or a signed URL (the *_url fields, valid ~1 h); ID photos
 * are shown only to their owner and operators.
 */
export const FILE_ROUTE = '/api/file/';

/**
 * The family's paginator (Laravel's, WIRE.md "Contracts"): what the spec's own clients read from
 * lever/my_trade (`message.message`) and microtrade/lists. `toPaginator` makes one from a page of
 * `total` rows; `fromPaginator` gives our front end its list page back.
 */
export interface Paginator<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
  per_page: number;
}

export function toPaginator<T>(data: T[], page: number, perPage: number, total: number): Paginator<T> {
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total, per_page: perPage };
}

export function fromPaginator<T>(p: Paginator<T>): {
  list: T[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
} {
  return {
    list: p.data,
    page: p.current_page,
    limit: p.per_page,
    total: p.total,
    has_more: p.current_page < p.last_page,
  };
}
