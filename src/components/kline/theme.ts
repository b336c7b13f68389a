import { LIGHT_PAINT_THEME } from '../../../workers/paint/light-theme';
import { readTokens } from '../../styles/read-tokens';

/** Chart colours come from the design tokens, so the up/down setting and dark theme apply here too. */
export interface ChartTheme {
  up: string;
  down: string;
  bg: string;
  text: string;
  grid: string;
}

const L = LIGHT_PAINT_THEME;

export function readTheme(el: Element): ChartTheme {
  return readTokens(el, {
    up: ['--up', L.up],
    down: ['--down', L.down],
    bg: ['--bg', '#ffffff'],
    text: ['--text', L.text],
    grid: ['--chart-grid', 'rgba(128,128,128,0.12)'],
  });
}

export function sameTheme(a: ChartTheme, b: ChartTheme): boolean {
  return a.up === b.up && a.down === b.down && a.bg === b.bg && a.text === b.text && a.grid === b.grid;
}
