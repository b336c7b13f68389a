/**
 * The demo's sound and moving pictures, made here without internet: a short WAV synthesised from
 * the item's code (a few notes of a pentatonic scale, 8 kHz mono 8-bit), and one committed WebM
 * clip that scripts/nft-demo-video.ts recorded from a procedural canvas in the local Chromium.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from '../../../../core';

export const mediaUrl = (file: string) => `/api/bind_box/media/${encodeURIComponent(file)}`;
export const DEMO_VIDEO = 'demo.webm';
const VIDEO_PATH = fileURLToPath(new URL(`../media/${DEMO_VIDEO}`, import.meta.url));

const RATE = 8000;
const SCALE = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25];

/** A WAV (RIFF/WAVE, PCM u8) of eight notes picked by the code's hash, each with a short fade. */
export function wavOf(code: string, seconds = 3): Buffer {
  const h = sha256Hex(code);
  const n = RATE * seconds;
  const notes = 8;
  const per = Math.floor(n / notes);
  const out = Buffer.alloc(44 + n);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + n, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(RATE, 24);
  out.writeUInt32LE(RATE, 28); // bytes per second
  out.writeUInt16LE(1, 32);
  out.writeUInt16LE(8, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(n, 40);
  for (let i = 0; i < n; i++) {
    const note = Math.min(notes - 1, Math.floor(i / per));
    const f = SCALE[parseInt(h.slice(note * 2, note * 2 + 2), 16) % SCALE.length];
    const within = (i % per) / per;
    const env = Math.min(1, within * 20) * (1 - within) ** 1.5;
    out[44 + i] = Math.round(128 + 90 * env * Math.sin((2 * Math.PI * f * i) / RATE));
  }
  return out;
}

let video: Buffer | null = null;
/** The committed clip, read once. */
export function demoVideo(): Buffer {
  video ??= fs.readFileSync(VIDEO_PATH);
  return video;
}
