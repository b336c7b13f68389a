/** The two REST calls the feed makes (public, no key): the depth snapshot and 1m klines. */
import { parseDepthSnapshot, parseKlineRow, type VenueKline } from './frames';
import type { DepthSnapshot } from './depth-book';

export type Fetch = (
  url: string,
  init?: { signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export class VenueRest {
  constructor(
    private readonly base: string,
    private readonly fetch: Fetch,
    private readonly signal: AbortSignal,
  ) {}

  private async get(path: string): Promise<unknown> {
    const res = await this.fetch(`${this.base.replace(/\/+$/, '')}${path}`, { signal: this.signal });
    if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
    return res.json();
  }

  /** GET /api/v3/depth?symbol&limit */
  async depth(venue: string, limit: number): Promise<DepthSnapshot> {
    return parseDepthSnapshot(await this.get(`/api/v3/depth?symbol=${venue}&limit=${limit}`));
  }

  /** GET /api/v3/klines?symbol&interval=1m&startTime&endTime&limit=1000, every page, oldest first. */
  async klines1m(venue: string, startTime: number, endTime: number): Promise<VenueKline[]> {
    const out: VenueKline[] = [];
    let from = startTime;
    while (from <= endTime) {
      const body = await this.get(
        `/api/v3/klines?symbol=${venue}&interval=1m&startTime=${from}&endTime=${endTime}&limit=1000`,
      );
      if (!Array.isArray(body)) throw new Error('klines: not a list');
      const page = body.map(parseKlineRow);
      out.push(...page);
      if (page.length < 1000) break;
      from = page[page.length - 1].time + 60_000;
    }
    return out;
  }
}
