/**
 * Business hours of customer service, a site setting like "1-5 09:00-18:00" (ISO weekdays 1 = Mon …
 * 7 = Sun, times in UTC; several ranges separated by ";"; end after start). Pure, so the server
 * (online status) and the page (the hours shown) read it the same way.
 */
export const DEFAULT_SERVICE_HOURS = '1-7 00:00-24:00';

interface Range {
  fromDay: number;
  toDay: number;
  fromMin: number;
  toMin: number;
}

const RE = /^([1-7])(?:-([1-7]))?\s+(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/** The ranges of a setting, or null when it is malformed. */
export function parseServiceHours(text: string): Range[] | null {
  const parts = text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.length) return null;
  const out: Range[] = [];
  for (const p of parts) {
    const m = RE.exec(p);
    if (!m) return null;
    const [fromDay, toDay] = [Number(m[1]), Number(m[2] ?? m[1])];
    const fromMin = Number(m[3]) * 60 + Number(m[4]);
    const toMin = Number(m[5]) * 60 + Number(m[6]);
    if (toDay < fromDay || Number(m[4]) > 59 || Number(m[6]) > 59 || fromMin >= toMin || toMin > 24 * 60) return null;
    out.push({ fromDay, toDay, fromMin, toMin });
  }
  return out;
}

/** Whether the instant falls within the hours (a malformed setting counts as always open). */
export function withinServiceHours(text: string, nowMs: number): boolean {
  const ranges = parseServiceHours(text);
  if (!ranges) return true;
  const d = new Date(nowMs);
  const day = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  const min = d.getUTCHours() * 60 + d.getUTCMinutes();
  return ranges.some((r) => day >= r.fromDay && day <= r.toDay && min >= r.fromMin && min < r.toMin);
}
