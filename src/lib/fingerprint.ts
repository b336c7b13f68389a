/**
 * A stable visitor id for the `x-visitor-id` header (spec §7 "a browser fingerprint is computed").
 * We hash a handful of coarse navigator/screen traits with SHA-256 instead of pulling in a
 * fingerprinting library: the id only needs to be stable for one browser, and it is stored in the
 * session after the first launch, so trait drift (a browser update) does not change it.
 */
function traits(): string {
  const n = navigator;
  const s = window.screen;
  // The UTC offset, not Intl's zone name: the first Intl.DateTimeFormat() of a page loads the
  // time-zone data, 90–200 ms of one task on a slow phone (4× CPU), on every first visit's
  // critical path (the blocking time). The offset is as stable for one browser.
  const tz = String(new Date().getTimezoneOffset());
  const mem = (n as Navigator & { deviceMemory?: number }).deviceMemory ?? '';
  return [
    n.userAgent,
    n.language,
    (n.languages ?? []).join(','),
    n.hardwareConcurrency ?? '',
    mem,
    n.maxTouchPoints ?? '',
    s ? `${s.width}x${s.height}x${s.colorDepth}` : '',
    window.devicePixelRatio,
    tz,
  ].join('|');
}

function hex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function computeVisitorId(): Promise<string> {
  // crypto.subtle exists only in secure contexts (https, localhost); on plain http over a LAN IP
  // we fall back to random bytes, which are just as stable once stored in the session.
  if (globalThis.crypto?.subtle) {
    try {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(traits()));
      return hex(digest).slice(0, 32);
    } catch {
      /* fall through */
    }
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return hex(bytes.buffer);
}
