import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * A query parameter of this page's own URL. After a navigation the leaving page keeps rendering
 * for its 200 ms fade under the NEXT page's location (src/app/FadeOutlet); it then keeps the value
 * it had instead of reading the next page's query (which would refetch, or show "not found").
 */
export function usePageParam(name: string): string | null {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [own] = useState(pathname);
  const current = params.get(name);
  const [kept, setKept] = useState(current);
  if (pathname === own && current !== kept) setKept(current);
  return pathname === own ? current : kept;
}
