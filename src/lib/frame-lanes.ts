/**
 * One frame, one kind of work. The pair page's live work lands in frames of two kinds: the
 * chart's redraw (lightweight-charts repaints every pane and axis in a requestAnimationFrame
 * callback, then the frame commits the redrawn canvases) and the DOM's text (the header's figures,
 * the chart readout and legend: style, layout and paint). Either costs a good share of a frame on
 * a slow phone; when both fall into the same frame it becomes a long task (terminal bench, 6×
 * CPU). So each frame takes one lane: the first work queued since the last frame was produced
 * picks its lane, work of that lane runs at once, and work of the other lane waits until that
 * frame has been painted, then runs (and so takes the next frame). Nothing is dropped and the
 * order within a lane is kept; a lane waits one frame at most, as only one lane can be waiting.
 * A hidden page produces no frames: work then runs at once.
 */
import { afterNextPaint } from './idle';

export type Lane = 'chart' | 'dom';

/** a frame that never comes (rAF is paused in a hidden page) does not hold a lane longer than this */
const HOLD_MAX_MS = 500;

/** the lane the coming frame holds (null: none since the last frame was produced) */
let current: Lane | null = null;
/** bumped per frame waited for: the paint callback and the fallback timer end it once */
let frame = 0;
let waiting: (() => void)[] = [];
let waitingLane: Lane | null = null;

function frameDone(gen: number): void {
  if (gen !== frame || current === null) return;
  current = null;
  const lane = waitingLane;
  const jobs = waiting;
  waiting = [];
  waitingLane = null;
  if (!lane) return;
  take(lane);
  for (const f of jobs) f();
}

function take(lane: Lane): void {
  if (current === lane) return;
  current = lane;
  const gen = ++frame;
  afterNextPaint(() => frameDone(gen));
  setTimeout(() => frameDone(gen), HOLD_MAX_MS);
}

/**
 * Runs `fn` now when the coming frame is free or already holds `lane`'s work; else after that
 * frame has been painted (in the frame after it).
 */
export function inLane(lane: Lane, fn: () => void): void {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return fn();
  if (current === null || current === lane) {
    take(lane);
    fn();
    return;
  }
  waiting.push(fn);
  waitingLane = lane;
}
