import type { TFunction } from 'i18next';
import { isDecimalString, parseLocaleDecimal, type Lang } from '../../../../core';
import { session } from '../../../stores/session';

/** An amount typed in the user's language ("1,5" in French) → a plain decimal string, or null. */
export function readAmount(raw: string | undefined): string | null {
  if (!raw) return null;
  const v = parseLocaleDecimal(raw.trim(), session.lang as Lang);
  return v !== null && isDecimalString(v) ? v : null;
}

type Rule = { required?: boolean; message?: string; validator?: (r: unknown, v: string | undefined) => Promise<void> };

/** Required, a positive amount with at most 10 decimals (spec §5), then any extra check. */
export function amountRules(t: TFunction, extra?: (v: string) => string | null): Rule[] {
  return [
    { required: true, message: t('acct.amountRequired') },
    {
      validator: (_r, raw) => {
        if (!raw) return Promise.resolve();
        const v = readAmount(raw);
        if (v === null || Number(v) <= 0) return Promise.reject(new Error(t('acct.amountInvalid')));
        const msg = extra?.(v);
        return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
      },
    },
  ];
}
