/**
 * The sub indicator's pane (VOL/MACD/KDJ/RSI) as a second lightweight-charts chart stacked under
 * the candles' chart, its time scale following theirs. lightweight-charts redraws every pane, both
 * price axes and the time axis of a chart in one animation frame whatever changed — with BOLL +
 * MACD at 6× that frame was the pair page's only task over 50 ms. As a chart of its own, the sub
 * pane (and the time axis, drawn under it) is updated a frame after the candles (`hold` / `later`),
 * so each frame carries about half of that redraw. Every value is still drawn, a frame later.
 */
import {
  createChart,
  CrosshairMode,
  type IChartApi,
  type LogicalRange,
  type MouseEventParams,
  type Time,
} from 'lightweight-charts';
import { afterNextPaint } from '../../lib/idle';
import { applyTheme, chartOptions } from './options';
import type { ChartTheme } from './theme';

/** the time axis' height when the main chart has not measured it yet (12 px font) */
const AXIS_PX = 28;
/** a mirrored crosshair's price: far outside any pane, so no horizontal line or label is drawn */
const OFF_PANE = 1e30;
/** a range change of the sub chart this soon after the pointer acted on it is the user's */
const USER_MS = 500;

const sameRange = (a: LogicalRange | null, b: LogicalRange | null) =>
  !!a && !!b && Math.abs(a.from - b.from) < 1e-6 && Math.abs(a.to - b.to) < 1e-6;

export class SubChart {
  readonly chart: IChartApi;
  private readonly el: HTMLDivElement;
  /** updates due after the main chart's frame */
  private queue: (() => void)[] = [];
  private due = false;
  private axisWidth = 0;
  /** a crosshair set from the other chart: its own move event is not mirrored back */
  private mirroring = false;
  private removed = false;
  /** when the pointer last pressed, moved or wheeled over the sub chart (fromSub) */
  private touched = -Infinity;
  /** whether each chart's horizontal crosshair line is shown (mirror) */
  private readonly horz = { main: true, sub: true };
  /** the crosshair's mode under the pointer (the charts' option) */
  private readonly mode: CrosshairMode;

  constructor(
    private readonly main: IChartApi,
    private readonly box: HTMLElement,
    th: ChartTheme,
    paneHeight: number,
    /** the bar under the pointer over the sub chart (null: none) */
    private readonly hover: (time: number | null) => void,
  ) {
    this.mode = main.options().crosshair.mode;
    const axis = main.timeScale().height() || AXIS_PX;
    const height = paneHeight + axis + 1;
    const el = document.createElement('div');
    // the pane separator the main chart drew between its panes, as the sub chart's top border
    const sep = main.options().layout.panes.separatorColor;
    el.style.cssText = `position:absolute;z-index:1;left:0;right:0;bottom:0;height:${height}px;border-top:1px solid ${sep}`;
    box.style.bottom = `${height - 1}px`;
    box.after(el);
    this.el = el;
    const touched = () => (this.touched = performance.now());
    for (const t of ['pointerdown', 'pointermove', 'wheel'] as const)
      el.addEventListener(t, touched, { passive: true });
    main.applyOptions({ timeScale: { visible: false } });
    const o = chartOptions(th);
    // its range is the main chart's, set after each update (sync): no shift of its own in between
    this.chart = createChart(el, { ...o, timeScale: { ...o.timeScale, shiftVisibleRangeOnNewBar: false } });
    // a pane's right scale shares the chart's options: the margins the candles' scale set, as on one chart
    this.chart.priceScale('right').applyOptions({ scaleMargins: main.priceScale('right').options().scaleMargins });
    main.timeScale().subscribeVisibleLogicalRangeChange(this.fromMain);
    this.chart.timeScale().subscribeVisibleLogicalRangeChange(this.fromSub);
    main.subscribeCrosshairMove(this.crossFromMain);
    this.chart.subscribeCrosshairMove(this.crossFromSub);
  }

  /** Runs `f` on the sub chart after the main chart's next frame (with the range and axis width synced). */
  later(f: () => void): void {
    this.queue.push(f);
    this.hold();
  }

  /** The main chart is about to change: its range follows into the sub chart after its frame, not in it. */
  hold(): void {
    if (this.due) return;
    this.due = true;
    afterNextPaint(this.flush);
  }

