/**
 * Reads design tokens (CSS custom properties, src/styles/tokens.css) as computed on `el`, for
 * drawing code that cannot use CSS: canvases the charts and the market worker paint.
 * `spec` maps each result key to [custom property, fallback when it is unset].
 */
export function readTokens<K extends string>(el: Element, spec: Record<K, readonly [string, string]>): Record<K, string> {
  const css = getComputedStyle(el);
  const out = {} as Record<K, string>;
  for (const key of Object.keys(spec) as K[]) {
    const [name, fallback] = spec[key];
    out[key] = css.getPropertyValue(name).trim() || fallback;
  }
  return out;
}
