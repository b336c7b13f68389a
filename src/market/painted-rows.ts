/**
 * The main thread's side of rows the worker paints (workers/paint/row-painter.ts): measuring a
 * row's cells into a RowLayout (the worker has no layout), and keeping the worker's colours in step
 * with the theme's tokens. Drawing itself never happens here.
 */
import { subscribeKey } from 'valtio/utils';
import { numberMarks } from '../../core';
import { LIGHT_PAINT_THEME, type FigureSlot, type PaintTheme, type RowLayout } from '../../workers/public';
import { session } from '../stores/session';
import { onTokensChange, readTokens } from '../styles/read-tokens';
import { canPaintRows, paintBook, paintRow, setPaintTheme, type BookPaintHandle, type PaintHandle } from './bridge';

export { canPaintRows, paintBook, paintRow, type BookPaintHandle, type PaintHandle };

/** The tokens painted rows use (styles/tokens.css), as the document resolves them now. */
function readPaintTheme(el: Element = document.documentElement): PaintTheme {
  const d = LIGHT_PAINT_THEME;
  const colours = readTokens(el, {
    text: ['--text', d.text],
    text2: ['--text-2', d.text2],
    up: ['--up', d.up],
    down: ['--down', d.down],
    flat: ['--flat', d.flat],
    onPrice: ['--on-price', d.onPrice],
  });
  // the figures are written with the language's marks, as every <Num/> writes them
  return { ...colours, marks: numberMarks(session.lang) };
}

let following = false;

/**
 * Send the theme's colours (and the language's number marks) to the worker now and whenever
 * <html>'s theme or price-colour attributes or the language change (stores/ui.ts, stores/session.ts).
 * Started by the first painted row; idempotent.
 */
export function followPaintTheme(): void {
  if (following) return;
  following = true;
  setPaintTheme(readPaintTheme());
  onTokensChange(() => setPaintTheme(readPaintTheme()));
  subscribeKey(session, 'lang', () => setPaintTheme(readPaintTheme()));
}

/** A CSS font shorthand for the canvas from an element's computed style. */
function fontOf(el: Element): string {
  const s = getComputedStyle(el);
  return `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
}

function slot(cell: Element, origin: DOMRect, fontFrom: Element): FigureSlot {
  const r = cell.getBoundingClientRect();
  return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height, font: fontOf(fontFrom) };
}

export interface RowCells {
  canvas: HTMLCanvasElement;
  /** the turnover cell and the element whose font its figure uses */
  vol: HTMLElement;
  volFont: HTMLElement;
  /** the last-price cell and its text's font */
  last: HTMLElement;
  lastFont: HTMLElement;
  /** the change cell and an unseen pill styled like <ChangePill/> (its size, padding, corners, font) */
  change: HTMLElement;
  pillProbe: HTMLElement;
}

/** Measure a row's cells relative to its canvas (CSS px) for the worker. */
export function measureRow(cells: RowCells, volLabel: string): RowLayout {
  const origin = cells.canvas.getBoundingClientRect();
  const pill = getComputedStyle(cells.pillProbe);
  const px = (v: string) => Number.parseFloat(v) || 0;
  const change = slot(cells.change, origin, cells.pillProbe);
  const pillHeight = px(pill.height) || change.height;
  return {
    width: origin.width,
    height: origin.height,
    dpr: window.devicePixelRatio || 1,
    vol: { ...slot(cells.vol, origin, cells.volFont), label: volLabel },
    last: slot(cells.last, origin, cells.lastFont),
    pill: {
      ...change,
      y: change.y + (change.height - pillHeight) / 2,
      height: pillHeight,
      minWidth: px(pill.minWidth),
      padX: px(pill.paddingLeft),
      radius: px(pill.borderTopLeftRadius),
    },
  };
}
