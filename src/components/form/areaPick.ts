/**
 * The region (calling code) chosen on the areas page, for phone binding. Kept for the browser
 * session only: it is an input helper, not a preference.
 */
const KEY = 'setting.area';

export interface Area {
  iso: string;
  code: string;
  name: string;
}

/** A short list of calling codes; names come from the browser in the user's language. */
export const AREAS: { iso: string; code: string }[] = [
  { iso: 'CN', code: '86' },
  { iso: 'HK', code: '852' },
  { iso: 'TW', code: '886' },
  { iso: 'MO', code: '853' },
  { iso: 'US', code: '1' },
  { iso: 'CA', code: '1' },
  { iso: 'GB', code: '44' },
  { iso: 'FR', code: '33' },
  { iso: 'DE', code: '49' },
  { iso: 'ES', code: '34' },
  { iso: 'IT', code: '39' },
  { iso: 'JP', code: '81' },
  { iso: 'KR', code: '82' },
  { iso: 'TH', code: '66' },
  { iso: 'VN', code: '84' },
  { iso: 'MY', code: '60' },
  { iso: 'SG', code: '65' },
  { iso: 'ID', code: '62' },
  { iso: 'PH', code: '63' },
  { iso: 'IN', code: '91' },
  { iso: 'AU', code: '61' },
  { iso: 'BR', code: '55' },
  { iso: 'MX', code: '52' },
  { iso: 'AR', code: '54' },
  { iso: 'RU', code: '7' },
  { iso: 'TR', code: '90' },
  { iso: 'AE', code: '971' },
  { iso: 'SA', code: '966' },
  { iso: 'NG', code: '234' },
  { iso: 'ZA', code: '27' },
];

export function areaName(iso: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(iso) ?? iso;
  } catch {
    return iso;
  }
}

export function pickedArea(): Area {
  const raw = sessionStorage.getItem(KEY);
  const a = AREAS.find((x) => `${x.iso}` === raw) ?? AREAS[0];
  return { ...a, name: areaName(a.iso, document.documentElement.lang || 'en') };
}

export function pickArea(iso: string): void {
  sessionStorage.setItem(KEY, iso);
}
