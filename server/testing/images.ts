/** Real pictures for upload tests: the server decodes and re-encodes every image, so a header alone no longer passes. */
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A 1×1 PNG (the same bytes the e2e specs upload). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A PNG of random pixels, about `bytes` long before and after re-encoding (noise does not
 * compress), for size limits and quotas.
 */
export async function noisyPng(bytes: number): Promise<Buffer> {
  const side = Math.max(1, Math.ceil(Math.sqrt(bytes / 3)));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A JPEG carrying EXIF with a camera owner and a GPS position, as a phone photo does. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'owner-secret-name', Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2437/100' },
    })
    .toBuffer();
}

/** A small PNG whose pixels come from `label`: different labels, different pictures (and hashes). */
export async function pngOf(label: string): Promise<Buffer> {
  const pixels = createHash('sha256').update(label).digest().subarray(0, 12);
  return sharp(pixels, { raw: { width: 2, height: 2, channels: 3 } })
    .png()
    .toBuffer();
}
