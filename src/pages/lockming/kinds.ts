import { LOCK_KINDS, type LockKind } from '../../../core';
import { uiLocale } from '../../components/funds/format';

export function asKind(v: string | null): LockKind {
  return (LOCK_KINDS as readonly (string | null)[]).includes(v) ? (v as LockKind) : 'lock';
}

/** The dividend time "HH:MM" (UTC, as the server pays it) in the user's local time too. */
export function dividendLocal(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const d = new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])));
  return d.toLocaleTimeString(uiLocale(), { hour: '2-digit', minute: '2-digit' });
}
