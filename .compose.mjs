import { chromium } from '@playwright/test';
import fs from 'node:fs';
const [out, ...files] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: 390 * files.length + 10 * files.length, height: 844 } });
const imgs = files.map((f) => `<img src="data:image/png;base64,${fs.readFileSync(f).toString('base64')}" style="width:390px;margin-right:10px">`).join('');
await p.setContent(`<body style="margin:0;background:#888;display:flex">${imgs}</body>`);
await p.screenshot({ path: out });
await b.close();
