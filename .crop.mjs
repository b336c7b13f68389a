import { chromium } from '@playwright/test';
import fs from 'node:fs';
const [src, out, x, y, w, h, scale] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: Number(w) * Number(scale), height: Number(h) * Number(scale) } });
await p.setContent(`<body style="margin:0;overflow:hidden"><div style="width:${w}px;height:${h}px;overflow:hidden;transform:scale(${scale});transform-origin:0 0"><img src="data:image/png;base64,${fs.readFileSync(src).toString('base64')}" style="margin-left:-${x}px;margin-top:-${y}px;image-rendering:pixelated"></div></body>`);
await p.screenshot({ path: out });
await b.close();
