/**
 * Reads design tokens (CSS custom properties, src/styles/tokens.css) as computed on `el`, for
 * drawing code that cannot use CSS: canvases the charts and the market worker paint.
 * `spec` maps each result key to [custom property, fallback when it is unset].
 */
export function readTokens<K extends string>(
  el: Element,
  spec: Record<K, readonly [string, string]>,
): Record<K, string> {
  const css = getComputedStyle(el);
  const out = {} as Record<K, string>;
  for (const key of Object.keys(spec) as K[]) {
    const [name, fallback] = spec[key];
    out[key] = css.getPropertyValue(name).trim() || fallback;
  }
  return out;
}

/** The attributes of <html> the tokens key off (stores/ui.ts sets them): theme, price colours. */
const TOKEN_ATTRIBUTES = ['class', 'data-theme', 'data-price', 'style'];

/**
 * Which set of token values <html> selects now, as a string that changes whenever they may: read
 * from attributes, so it costs no style recalculation (getComputedStyle on a freshly changed
 * document forces one).
 */
export function tokensKey(): string {
  const el = document.documentElement;
  return TOKEN_ATTRIBUTES.map((a) => el.getAttribute(a) ?? '').join('\u0001');
}

/** Calls `fn` whenever <html>'s token attributes are written; returns the unsubscribe. */
export function onTokensChange(fn: () => void): () => void {
  const mo = new MutationObserver(fn);
  mo.observe(document.documentElement, { attributes: true, attributeFilter: TOKEN_ATTRIBUTES });
  return () => mo.disconnect();
}
