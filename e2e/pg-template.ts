import fs from 'node:fs';
import path from 'node:path';

/**
 * The migrated cluster every e2e server copies instead of running initdb and the migrations
 * (PG_TEMPLATE_DIR, server/db/embedded/template.ts). playwright.config's webServer makes it afresh
 * from this checkout's migrations (scripts/pg-template.ts) before any spec runs; schema only, so
 * each server still seeds at its own start.
 */
export const E2E_PG_TEMPLATE = '.data/e2e-template';

/** PG_TEMPLATE_DIR for a spec's own server: the template when it was made, else nothing (initdb as usual) */
export function pgTemplateEnv(): Record<string, string> {
  const dir = path.resolve(E2E_PG_TEMPLATE);
  return fs.existsSync(path.join(dir, 'pg', 'PG_VERSION')) ? { PG_TEMPLATE_DIR: dir } : {};
}
