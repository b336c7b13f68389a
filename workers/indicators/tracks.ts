import { paramsOf, type IndicatorName } from '../../core';
import type { ChartBar, IndicatorLines, IndicatorSpec } from '../api-types';
import { IndicatorTrack } from './track';

/** A track per series, the two indicators and the parameters they run with (so new parameters start a new track). */
function trackKey(series: string, spec: IndicatorSpec): string {
  const part = (n: string) => (n === 'none' ? n : `${n}(${paramsOf(n as IndicatorName, spec.params).join(',')})`);
  return `${series}|${part(spec.main)}|${part(spec.sub)}`;
}

/** Tracks kept: a few charts at once at most (a page, the trade screen, a full-screen one). */
const MAX_TRACKS = 6;

/** The indicator tracks of the charts, one per series and spec; the least recently used goes first. */
export class IndicatorTracks {
  private readonly tracks = new Map<string, IndicatorTrack>();

  compute(series: string, spec: IndicatorSpec, bars: readonly ChartBar[], from: number): IndicatorLines {
    const key = trackKey(series, spec);
    let t = this.tracks.get(key);
    if (t) this.tracks.delete(key);
    else t = new IndicatorTrack(spec);
    this.tracks.set(key, t); // most recent last
    if (this.tracks.size > MAX_TRACKS) this.tracks.delete(this.tracks.keys().next().value as string);
    return t.compute(bars, from);
  }
}