  private readonly flush = (): void => {
    if (this.removed) return;
    const q = this.queue;
    this.queue = [];
    for (const f of q) f();
    this.sync();
    this.due = false;
  };

  /** The sub chart shows the main chart's bars, at its width of price axis. */
  sync(): void {
    const w = Math.max(this.main.priceScale('right').width(), this.chart.priceScale('right').width());
    if (w > 0 && w !== this.axisWidth) {
      this.axisWidth = w;
      this.chart.applyOptions({ rightPriceScale: { minimumWidth: w } });
      this.main.applyOptions({ rightPriceScale: { minimumWidth: w } });
    }
    const r = this.main.timeScale().getVisibleLogicalRange();
    if (r && !sameRange(r, this.chart.timeScale().getVisibleLogicalRange()))
      this.chart.timeScale().setVisibleLogicalRange(r);
  }

  private readonly fromMain = (r: LogicalRange | null): void => {
    // a live update's shift is applied with the sub chart's own update, after the frame
    if (this.due || !r) return;
    if (!sameRange(r, this.chart.timeScale().getVisibleLogicalRange()))
      this.chart.timeScale().setVisibleLogicalRange(r);
  };

  /**
   * The user scrolled or zoomed the sub pane: the candles follow. Only then: the sub chart may clamp
   * a range the candles' chart holds (its lines come a redraw after the window grows), and pushing
   * that back would make the two charts pull the range to and fro.
   */
  private readonly fromSub = (r: LogicalRange | null): void => {
    if (this.due || !r || performance.now() - this.touched > USER_MS) return;
    if (!sameRange(r, this.main.timeScale().getVisibleLogicalRange())) this.main.timeScale().setVisibleLogicalRange(r);
  };

  private readonly crossFromMain = (p: MouseEventParams<Time>): void => this.mirror(p, this.main, this.chart);
  private readonly crossFromSub = (p: MouseEventParams<Time>): void => {
    this.mirror(p, this.chart, this.main);
    // the readout and the legend follow the bar under the pointer, as over the candles
    if (!this.mirroring && (!p.point || p.sourceEvent))
      this.hover(p.time !== undefined && p.point ? (p.time as number) : null);
  };

  /**
   * The crosshair's vertical line through both charts, its horizontal line only in the chart under
   * the pointer (a mirrored position's price is NaN: its line and label are hidden there).
   */
  private mirror(p: MouseEventParams<Time>, from: IChartApi, to: IChartApi): void {
    // a position set from the other chart comes back as a move without a pointer event: not mirrored again
    if (this.mirroring || (p.point && !p.sourceEvent)) return;
    const s = to.panes()[0]?.getSeries()[0];
    this.mirroring = true;
    try {
      if (p.time === undefined || !p.point || !s) return to.clearCrosshairPosition();
      this.horzLine(from, true);
      this.horzLine(to, false);
      to.setCrosshairPosition(OFF_PANE, p.time, s);
    } finally {
      this.mirroring = false;
    }
  }

  /** Shows or hides a chart's horizontal crosshair line (an option: applied only when it changes). */
  private horzLine(c: IChartApi, on: boolean): void {
    const k = c === this.main ? 'main' : 'sub';
    if (this.horz[k] === on) return;
    this.horz[k] = on;
    // Normal mode off the pointer: a magnet would snap the NaN price to the bar's value and label it
    c.applyOptions({
      crosshair: { mode: on ? this.mode : CrosshairMode.Normal, horzLine: { visible: on, labelVisible: on } },
    });
  }

  setTheme(th: ChartTheme): void {
    applyTheme(this.chart, th, null, false);
  }

  /** The sub chart goes; the candles' chart takes the box and its time axis back. */
  remove(): void {
    this.removed = true;
    this.queue = [];
    this.main.timeScale().unsubscribeVisibleLogicalRangeChange(this.fromMain);
    this.main.unsubscribeCrosshairMove(this.crossFromMain);
    this.horzLine(this.main, true);
    this.chart.remove();
    this.el.remove();
    this.box.style.bottom = '';
    this.main.applyOptions({ timeScale: { visible: true } });
  }
}
