import { post } from './client';

/**
 * The total-assets figure for Home. Spec §7 does not show /wallet/list's fields; we read a total
 * if the answer carries one under a known name and otherwise show nothing rather than invent it.
 */
export async function totalAssetsUsdt(): Promise<string | null> {
  const m = await post<unknown>('/wallet/list', undefined, { quiet: true });
  if (!m || typeof m !== 'object') return null;
  const r = m as Record<string, unknown>;
  for (const k of ['total_usdt', 'total', 'usdt_total', 'totle']) {
    const v = r[k];
    if ((typeof v === 'string' || typeof v === 'number') && Number.isFinite(Number(v))) return String(v);
  }
  return null;
}
