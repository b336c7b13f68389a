import { Num } from '../Num';
import { COIN_DP, FIAT_DP } from './format';

/** A coin amount or a fiat value, through the one number component; no tint (not a live stream). */
export function Amount({ value, fiat, suffix, testId, signed }: { value: string | null | undefined; fiat?: boolean; suffix?: string; testId?: string; signed?: boolean }) {
  return <Num value={value} format="price" decimals={fiat ? FIAT_DP : COIN_DP} tint={false} signed={signed} suffix={suffix ? ` ${suffix}` : undefined} data-testid={testId} />;
}
