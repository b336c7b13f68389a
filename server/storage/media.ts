/**
 * Sound and video recognised by their magic bytes (never by the client's name or declared type),
 * like sniffImage for pictures. Each kind carries the content type it is served with and whether
 * it is sound or moving picture (the NFT media types 3 and 4).
 */
export type MediaKind = 'mp3' | 'wav' | 'ogg' | 'flac' | 'm4a' | 'mp4' | 'webm';

export const MEDIA_TYPES: Record<MediaKind, { mime: string; av: 'audio' | 'video' }> = {
  mp3: { mime: 'audio/mpeg', av: 'audio' },
  wav: { mime: 'audio/wav', av: 'audio' },
  ogg: { mime: 'audio/ogg', av: 'audio' },
  flac: { mime: 'audio/flac', av: 'audio' },
  m4a: { mime: 'audio/mp4', av: 'audio' },
  mp4: { mime: 'video/mp4', av: 'video' },
  webm: { mime: 'video/webm', av: 'video' },
};

const ascii = (buf: Buffer, from: number, to: number) => (buf.length >= to ? buf.toString('latin1', from, to) : '');

/** An MPEG audio frame header: 11 sync bits, a known version and layer, a bitrate index that is neither free nor bad. */
function mpegFrame(buf: Buffer, at: number): boolean {
  if (buf.length < at + 4 || buf[at] !== 0xff || (buf[at + 1] & 0xe0) !== 0xe0) return false;
  const version = (buf[at + 1] >> 3) & 3;
  const layer = (buf[at + 1] >> 1) & 3;
  const bitrate = buf[at + 2] >> 4;
  const rate = (buf[at + 2] >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

export function sniffMedia(buf: Buffer): MediaKind | null {
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WAVE') return 'wav';
  if (ascii(buf, 0, 4) === 'OggS') return 'ogg';
  if (ascii(buf, 0, 4) === 'fLaC') return 'flac';
  // ISO base media (MP4, M4A, MOV-like): an 'ftyp' box first; the major brand tells sound from video
  if (ascii(buf, 4, 8) === 'ftyp') return /^M4[AB] /.test(ascii(buf, 8, 12)) ? 'm4a' : 'mp4';
  // Matroska/WebM: the EBML header, and its DocType says webm
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3)
    return buf.subarray(0, 64).includes('webm', 0, 'latin1') ? 'webm' : null;
  if (ascii(buf, 0, 3) === 'ID3' && buf.length >= 10) return 'mp3';
  // a bare MP3 stream: two consecutive frame headers would be stronger, one valid header is what players accept
  if (mpegFrame(buf, 0)) return 'mp3';
  return null;
}
