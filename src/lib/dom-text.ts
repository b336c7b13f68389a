/**
 * Live figures written straight into the nodes React rendered once (the Markets rows' cells, the
 * pair page's header and chart readout, the trade screens' header): a changed text or class costs style and layout of that
 * node only, and no React render or commit.
 */

/**
 * Sets `el`'s text and (when given) its class, each only when it changed. The text is written into
 * the existing text node, which React keeps referring to, so a later render of the same element
 * still finds its node.
 */
export function putText(el: HTMLElement | null, text: string, cls?: string): void {
  if (!el) return;
  if (cls !== undefined) putClass(el, cls);
  const node = el.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE) {
    if ((node as Text).data !== text) (node as Text).data = text;
  } else el.textContent = text;
}

/** Sets `el`'s class only when it changed (an unchanged class costs no style recalculation). */
export function putClass(el: HTMLElement | null, cls: string): void {
  if (el && el.className !== cls) el.className = cls;
}

/** Sets an attribute only when it changed. */
export function putAttr(el: Element | null, name: string, value: string): void {
  if (el && el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** `data-stale="true"` while stale, as <Num/> renders it. */
export function putStale(el: HTMLElement | null, stale: boolean): void {
  if (!el) return;
  if (stale) {
    if (el.getAttribute('data-stale') !== 'true') el.setAttribute('data-stale', 'true');
  } else if (el.hasAttribute('data-stale')) el.removeAttribute('data-stale');
}

/** A figure as <Num/> renders it: its text, its classes and its stale mark. */
export function putNum(el: HTMLElement | null, text: string, cls: string, stale: boolean): void {
  putText(el, text, cls);
  putStale(el, stale);
}
