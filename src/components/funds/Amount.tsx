import { Num } from '../Num';
import { COIN_DP, FIAT_DP } from './format';

/**
 * A coin amount (in full up to 8 decimals, no trailing zeros) or a fiat value (2 decimals), through
 * the one number component; no tint (not a live stream).
 */
export function Amount({
  value,
  fiat,
  suffix,
  testId,
  signed,
}: {
  value: string | null | undefined;
  fiat?: boolean;
  suffix?: string;
  testId?: string;
  signed?: boolean;
}) {
  return (
    <Num
      value={value}
      format={fiat ? 'price' : 'amount'}
      decimals={fiat ? FIAT_DP : COIN_DP}
      tint={false}
      signed={signed}
      suffix={suffix ? ` ${suffix}` : undefined}
      data-testid={testId}
    />
  );
}
