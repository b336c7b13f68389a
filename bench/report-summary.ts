/**
 * The first table of `npm run bench`'s report (bench/results/README.md): one row per headline
 * figure — ours, the baseline measured in the same run, the ratio, the goal, and the load average at
 * the start and the end of the part that measured it (parts-load.json) — and the tick→paint plots
 * of the stall and terminal windows.
 */
import { lineChartSvg } from './plot-svg';
import type { StallRun } from './browser/stall';
import type { TerminalRun, TerminalVsNaive } from './browser/terminal';

/** the load average (1 / 5 / 15 min) when a part started and ended, and when it ran */
export interface PartLoad {
  at: string;
  start: number[];
  end: number[];
  seconds: number;
}

/** parts-load.json's key of the terminal's level with indicators (the part's first level is `terminal`) */
export const TERMINAL_INDICATORS_LOAD = 'terminal-indicators';
/** parts-load.json's key of fan-out's 10,000-client level (the part's first level is `fanout`) */
export const FANOUT_SCALE_LOAD = 'fanout-scale';

export interface SummaryRow {
  part: string;
  figure: string;
  ours: string;
  baseline: string;
  ratio: string;
  goal: string;
  /** the part's key in parts-load.json (a part may measure more than one level) */
  loadKey: string;
}

const fmt = (x: number | null | undefined, d = 1) =>
  x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toLocaleString('en-US', { maximumFractionDigits: d });
const met = (b: boolean | undefined) => (b === undefined ? '' : b ? ' — met' : ' — **not met**');

/** What a figure's row reads from each part's result (loosely: a subset run reads them from files). */
export interface SummaryInput {
  core?: unknown;
  book?: unknown;
  liabilities?: unknown;
  stall?: { ratios: { rate: number; throttle: number; mainBusy: number }[]; runs: StallRun[] };
  terminal?: { vsNaive: TerminalVsNaive[] };
  history?: { throttle: number; firstPaint5k: { p50: number }; firstPaint5kCold: { p50: number } }[];
  soak?: unknown;
  db?: unknown;
  ledger?: unknown;
  fanout?: unknown;
}

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function terminalRows(t: SummaryInput['terminal']): SummaryRow[] {
  const shows = { book: 'book tab', trades: 'trades tab', none: '', naive: '' } as const;
  return (t?.vsNaive ?? []).map((v) => {
    const ind = v.indicators ? `, indicators ${v.indicators.toUpperCase().replace(',', ' + ')} on` : '';
    const level = `${fmt(v.rate ?? 50_000, 0)} ticks/s, ${v.throttle ?? 4}× CPU${ind}`;
    return {
      part: 'terminal',
      figure: `${v.screen === 'pair' ? 'pair page' : 'spot screen'}, ${shows[v.part]}: main-thread busy % (quiet), ${level}; long tasks n / max ms; book tick→paint p95 ms`,
      ours: `${fmt(v.busyPct.ours)} %; ${v.longTasks.count} / ${fmt(v.longTasks.maxMs, 0)}${v.part === 'trades' ? '' : `; ${fmt(v.bookTickToPaintP95.ours, 0)}`}`,
      baseline: `${fmt(v.busyPct.naive)} % (naive page)${v.part === 'trades' ? '' : `; ${fmt(v.bookTickToPaintP95.naive, 0)}`}`,
      ratio: `${fmt(v.busyTimes, 2)}× less busy`,
      goal: `≥ 10× less${met(v.targets.busy10x)}; no long task${met(v.targets.noLongTask)}${v.part === 'trades' ? '' : `; p95 ≤ 150${met(v.targets.bookP95)}`}`,
      loadKey: v.indicators ? TERMINAL_INDICATORS_LOAD : 'terminal',
    };
  });
}

function stallRows(s: SummaryInput['stall']): SummaryRow[] {
  return (s?.ratios ?? []).map((q) => {
    const run = (page: string) =>
      s?.runs.find((r) => r.ok && r.page === page && r.rate === q.rate && r.throttle === q.throttle);
    return {
      part: 'stall',
      figure: `Markets + chart: main-thread busy % (quiet), ${fmt(q.rate, 0)} ticks/s, ${q.throttle}× CPU`,
      ours: `${fmt(run('ours')?.quietBusy.busyPct)} %`,
      baseline: `${fmt(run('baseline')?.quietBusy.busyPct)} %`,
      ratio: `${fmt(q.mainBusy, 3)}`,
      goal: `≤ 0.1${met(q.mainBusy <= 0.1)}`,
      loadKey: 'stall',
    };
  });
}

