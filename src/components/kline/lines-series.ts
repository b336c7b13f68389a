/**
 * All the indicator lines of one chart pane as ONE lightweight-charts custom series (BOLL's three
 * bands; MACD's histogram, DIF and DEA). lightweight-charts does per-series work on every update
 * (each `update` re-scales every pane) and every redraw (each series' axis labels, last value,
 * autoscale, items), so six built-in series for BOLL + MACD cost six times that work in the
 * chart's live-update path; one series per pane does it once. Each bar carries the lines' values in
 * the pane's order (NaN: not defined yet, e.g. before BOLL's first full window); lines and
 * histograms are drawn as the built-in Line and Histogram series draw them.
 */
import {
  customSeriesDefaultOptions,
  type CustomData,
  type CustomSeriesOptions,
  type CustomSeriesWhitespaceData,
  type ICustomSeriesPaneRenderer,
  type ICustomSeriesPaneView,
  type PaneRendererCustomData,
  type PriceToCoordinateConverter,
  type Time,
} from 'lightweight-charts';

/** One bar of a pane's lines: their values in the pane's line order. */
export interface LinesBar extends CustomData<Time> {
  values: number[];
}

/** How one line of the pane is drawn; a histogram's `color` 'sign' takes `up` / `down` by the value's sign. */
export interface LineLook {
  kind: 'line' | 'hist';
  color: string;
}

export interface SignColors {
  up: string;
  down: string;
}

/** price → y in the pane's media coordinates; null where the scale has none */
type ToY = (price: number) => number | null;

type Target = Parameters<ICustomSeriesPaneRenderer['draw']>[0];
interface Scope {
  context: CanvasRenderingContext2D;
  horizontalPixelRatio: number;
  verticalPixelRatio: number;
}

export class LinesPaneView implements ICustomSeriesPaneView<Time, LinesBar, CustomSeriesOptions> {
  private data: PaneRendererCustomData<Time, LinesBar> | null = null;
  /** a histogram is drawn from 0: its base is on the scale too */
  private readonly hasBase: boolean;

  constructor(
    private readonly looks: LineLook[],
    private sign: SignColors,
  ) {
    this.hasBase = looks.some((l) => l.kind === 'hist');
  }

  setSign(sign: SignColors): void {
    this.sign = sign;
  }

  renderer(): ICustomSeriesPaneRenderer {
    return { draw: (target, toY) => this.draw(target, toY) };
  }

  update(data: PaneRendererCustomData<Time, LinesBar>): void {
    this.data = data;
  }

  /** The lowest and highest defined value (autoscale); a histogram also spans its base, 0. */
  priceValueBuilder(bar: LinesBar): number[] {
    let lo = Infinity;
    let hi = -Infinity;
    bar.values.forEach((v, k) => {
      if (!Number.isFinite(v)) return;
      const base = this.looks[k]?.kind === 'hist' ? 0 : v;
      lo = Math.min(lo, v, base);
      hi = Math.max(hi, v, base);
    });
    return Number.isFinite(lo) ? [lo, hi, hi] : [];
  }

  isWhitespace(bar: LinesBar | CustomSeriesWhitespaceData<Time>): bar is CustomSeriesWhitespaceData<Time> {
    const v = (bar as Partial<LinesBar>).values;
    return !v || !v.some(Number.isFinite);
  }

  defaultOptions(): CustomSeriesOptions {
    return customSeriesDefaultOptions;
  }

  private draw(target: Target, toY: PriceToCoordinateConverter): void {
    const d = this.data;
    if (!d?.visibleRange || !d.bars.length) return;
    // one bar either side, so a line runs to the pane's edges as the built-in series' do
    const from = Math.max(0, d.visibleRange.from - 1);
    const to = Math.min(d.bars.length - 1, d.visibleRange.to + 1);
    const y = linearY(toY, d, from, to, this.hasBase);
    target.useBitmapCoordinateSpace((scope: Scope) => {
      this.looks.forEach((look, k) => {
        if (look.kind === 'hist') this.histogram(scope, d, k, look.color, y, from, to);
        else this.line(scope, d, k, look.color, y, from, to);
      });
    });
  }

