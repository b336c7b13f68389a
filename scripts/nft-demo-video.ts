/**
 * Makes the NFT demo's video item (server/areas/nft/media/demo.webm) here, without internet: the
 * local Chromium draws a few seconds of procedural animation on a canvas and its MediaRecorder
 * encodes it (VP8 in WebM). Run again only to change the clip; the file is committed.
 *   npx tsx scripts/nft-demo-video.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const OUT = path.join(import.meta.dirname, '../server/areas/nft/media/demo.webm');

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const page = await browser.newPage();
  // a string, not a function: tsx's name-keeping helper (__name) does not exist in the page
  const b64 = await page.evaluate<string>(`(() => { const __name = (f) => f; return (${record.toString()})(); })()`);
  await browser.close();
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, Buffer.from(b64, 'base64'));
  console.log(`${OUT}: ${fs.statSync(OUT).size} bytes`);
}

async function record(): Promise<string> {
  const c = document.createElement('canvas');
  c.width = 320;
  c.height = 320;
  const g = c.getContext('2d')!;
  const rec = new MediaRecorder(c.captureStream(24), {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 250_000,
  });
  const parts: Blob[] = [];
  rec.ondataavailable = (e) => parts.push(e.data);
  const done = new Promise<void>((r) => (rec.onstop = () => r()));
  rec.start();
  const t0 = performance.now();
  await new Promise<void>((resolve) => {
    const frame = () => {
      const t = (performance.now() - t0) / 1000;
      const grad = g.createLinearGradient(0, 0, 320, 320);
      grad.addColorStop(0, `hsl(${(t * 60) % 360} 70% 25%)`);
      grad.addColorStop(1, `hsl(${(t * 60 + 140) % 360} 70% 45%)`);
      g.fillStyle = grad;
      g.fillRect(0, 0, 320, 320);
      for (let i = 0; i < 6; i++) {
        const a = t * (0.8 + i * 0.3) + i;
        g.beginPath();
        g.arc(160 + Math.cos(a) * (40 + i * 18), 160 + Math.sin(a * 1.3) * (40 + i * 16), 18 + i * 6, 0, Math.PI * 2);
        g.fillStyle = `hsla(${(i * 55 + t * 90) % 360} 85% 65% / 0.75)`;
        g.fill();
      }
      if (t < 3) requestAnimationFrame(frame);
      else resolve();
    };
    frame();
  });
  rec.stop();
  await done;
  const buf = new Uint8Array(await new Blob(parts, { type: 'video/webm' }).arrayBuffer());
  let s = '';
  for (const x of buf) s += String.fromCharCode(x);
  return btoa(s);
}

void main();