function historyRows(h: SummaryInput['history']): SummaryRow[] {
  const h4 = h?.find((x) => x.throttle === 4);
  if (!h4) return [];
  return [
    {
      part: 'history',
      figure: 'first chart paint of 5,000 candles at 4× CPU, p50 ms: warm (spare chart) / cold',
      ours: `${fmt(h4.firstPaint5k.p50, 0)} / ${fmt(h4.firstPaint5kCold.p50, 0)}`,
      baseline: '–',
      ratio: '–',
      goal: `warm ≤ 50${met(h4.firstPaint5k.p50 <= 50)}; cold ≤ 100${met(h4.firstPaint5kCold.p50 <= 100)}`,
      loadKey: 'history',
    },
  ];
}

function throughputRows(r: SummaryInput): SummaryRow[] {
  const out: SummaryRow[] = [];
  const c = r.core as Loose | undefined;
  if (c)
    out.push({
      part: 'core',
      figure: 'K-line aggregation, ticks/s of CPU time (wall)',
      ours: `${fmt(c.oursCpu, 0)} (${fmt(c.ours, 0)})`,
      baseline: `${fmt(c.baselineCpu, 0)} (${fmt(c.baseline, 0)})`,
      ratio: `${fmt(c.ratioCpu)}×`,
      goal: `≥ 2,000,000/s and ≥ 10×${met(c.target?.met)}`,
      loadKey: 'core',
    });
  const b = r.book as Loose | undefined;
  if (b)
    out.push({
      part: 'book',
      figure: 'order-book apply, level updates/s of CPU time (wall)',
      ours: `${fmt(b.oursCpu, 0)} (${fmt(b.ours, 0)})`,
      baseline: `${fmt(b.baselineCpu, 0)} (${fmt(b.baseline, 0)})`,
      ratio: `${fmt(b.ratioCpu)}×`,
      goal: `≥ 1,000,000/s${met(b.target?.met)}`,
      loadKey: 'book',
    });
  const l = r.liabilities as Loose | undefined;
  if (l)
    out.push({
      part: 'liabilities',
      figure: `proof of liabilities, ${fmt(l.users, 0)} users: tree built s, peak RSS MB; ms per proof`,
      ours: `${fmt(l.totalMs / 1000)} s, ${fmt(l.peakRssMB, 0)} MB; ${fmt(l.sliced?.perProofMs, 3)} ms`,
      baseline: `${fmt(l.naive?.perProofMs, 0)} ms per proof (rebuild)`,
      ratio: `${fmt(l.ratio, 0)}×`,
      goal: `≤ 60 s, ≤ 1 GB, ≤ 3 KB a proof${met(l.goals && Object.values(l.goals as Record<string, boolean>).every(Boolean))}`,
      loadKey: 'liabilities',
    });
  return out;
}

function dbRows(d: Loose | undefined): SummaryRow[] {
  const x = d?.runs?.[0] as Loose | undefined;
  if (!d || !x) return [];
  return [
    {
      part: 'db',
      figure:
        "transfers/s through the API (HTTP, token, idempotency key; 20 loops; embedded PostgreSQL) vs the ledger's own path, same database",
      ours: fmt(x.transfersPerS),
      baseline: fmt(x.ledgerPerS),
      ratio: fmt(x.httpOverLedger, 2),
      goal: `≥ 0.5${met(d.goals?.apiOverLedger)}; ≥ 1,000/s${met(d.goals?.apiPerS)}`,
      loadKey: 'db',
    },
    {
      part: 'db',
      figure: "live feed: `tickers` batch gap p99 ms under the API's 20 loops vs idle",
      ours: fmt(x.loadGapMs?.p99),
      baseline: fmt(x.idleGapMs?.p99),
      ratio: fmt(d.loadP99OverIdle, 2),
      goal: `≤ 1.5${met(d.goals?.tickP99)}`,
      loadKey: 'db',
    },
  ];
}

/** the best transfers/s of each named run of the ledger bench, over its rounds */
function bestByName(runs: Loose[]): Map<string, number> {
  const best = new Map<string, number>();
  for (const r of runs) best.set(r.name, Math.max(best.get(r.name) ?? 0, Number(r.perS)));
  return best;
}

