/**
 * A line chart as a standalone SVG (no dependency): the soak's memory and timing over time, and
 * tick→paint over the stall and terminal windows (report-summary.ts), linked from docs/benchmarks.md. One y axis from 0 to the largest value, so a flat line reads as flat.
 */
export interface PlotSeries {
  name: string;
  points: Array<[x: number, y: number]>;
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
const W = 640;
const H = 300;
const PAD = { left: 56, right: 16, top: 36, bottom: 40 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** round steps (1, 2, 5 × 10^n) for about five ticks from 0 to max */
function ticks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = 0; v <= max + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  if (out[out.length - 1] < max) out.push(Number((out[out.length - 1] + step).toPrecision(12)));
  return out;
}

export function lineChartSvg(o: { title: string; xLabel: string; yLabel: string; series: PlotSeries[] }): string {
  const xs = o.series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = o.series.flatMap((s) => s.points.map((p) => p[1])).filter(Number.isFinite);
  const xMax = Math.max(1, ...xs);
  const yTicks = ticks(Math.max(0, ...ys));
  const yMax = yTicks[yTicks.length - 1];
  const xTicks = ticks(xMax);
  const xTop = xTicks[xTicks.length - 1];
  const px = (x: number) => PAD.left + (x / xTop) * (W - PAD.left - PAD.right);
  const py = (y: number) => H - PAD.bottom - (y / yMax) * (H - PAD.top - PAD.bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${PAD.left}" y="16" font-size="13" font-weight="bold">${esc(o.title)}</text>`,
  ];
  for (const t of yTicks)
    parts.push(
      `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${py(t)}" y2="${py(t)}" stroke="#e5e5e5"/>`,
      `<text x="${PAD.left - 6}" y="${py(t) + 4}" text-anchor="end">${t}</text>`,
    );
  for (const t of xTicks) parts.push(`<text x="${px(t)}" y="${H - PAD.bottom + 16}" text-anchor="middle">${t}</text>`);
  parts.push(
    `<text x="${(PAD.left + W - PAD.right) / 2}" y="${H - 6}" text-anchor="middle">${esc(o.xLabel)}</text>`,
    `<text transform="translate(14 ${(PAD.top + H - PAD.bottom) / 2}) rotate(-90)" text-anchor="middle">${esc(o.yLabel)}</text>`,
  );
  o.series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length];
    const d = s.points
      .filter((p) => Number.isFinite(p[1]))
      .map((p, j) => `${j ? 'L' : 'M'}${px(p[0]).toFixed(1)} ${py(p[1]).toFixed(1)}`)
      .join(' ');
    parts.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="1.5"/>`,
      `<rect x="${W - PAD.right - 250}" y="${24 + i * 14}" width="10" height="3" fill="${color}"/>`,
      `<text x="${W - PAD.right - 236}" y="${29 + i * 14}">${esc(s.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
