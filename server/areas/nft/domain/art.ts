/**
 * Procedural artworks (no internet, no stored files): an SVG drawn deterministically from the
 * item's code, so the demo's images and every opened box's image exist without uploads.
 */
import { NFT_MEDIA_TYPES, sha256Hex } from '../../../../core';

export const artUrl = (code: string) => `/api/bind_box/art/${encodeURIComponent(code)}.svg`;

/** An item's still image: a picture or gif is its own file; audio and video show the item's drawn artwork. */
export function imageOf(item: { code: string; media: string; media_type: number }): string {
  return item.media_type >= NFT_MEDIA_TYPES.audio ? artUrl(item.code) : item.media;
}

export function artSvg(code: string): string {
  const h = sha256Hex(code);
  const byte = (i: number) => parseInt(h.slice((i * 2) % 64, ((i * 2) % 64) + 2), 16);
  const hue = Math.round((byte(0) / 255) * 360);
  const hue2 = (hue + 90 + byte(1)) % 360;
  const shapes: string[] = [];
  const n = 5 + (byte(2) % 6);
  for (let i = 0; i < n; i++) {
    const x = 20 + (byte(3 + i) / 255) * 360;
    const y = 20 + (byte(13 + i) / 255) * 360;
    const r = 20 + (byte(23 + i) / 255) * 110;
    const hh = (hue + i * 37) % 360;
    shapes.push(
      i % 3 === 0
        ? `<rect x="${(x - r / 2).toFixed(1)}" y="${(y - r / 2).toFixed(1)}" width="${r.toFixed(1)}" height="${r.toFixed(1)}" rx="${(r / 5).toFixed(1)}" transform="rotate(${byte(30 + i)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="hsl(${hh} 75% 60%)" opacity="0.75"/>`
        : `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="hsl(${hh} 80% ${i % 2 ? 55 : 70}%)" opacity="0.7"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 22%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 40%)"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/>${shapes.join('')}</svg>`;
}