function ledgerRows(l: Loose | undefined): SummaryRow[] {
  if (!l) return [];
  const best = bestByName((l.runs ?? []) as Loose[]);
  const pick = (prefix: string) => [...best].find(([name]) => name.startsWith(prefix))?.[1];
  const ours = pick('ours');
  const row = (figure: string, o: string, b: string, ratio: string, goal = '–'): SummaryRow => ({
    part: 'ledger',
    figure,
    ours: o,
    baseline: b,
    ratio,
    goal,
    loadKey: 'ledger',
  });
  const out = [
    row(
      'ledger transfers/s, `transfer` (pool of 10, 20 loops) vs the same one at a time on one connection',
      fmt(ours),
      fmt(pick('baseline')),
      `${fmt(l.ratio, 2)}×`,
      `≥ 2,000/s${met(ours === undefined ? undefined : ours >= 2000)}`,
    ),
    row(
      'ledger transfers/s, `transfer` vs the `inTransaction` path (debit + credit), both pooled',
      fmt(ours),
      fmt(pick('before — inTransaction, debit + credit: pool')),
      `${fmt(l.vsBefore, 2)}×`,
    ),
  ];
  // the other money paths the bench measures (each with its best round; their own report pairs them)
  const known = /^(ours|baseline|before — inTransaction)/;
  for (const [name, perS] of best)
    if (!known.test(name)) out.push(row(`ledger: ${name}, transfers/s`, fmt(perS), '–', '–'));
  // a bench may name its own rows: { figure, ours, baseline, ratio, goal }
  for (const r of (l.rows ?? []) as Loose[])
    out.push(
      row(
        String(r.figure),
        fmt(r.ours),
        fmt(r.baseline),
        r.ratio === undefined ? '–' : `${fmt(r.ratio, 2)}×`,
        r.goal ?? '–',
      ),
    );
  return out;
}

function fanoutRows(f: Loose | undefined): SummaryRow[] {
  const out: SummaryRow[] = [];
  const p = (x: Loose) =>
    `${fmt(x.delayMs?.p50, 0)} / ${fmt(x.delayMs?.p99, 0)} (${fmt(x.clients, 0)} clients, ${fmt(x.eventsPerClientPerS)} snapshots/s)`;
  if (f?.single && f?.cluster)
    out.push({
      part: 'fanout',
      figure: `socket fan-out, ${fmt(f.clients, 0)} socket.io clients on \`tickers\`: delivery delay p50 / p99 ms, the cluster (feed + 2 api nodes over Redis) vs one process`,
      ours: p(f.cluster),
      baseline: p(f.single),
      ratio: `${fmt(f.ratio?.delayP50, 2)} / ${fmt(f.ratio?.delayP99, 2)}`,
      goal: '–',
      loadKey: 'fanout',
    });
  const s = f?.scale as Loose | undefined;
  if (s?.snapshots) {
    const cpu = s.cpuMsPerS ?? {};
    out.push({
      part: 'fanout',
      figure: `socket fan-out at scale: the cluster (feed + ${fmt(s.nodes, 0)} api nodes over Redis), ${fmt(s.clientsWanted, 0)} bare-WebSocket clients (${fmt(s.clientProcesses, 0)} processes) on \`tickers\`: delivery delay p50 / p99 ms; snapshots delivered of those sent; clients dropped / lagged; CPU ms/s servers / clients`,
      ours: `${p(s)}; ${fmt(s.snapshots.deliveredPct, 1)} % of ${fmt(s.snapshots.expected, 0)}; ${fmt(s.droppedClients, 0)} / ${fmt(s.laggedClients, 0)}; ${fmt(cpu.servers, 0)} / ${fmt(cpu.clients, 0)}`,
      baseline: '–',
      ratio: '–',
      goal: '–',
      loadKey: FANOUT_SCALE_LOAD,
    });
  }
  return out;
}

