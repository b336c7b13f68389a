/**
 * CPU calibration for the load benches. A fixed slowdown (Lighthouse's 4×) is a
 * different phone on every host: a host twice as slow, or twice as busy, emulates a phone twice as
 * slow. Calibrated runs take Lighthouse's own BenchmarkIndex of the host just before each load and
 * throttle by index ÷ target, so every run emulates the same phone (Chrome DevTools' CPU
 * calibration works the same way, against its own mid- and low-tier scores).
 *
 * The target, 650: the phone that 4× made of the hosts the issue's goals were first measured on
 * (BenchmarkIndex ≈ 2,600; 2,534–2,832 in bench/results of stops 31–34). This session's host reads
 * 785–2,318, where 4× emulates a phone up to three times slower than the one the goals were set on.
 */
import type { Browser } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { round } from './harness';

export const REFERENCE_PHONE_INDEX = 650;

/** Lighthouse's BenchmarkIndex of this host now, unthrottled: the median of three, in a blank page. */
export async function benchmarkIndex(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const xs: number[] = [];
  for (let i = 0; i < 3; i++) xs.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  await context.close();
  return xs.sort((a, b) => a - b)[1];
}

/** The CPU slowdown that makes this host (at `hostIndex`) the phone at `targetIndex`; never below 1. */
export const calibratedRate = (hostIndex: number, targetIndex: number): number =>
  Math.max(1, round(hostIndex / targetIndex, 2));
