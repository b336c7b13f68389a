import { LIGHT_PAINT_THEME } from '../../../workers/public';
import { readTokens, tokensKey } from '../../styles/read-tokens';

/** Chart colours come from the design tokens, so the up/down setting and dark theme apply here too. */
export interface ChartTheme {
  up: string;
  down: string;
  bg: string;
  text: string;
  grid: string;
}

const L = LIGHT_PAINT_THEME;

let cached: { key: string; theme: ChartTheme } | null = null;

/**
 * The chart colours <html>'s tokens select now. Read once per token set (theme, price colours):
 * a chart opened on the same set takes the same object without a getComputedStyle, which on a
 * page that has just mounted forces a style recalculation in the middle of the chart's first draw.
 */
export function chartTheme(): ChartTheme {
  const key = tokensKey();
  if (cached?.key !== key)
    cached = {
      key,
      theme: readTokens(document.documentElement, {
        up: ['--up', L.up],
        down: ['--down', L.down],
        bg: ['--bg', '#ffffff'],
        text: ['--text', L.text],
        grid: ['--chart-grid', 'rgba(128,128,128,0.12)'],
      }),
    };
  return cached.theme;
}

export function sameTheme(a: ChartTheme, b: ChartTheme): boolean {
  return a.up === b.up && a.down === b.down && a.bg === b.bg && a.text === b.text && a.grid === b.grid;
}
