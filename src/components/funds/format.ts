import { fractionOf } from '../form/decimal-text';
import { ACCOUNT_FIELDS, ExactDecimal, type AccountField } from '../../../core';

/** Account-type number (spec §3: 1 legal, 2 change, 3 lever, 4 micro) → its field name. */
export function fieldOf(type: number): AccountField {
  return ACCOUNT_FIELDS[type - 1] ?? 'change';
}

/**
 * The app's language as a BCP 47 tag (src/i18n keeps it on <html lang>), so dates follow the
 * language the user chose rather than the browser's ("25/12/2026 12:33" in French, not "12/25/2026, 12:33 PM").
 */
export function uiLocale(): string | undefined {
  return document.documentElement.lang || undefined;
}

/** Server timestamps as the user's local date and time, written the way the app's language writes them. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '--';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(uiLocale(), {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
}

/** Coin amounts show up to 8 decimals (truncated, never rounded up; no trailing zeros), fiat values 2 — through <Num>. */
export const COIN_DP = 8;
export const FIAT_DP = 2;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // insecure origins have no clipboard API: fall back to a selected textarea
    const ta = document.createElement('textarea');
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  }
}

/** a − b exactly (the balance a sheet says will remain), through core's decimal. */
export function minus(a: string, b: string): string {
  return new ExactDecimal(a).minus(new ExactDecimal(b)).toFixed();
}

export function gte(a: string, b: string): boolean {
  return new ExactDecimal(a).gte(new ExactDecimal(b));
}

/** pct % of a balance, truncated to 8 decimals (a shortcut never asks for more than there is). */
export function share(available: string, pct: number): string {
  return fractionOf(available, pct, 8) || '0';
}

export function plus(a: string, b: string): string {
  return new ExactDecimal(a).plus(new ExactDecimal(b)).toFixed();
}

/** Copy, then say so (nothing is said when the browser refused). */
export async function copyWithToast(text: string, say: (msg: string) => void, msg: string): Promise<void> {
  if (await copyText(text)) say(msg);
}
