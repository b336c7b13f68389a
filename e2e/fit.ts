import type { Page } from '@playwright/test';

/**
 * Labels that do not fit, measured in the DOM of the page shown now:
 * - text cut by its box (scrollWidth > clientWidth + 1 with overflow hidden/clip, ellipsis or not:
 *   "Prise d…" is as unreadable as "Prise d");
 * - any visible element wider than the viewport, or text sticking past the screen edge.
 * User data that may be long by nature (an address, a trader's bio) opts out with
 * `data-may-truncate` on the element or an ancestor: the rule is for interface words.
 */
export async function labelsThatDoNotFit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const de = document.documentElement;
    const vw = de.clientWidth;
    if (de.scrollWidth > vw) out.push(`document scrolls sideways (${de.scrollWidth} > ${vw})`);
    const sel = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
        const cls = [...e.classList]
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('');
        parts.unshift(`${e.tagName.toLowerCase()}${cls}`);
      }
      return parts.join(' > ');
    };
    // a row that scrolls sideways (a tab bar) shows its far items by scrolling: they are not cut
    const inScroller = (el: Element): boolean => {
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const ox = getComputedStyle(e).overflowX;
        if ((ox === 'auto' || ox === 'scroll') && e.scrollWidth > e.clientWidth) return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim());
      // a notice bar scrolls its text through (a marquee) by design
      if (!own || el.offsetParent === null || el.closest('[data-may-truncate], [aria-hidden="true"], .adm-notice-bar'))
        continue;
      const cs = getComputedStyle(el);
      if (cs.display === 'inline') continue; // inline boxes have no scroll box of their own
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      const over = el.scrollWidth > el.clientWidth + 1;
      if (over && (cs.overflowX === 'hidden' || cs.overflowX === 'clip' || cs.textOverflow === 'ellipsis')) {
        out.push(`cut "${text}" at ${sel(el)} (${el.scrollWidth} > ${el.clientWidth})`);
      } else if (r.right > vw + 1 && r.left < vw && !inScroller(el)) {
        out.push(`wider than the screen "${text}" at ${sel(el)} (right edge ${Math.round(r.right)} > ${vw})`);
      } else if (over && r.left + el.scrollWidth > vw + 1 && !inScroller(el)) {
        out.push(`text past the screen edge "${text}" at ${sel(el)}`);
      }
    }
    return out;
  });
}

/** Goes to a route by hash (as the app's links do) and waits until its title is shown and loading is done. */
export async function showRoute(page: Page, hash: string): Promise<string | null> {
  const before = await page.evaluate((h) => {
    const title = document.querySelector('h1')?.textContent ?? '';
    window.location.hash = h;
    return { title, at: Date.now() };
  }, hash);
  const ready = page.waitForFunction(
    (prev) => {
      const h1 = document.querySelector('h1');
      if (!h1) return false;
      for (let e: Element | null = h1; e; e = e.parentElement) if (getComputedStyle(e).opacity !== '1') return false;
      if (document.querySelector('.adm-skeleton, .adm-spin-loading:not(.adm-infinite-scroll *)')) return false;
      // many pages share a title (Purchase, Artwork): give the new page 300 ms to replace the old one
      return h1.textContent !== prev.title || Date.now() - prev.at > 300;
    },
    before,
    { timeout: 8_000, polling: 50 },
  );
  return ready.then(
    () => null,
    () => `${hash}: no settled page title after 8 s`,
  );
}

/** BCP 47 tags the app puts on <html lang> (src/i18n/index.ts). */
const HTML_LANG: Record<string, string> = {
  zh: 'zh-CN',
  en: 'en',
  hk: 'zh-HK',
  th: 'th',
  jp: 'ja',
  ko: 'ko',
  fra: 'fr',
  spa: 'es',
};

/**
 * Switches the language in place, as a change made in another tab does (the stored session plus a
 * `storage` event), and waits for the re-render: no reload, no refetch, so one visit per page serves
 * all eight languages.
 */
export async function switchLang(page: Page, lang: string): Promise<void> {
  await page.evaluate((l) => {
    const cur = JSON.parse(localStorage.getItem('session') ?? '{}') as Record<string, unknown>;
    const next = JSON.stringify({ ...cur, lang: l });
    localStorage.setItem('session', next);
    window.dispatchEvent(new StorageEvent('storage', { key: 'session', newValue: next }));
  }, lang);
  await page.waitForFunction((tag) => document.documentElement.lang === tag, HTML_LANG[lang], {
    polling: 'raf',
    timeout: 5_000,
  });
  // React commits the re-render in the next frames
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * The faces Chromium draws the page's first Thai label with (DevTools' platform fonts of that node).
 * With no Thai face on the system it draws boxes in the Latin face, and the names show it.
 */
export async function thaiFaces(page: Page): Promise<string[]> {
  // a live page can replace the marked node between the mark and DevTools' look (CDP: "Could not
  // find node with given id"): mark again and look again
  for (let attempt = 1; ; attempt++) {
    try {
      return await thaiFacesOnce(page);
    } catch (err) {
      if (attempt >= 5 || !/Could not find node|No node with given id/.test(String(err))) throw err;
    }
  }
}

async function thaiFacesOnce(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const own = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && /[\u0E00-\u0E7F]/.test(n.textContent ?? ''),
      );
      if (own && el.offsetParent !== null) {
        el.setAttribute('data-thai-probe', '');
        return true;
      }
    }
    return false;
  });
  if (!found) return [];
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-thai-probe]' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((f) => f.familyName);
  } finally {
    await cdp.detach();
    await page.evaluate(() => document.querySelector('[data-thai-probe]')?.removeAttribute('data-thai-probe'));
  }
}
