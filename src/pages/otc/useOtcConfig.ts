import { useLoad } from '../../components/product/shared';
import { otcConfig } from '../../api/otc';

/** The coins and fiat currencies P2P trades, and its rules (one load per page). */
export function useOtcConfig() {
  return useLoad(() => otcConfig(), []);
}

export const STATUS_COLOR: Record<string, string> = {
  unpaid: 'warning',
  paid: 'primary',
  appeal: 'danger',
  released: 'success',
  cancelled: 'default',
  refunded: 'default',
};

/** "mm:ss" until `deadline`; '' once it has passed. */
export function mmss(deadline: number, now: number): string {
  const s = Math.max(0, Math.floor((deadline - now) / 1000));
  if (s <= 0) return '';
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
