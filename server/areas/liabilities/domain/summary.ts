/** A stored snapshot row as the wire's summary. */
import type { LiabilitySnapshotSummary } from '../../../../core';
import type { Db } from '../../../db/schema';
import type {} from '../tables';

export const SUMMARY_COLUMNS = ['id', 'root_hash', 'coins', 'totals', 'taken_at', 'journal_id', 'leaf_count'] as const;

type SummaryRow = {
  id: number;
  root_hash: string;
  coins: Array<{ symbol: string; decimals: number }>;
  totals: string[];
  taken_at: Date;
  journal_id: string;
  leaf_count: number;
};

export function toSummary(r: SummaryRow): LiabilitySnapshotSummary {
  return {
    id: r.id,
    rootHash: r.root_hash,
    coins: r.coins.map((c) => ({ symbol: c.symbol, decimals: c.decimals })),
    totals: r.totals,
    takenAt: new Date(r.taken_at).toISOString(),
    journalId: String(r.journal_id),
    leafCount: r.leaf_count,
  };
}

/** every snapshot, newest first */
export async function listSnapshots(db: Db): Promise<LiabilitySnapshotSummary[]> {
  const rows = await db.selectFrom('liability_snapshots').select(SUMMARY_COLUMNS).orderBy('id', 'desc').execute();
  return rows.map(toSummary);
}

/** one snapshot, or the newest when `id` is 'latest'; undefined when there is none */
export async function getSnapshot(db: Db, id: number | 'latest'): Promise<LiabilitySnapshotSummary | undefined> {
  let q = db.selectFrom('liability_snapshots').select(SUMMARY_COLUMNS);
  q = id === 'latest' ? q.orderBy('id', 'desc').limit(1) : q.where('id', '=', id);
  const row = await q.executeTakeFirst();
  return row ? toSummary(row) : undefined;
}
