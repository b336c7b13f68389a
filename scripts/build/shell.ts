/**
 * Workbox manifest transform (vite.config.ts): precache only the shell — index.html and the
 * scripts and styles it references (the entry and its static imports) — plus the icon. Route
 * chunks, languages and the chart are cached by the service worker when first used (CacheFirst:
 * hashed names never change), so installing it does not download every screen of the app over
 * the phone's connection.
 */
import fs from 'node:fs';
import path from 'node:path';

interface Entry {
  url: string;
  revision: string | null;
  size: number;
}

export function shellOnly(outDir: string) {
  return async (entries: Entry[]): Promise<{ manifest: Entry[]; warnings: string[] }> => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const referenced = new Set([...html.matchAll(/(?:src|href)="\/h5\/([^"]+)"/g)].map((m) => m[1]));
    const keep = (e: Entry) => e.url === 'index.html' || e.url === 'icon.svg' || referenced.has(e.url);
    return { manifest: entries.filter(keep), warnings: [] };
  };
}
