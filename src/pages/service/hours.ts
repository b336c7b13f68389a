import { parseServiceHours } from '../../../core';

/** "1-5 09:00-18:00" → "Mon–Fri 09:00–18:00 UTC" in the reader's language. */
export function formatHours(text: string, lang: string): string {
  const ranges = parseServiceHours(text);
  if (!ranges) return text;
  const tag = { zh: 'zh-CN', hk: 'zh-HK', jp: 'ja', fra: 'fr', spa: 'es' }[lang] ?? lang;
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' });
  } catch {
    fmt = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' });
  }
  // 2024-01-01 was a Monday: ISO weekday d is that date + d - 1
  const day = (d: number) => fmt.format(new Date(Date.UTC(2024, 0, d)));
  const hm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
  return ranges
    .map(
      (r) =>
        `${r.fromDay === r.toDay ? day(r.fromDay) : `${day(r.fromDay)}–${day(r.toDay)}`} ${hm(r.fromMin)}–${hm(r.toMin)} UTC`,
    )
    .join('; ');
}
