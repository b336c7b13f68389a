import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe-core run inside the page. Its bundle is evaluated once per document (pages that change by
 * hash keep it), as a CDP evaluation so the app's CSP does not block it; each check then asks for
 * violations only. @axe-core/playwright re-injects the bundle into every frame and collects passes
 * on every call, ~5–10× the cost per check on this 2-core runner (the tour took 10 min under CI load).
 * The app draws no same-origin iframes, so the top document is the whole audit.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeOptions = {
  /** a CSS selector: audit only inside it */
  include?: string;
  /** only these rules (e.g. `color-contrast` for a theme pass, when the other rules ran already) */
  rules?: string[];
};

/**
 * Until no opacity transition runs (3 s at most): a button that has just been enabled, or a route
 * fading in, is half transparent for a moment, and axe measures its contrast mid-fade (seen: the
 * copy form's button at 2.91:1 right after its data arrived, on a loaded runner).
 */
async function fadesDone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document
          .getAnimations()
          .some((a) => a.playState === 'running' && a instanceof CSSTransition && a.transitionProperty === 'opacity'),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined); // a page that never stops fading is measured as it is
}

export async function axeViolations(page: Page, opts: AxeOptions = {}): Promise<AxeResults['violations']> {
  await fadesDone(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(opts.rules ? { runOnly: { type: 'rule', values: opts.rules } } : {}),
  };
  const results = await page.evaluate(
    ([include, o]) => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<AxeResults> } }).axe;
      return axe.run(include ? { include: [include] } : document, o);
    },
    [opts.include ?? null, options] as const,
  );
  return results.violations;
}

/** The findings a fix needs: serious and critical violations, one line each with their targets. */
export async function seriousAxe(page: Page, opts: AxeOptions = {}): Promise<string[]> {
  return (await axeViolations(page, opts))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
