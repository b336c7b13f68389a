/**
 * A closed contract's proof: the P&L at the closing price by positionPnl (the server's formula),
 * split into what the balance paid (profit) and what the platform absorbed (uncovered loss); the
 * trigger of a take-profit / stop-loss close (the closing tick reached the level); and a forced
 * close's risk rate recomputed by riskRate from the balance and every position closed with it,
 * at or below the line.
 */
import { accountRiskInput, positionPnl, riskRate, type ContractPosition } from '../calc/contract';
import { dec, str } from '../calc/exact';
import { expectSame, proofOf, type Proof, type ProofProblem } from './types';

type LeverProofReason = 'user' | 'take_profit' | 'stop_loss' | 'liquidation' | 'batch' | 'copy';

export interface LeverCloseProofInput {
  position: ContractPosition;
  reason: LeverProofReason;
  closePrice: string;
  takeProfit: string | null;
  stopLoss: string | null;
  stored: { profit: string | null; uncoveredLoss: string };
}

export interface LeverCloseExpected {
  /** the position's P&L at the closing price */
  pnl: string;
  /** profit − uncovered loss, what must equal the P&L */
  settled: string;
}

/** Whether the closing price reached the level that closed the position. */
function stopReached(
  side: 'long' | 'short',
  reason: 'take_profit' | 'stop_loss',
  level: string,
  price: string,
): boolean {
  const c = dec(price, 'price').cmp(dec(level, 'level'));
  const upwards = (side === 'long') === (reason === 'take_profit');
  return upwards ? c >= 0 : c <= 0;
}

export function proveLeverClose(i: LeverCloseProofInput): Proof<LeverCloseExpected> {
  const problems: ProofProblem[] = [];
  const pnl = positionPnl(i.position, i.closePrice);
  const settled = i.stored.profit === null ? '—' : str(dec(i.stored.profit).minus(dec(i.stored.uncoveredLoss)));
  expectSame(problems, 'profit − uncovered loss', pnl, settled);
  if (dec(i.stored.uncoveredLoss).isNegative())
    problems.push({ what: 'uncovered loss', expected: '≥ 0', actual: i.stored.uncoveredLoss });
  if (i.reason === 'take_profit' || i.reason === 'stop_loss') {
    const level = i.reason === 'take_profit' ? i.takeProfit : i.stopLoss;
    if (level === null) problems.push({ what: i.reason, expected: 'a level', actual: '—' });
    else if (!stopReached(i.position.side, i.reason, level, i.closePrice))
      problems.push({
        what: `${i.reason} trigger`,
        expected: `${(i.position.side === 'long') === (i.reason === 'take_profit') ? '≥' : '≤'} ${level}`,
        actual: i.closePrice,
      });
  }
  return proofOf({ pnl, settled }, problems);
}

export interface LiquidationProofInput {
  /** the account's available balance when it was checked */
  available: string;
  /** every position closed by the one forced close, at its closing price */
  positions: readonly { margin: string; position: ContractPosition; closePrice: string }[];
  line: string;
  stored: { riskRate: string | null };
}

export function proveLiquidation(i: LiquidationProofInput): Proof<{ riskRate: string | null }> {
  const problems: ProofProblem[] = [];
  const rate = riskRate(
    accountRiskInput(
      i.available,
      i.positions.map((p) => ({ margin: p.margin, position: p.position, currentPrice: p.closePrice })),
    ),
  );
  expectSame(problems, 'risk rate', rate, i.stored.riskRate);
  if (rate === null || dec(rate).gt(dec(i.line, 'line')))
    problems.push({ what: 'risk rate at or below the line', expected: `≤ ${i.line}`, actual: rate ?? '—' });
  return proofOf({ riskRate: rate }, problems);
}