function soakRows(s: Loose | undefined): SummaryRow[] {
  if (!s?.windows?.length) return [];
  const minutes = Math.round((s.windows.length * s.windowS) / 60);
  const f = s.flat ?? {};
  const slope = (k: string) => fmt(f[k]?.slopeMBPerHour, 2);
  return [
    {
      part: 'soak',
      figure: `soak, ${minutes} min at ${fmt(s.rate, 0)} ticks/s, ${s.throttle}×: slope after the warm-up, MB/h — bench page main / worker, app tab main (its data) / worker, server heap after GC / RSS less ArrayBuffers (raw RSS)`,
      ours: `${slope('benchMain')} / ${slope('benchWorker')}, ${slope('appMain')} (${slope('appMainData')}) / ${slope('appWorker')}, ${slope('serverHeap')} / ${slope('serverRssLessBuffers')} (${slope('serverRss')})`,
      baseline: '–',
      ratio: '–',
      goal: `heaps ≤ ${fmt(f.appMain?.boundMBPerHour ?? f.benchMain?.boundMBPerHour, 1)}, server ≤ ${fmt(f.serverHeap?.boundMBPerHour ?? f.serverRss?.boundMBPerHour, 0)} MB/h${met(s.withinTarget)}`,
      loadKey: 'soak',
    },
  ];
}

export function summaryRows(r: SummaryInput): SummaryRow[] {
  return [
    ...terminalRows(r.terminal),
    ...historyRows(r.history),
    ...throughputRows(r),
    ...dbRows(r.db as Loose | undefined),
    ...ledgerRows(r.ledger as Loose | undefined),
    ...fanoutRows(r.fanout as Loose | undefined),
    ...stallRows(r.stall),
    ...soakRows(r.soak as Loose | undefined),
  ];
}

const loadText = (l: PartLoad | undefined, fallback?: number[]) =>
  l
    ? `${l.start.join(' / ')} → ${l.end.join(' / ')} (${l.at.slice(0, 16).replace('T', ' ')} UTC, ${Math.round(l.seconds)} s)`
    : fallback?.length
      ? `${fallback.join(' / ')} (as its result file recorded it)`
      : '–';

/**
 * The report's first table. `loads` per part (parts-load.json); `fallbackLoad` the load a part's
 * own file recorded, for parts run outside `npm run bench` (their result files carry one).
 */
export function renderSummary(
  rows: SummaryRow[],
  loads: Record<string, PartLoad>,
  fallbackLoad: (part: string, loadKey: string) => number[] | undefined,
): string {
  const cell = (s: string) => s.replace(/\|/g, '/');
  return [
    '## Summary',
    '',
    'One row per figure: ours, the baseline measured in the same run, the ratio, the goal, and the load average (1 / 5 / 15 min) when the part that measured it started and ended. Busy ratios: naive ÷ ours (how many times less main-thread time); stall: ours ÷ baseline (lower is better); delays and gaps: the first ÷ the second.',
    '',
    '| part | figure | ours | baseline | ratio | goal | load average start → end |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (x) =>
        `| ${x.part} | ${cell(x.figure)} | ${cell(x.ours)} | ${cell(x.baseline)} | ${cell(x.ratio)} | ${cell(x.goal)} | ${loadText(loads[x.loadKey], fallbackLoad(x.part, x.loadKey))} |`,
    ),
    '',
  ].join('\n');
}

/** tick→paint p95 per second of each measured window: the stall page's rows, the terminal's book */
export function tickToPaintPlots(
  stall: StallRun[] | undefined,
  terminal: TerminalRun[] | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  const series = (name: string, ys: (number | null)[] | undefined) => ({
    name,
    points: (ys ?? []).map((y, i): [number, number] => [i + 1, y ?? NaN]),
  });
  for (const page of ['ours', 'baseline'] as const) {
    const runs = (stall ?? []).filter((r) => r.ok && r.page === page && r.overTime);
    if (runs.length)
      out[`stall-tick-to-paint-${page}.svg`] = lineChartSvg({
        title: `Stall, ${page === 'ours' ? 'ours' : 'baseline page'}: rows' tick→paint p95 per second`,
        xLabel: 'seconds into the window',
        yLabel: 'ms',
        series: runs.map((r) => series(`${r.rate.toLocaleString('en-US')}/s, ${r.throttle}×`, r.overTime?.rowsP95)),
      });
  }
  const books = (terminal ?? []).filter((r) => r.ok && r.overTime && r.part !== 'none' && r.part !== 'trades');
  if (books.length)
    out['terminal-tick-to-paint.svg'] = lineChartSvg({
      title: "Terminal: the book's tick→paint p95 per second",
      xLabel: 'seconds into the window',
      yLabel: 'ms',
      series: books.map((r) =>
        series(
          `${r.screen} ${r.part}, ${r.rate.toLocaleString('en-US')}/s ${r.throttle}×${r.indicators ? ` +${r.indicators}` : ''}`,
          r.overTime?.bookP95,
        ),
      ),
    });
  return out;
}
