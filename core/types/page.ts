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
