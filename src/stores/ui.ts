import { proxy, subscribe } from 'valtio';
import { readJson, writeJson } from '../lib/storage';

export type Theme = 'light' | 'dark';
/**
 * Spec §9 price colours: green-up/red-down, red-up/green-down, and the purple variant of the
 * alternate mode (purple up, orange down) for users who cannot tell red from green.
 */
export type PriceMode = 'green-up' | 'red-up' | 'purple';
export const PRICE_MODES: readonly PriceMode[] = ['green-up', 'red-up', 'purple'];

export interface UiState {
  theme: Theme;
  priceMode: PriceMode;
}

const KEY = 'ui';
const saved = readJson<UiState>(KEY) ?? {};

export const ui = proxy<UiState>({
  theme: saved.theme === 'dark' ? 'dark' : 'light',
  priceMode: saved.priceMode && PRICE_MODES.includes(saved.priceMode) ? saved.priceMode : 'green-up',
});

/** Tokens in styles/tokens.css key off these attributes; antd-mobile's dark theme off its own. */
function apply(): void {
  const el = document.documentElement;
  el.dataset.theme = ui.theme;
  el.dataset.price = ui.priceMode;
  el.setAttribute('data-prefers-color-scheme', ui.theme);
}

apply();
subscribe(ui, () => {
  writeJson(KEY, ui);
  apply();
});

export function setTheme(theme: Theme): void {
  ui.theme = theme;
}

export function setPriceMode(mode: PriceMode): void {
  ui.priceMode = mode;
}
