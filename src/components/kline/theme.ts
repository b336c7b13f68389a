/** Chart colours come from the design tokens, so the up/down setting and dark theme apply here too. */
export interface ChartTheme {
  up: string;
  down: string;
  bg: string;
  text: string;
  grid: string;
}

const FALLBACK: ChartTheme = { up: '#0ecb81', down: '#f6465d', bg: '#ffffff', text: '#1e2329', grid: 'rgba(128,128,128,0.12)' };

export function readTheme(el: Element): ChartTheme {
  const css = getComputedStyle(el);
  const v = (name: string, d: string) => css.getPropertyValue(name).trim() || d;
  return {
    up: v('--up', FALLBACK.up),
    down: v('--down', FALLBACK.down),
    bg: v('--bg', FALLBACK.bg),
    text: v('--text', FALLBACK.text),
    grid: v('--chart-grid', FALLBACK.grid),
  };
}

export function sameTheme(a: ChartTheme, b: ChartTheme): boolean {
  return a.up === b.up && a.down === b.down && a.bg === b.bg && a.text === b.text && a.grid === b.grid;
}