  private line(
    s: Scope,
    d: PaneRendererCustomData<Time, LinesBar>,
    k: number,
    color: string,
    toY: ToY,
    from: number,
    to: number,
  ): void {
    const ctx = s.context;
    ctx.lineWidth = Math.max(1, Math.floor(s.horizontalPixelRatio));
    ctx.lineJoin = 'round';
    ctx.strokeStyle = color;
    ctx.beginPath();
    let open = false;
    for (let i = from; i <= to; i++) {
      const b = d.bars[i];
      const y = toY(b.originalData.values?.[k] ?? NaN);
      if (y === null || !Number.isFinite(y)) {
        open = false;
        continue;
      }
      const x = b.x * s.horizontalPixelRatio;
      if (open) ctx.lineTo(x, y * s.verticalPixelRatio);
      else ctx.moveTo(x, y * s.verticalPixelRatio);
      open = true;
    }
    ctx.stroke();
  }

  private histogram(
    s: Scope,
    d: PaneRendererCustomData<Time, LinesBar>,
    k: number,
    color: string,
    toY: ToY,
    from: number,
    to: number,
  ): void {
    const zero = toY(0);
    if (zero === null) return;
    const ctx = s.context;
    const hr = s.horizontalPixelRatio;
    // the built-in histogram's bar: the spacing less a pixel's gap, at least one pixel
    const w = Math.max(1, Math.floor(d.barSpacing * d.conflationFactor * hr) - (d.barSpacing * hr > 3 ? 1 : 0));
    const base = Math.round(zero * s.verticalPixelRatio);
    for (let i = from; i <= to; i++) {
      const b = d.bars[i];
      const v = b.originalData.values?.[k] ?? NaN;
      const y = Number.isFinite(v) ? toY(v) : null;
      if (y === null) continue;
      const top = Math.round(y * s.verticalPixelRatio);
      ctx.fillStyle = color === 'sign' ? (v >= 0 ? this.sign.up : this.sign.down) : color;
      ctx.fillRect(Math.round(b.x * hr - w / 2), Math.min(top, base), w, Math.max(1, Math.abs(base - top)));
    }
  }
}

/**
 * The pane's price → y for one redraw. lightweight-charts' converter allocates on every call (it
 * looks up the series' first visible bar each time), and a redraw converts every visible point of
 * every line: most of what this series allocated (bench/browser/alloc-probe.ts). The price scale
 * is linear (the chart sets no log scale; a percentage scale is linear too), so the converter at
 * the lowest and the highest value drawn (NaN, not defined yet, compares false) gives every other
 * point; checked at their midpoint, and the converter itself serves every point when the scale is
 * not linear.
 */
function linearY(
  toY: PriceToCoordinateConverter,
  d: PaneRendererCustomData<Time, LinesBar>,
  from: number,
  to: number,
  withBase: boolean,
): ToY {
  let lo = withBase ? 0 : Infinity;
  let hi = withBase ? 0 : -Infinity;
  for (let i = from; i <= to; i++) {
    const vs = d.bars[i].originalData.values;
    if (!vs) continue;
    for (let k = 0; k < vs.length; k++) {
      const v = vs[k];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (!(hi > lo)) return toY;
  const y0 = toY(lo);
  const y1 = toY(hi);
  const mid = toY((lo + hi) / 2);
  if (y0 === null || y1 === null || mid === null) return toY;
  const k = (y1 - y0) / (hi - lo);
  if (!(Math.abs(y0 + ((hi - lo) / 2) * k - mid) < 1e-6)) return toY;
  return (p) => y0 + (p - lo) * k;
}
