/**
 * Ledger moves of one matching transaction, collected first and applied in one global order of
 * accounts (user, currency, type), so two transactions touching the same users' accounts (a taker
 * on BTC whose maker trades ETH at the same moment) always lock rows in the same order and cannot
 * deadlock. Moves on one account keep the order they were added in. Zero amounts are skipped.
 */
import { ExactDecimal } from '../../../../../core';
import type { LedgerEntry } from '../../../../db/ledger';
import type { Moves } from '../events';

type Op = 'debit' | 'credit' | 'freeze' | 'unfreeze' | 'settleFrozen';

export class MoveList {
  private readonly list: { op: Op; e: LedgerEntry; n: number }[] = [];

  add(op: Op, e: LedgerEntry): void {
    if (new ExactDecimal(e.amount).lte(0)) return;
    this.list.push({ op, e, n: this.list.length });
  }

  async apply(moves: Moves): Promise<void> {
    const sorted = [...this.list].sort(
      (a, b) => a.e.userId - b.e.userId || a.e.currencyId - b.e.currencyId || a.e.type - b.e.type || a.n - b.n,
    );
    for (const { op, e } of sorted) await moves[op](e);
  }
}
