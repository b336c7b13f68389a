/**
 * Every uploaded picture is decoded and encoded again (sharp, i.e. libvips) before it is stored.
 * Magic bytes alone let through a file that merely starts like an image — a GIF/HTML polyglot, a
 * script with a PNG header — and keep what a camera hides in a picture (EXIF GPS position, device
 * serials). What is stored is only the pixels, re-encoded by the library:
 * - a file the decoder cannot read as the image its bytes claim is refused (image_unreadable);
 * - the format is kept (PNG stays PNG, an animated GIF keeps its frames), so references,
 *   content types and the NFT media types stay what they were;
 * - no metadata is written (sharp drops EXIF, XMP, IPTC and comments unless asked to keep them);
 *   a JPEG/WebP's EXIF orientation is applied to the pixels first so the picture stays upright;
 * - inputs past MAX_PIXELS (per frame × frames) are refused before decoding (decompression bombs).
 */
import sharp from 'sharp';
import { AppError } from '../errors';
import type { ImageKind } from './uploads';

// each upload is decoded once: libvips' operation cache would only hold memory
sharp.cache(false);

/** 40 megapixels: a phone camera's largest photo is about 50 MB of pixels in memory, no more. */
const MAX_PIXELS = 40_000_000;

const FORMAT_OF: Record<ImageKind, keyof sharp.FormatEnum> = { png: 'png', jpg: 'jpeg', webp: 'webp', gif: 'gif' };

/** The picture's pixels, re-encoded in its own format without metadata; refuses what is not one. */
export async function reencodeImage(buf: Buffer, kind: ImageKind): Promise<Buffer> {
  const format = FORMAT_OF[kind];
  const animated = kind === 'gif' || kind === 'webp';
  try {
    const input = sharp(buf, { animated, limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    // the decoder's own reading of the bytes must agree with what the magic bytes said
    if (meta.format !== format) throw new Error(`decoded as ${meta.format ?? 'nothing'}`);
    if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (meta.pages ?? 1) > MAX_PIXELS)
      throw new Error('too many pixels');
    const upright = (meta.pages ?? 1) > 1 ? input : input.rotate();
    return await upright.toFormat(format).toBuffer();
  } catch {
    throw new AppError('image_unreadable');
  }
}
