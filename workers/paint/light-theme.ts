import type { PaintTheme } from '../api-types';

/**
 * The light theme's colours (src/styles/tokens.css): what the painter uses until the page sends
 * the tokens it reads, and the page's fallback for a token it cannot read.
 */
export const LIGHT_PAINT_THEME: PaintTheme = {
  text: '#1d1b26',
  text2: '#5f5b70',
  up: '#007a55',
  down: '#c8232f',
  flat: '#6f6b80',
  onPrice: '#ffffff',
};
