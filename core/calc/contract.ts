/**
 * Leveraged contract position math (spec §3 "Leveraged contract order"). One formula per figure.
 *
 * Terms: `lots` positions of `lotSize` units each (contract size per lot); `multiple` is the
 * leverage; direction is +1 for long and −1 for short.
 * - notional      = price × lots × lotSize                  (at the open price unless given)
 * - P&L           = (current − open) × lots × lotSize × direction           exact
 * - margin        = open × lots × lotSize / multiple        rounded UP to `dp` (default 8) decimals,
 *                   so the platform never reserves less than the formula asks
 * - opening fee   = notional × feeRate                      rounded UP to `dp`
 * - overnight fee = notional × dailyRate × days             rounded UP to `dp` (charged per day held)
 * - equity        = balance + Σ unrealised P&L of the open positions, where `balance` is the lever
 *                   account's balance including the margin locked in those positions
 * - risk rate     = equity / Σ margin × 100 (a percentage), rounded DOWN to 2 decimals so a
 *                   position is never shown safer than it is; null when no margin is used
 * - liquidation price of one position: the price at which the risk rate reaches `line` (percent)
 *                   with the other positions at their given current prices. Rounded UP for longs and
 *                   DOWN for shorts (it is shown a hair early rather than late). null for a long that
 *                   no price above 0 liquidates; "0" for a short already under the line at any price.
 * - margin ratio  = line / risk rate × 100 — the big exchanges' figure: the maintenance margin
 *                   (the line's share of the margin) over equity; 100 % is liquidation, lower is
 *                   safer. Rounded UP to 2 decimals (never shown safer than it is); null with no margin
 * - ROE           = unrealised P&L / the position's margin × 100, rounded toward 0 to 2 decimals
 * - net realised P&L = P&L at close − opening fee − overnight fees (what the trade really earned)
 */
import { ExactDecimal, dec, str, type Decimal, type DecimalInput } from './exact';

export type PositionSide = 'long' | 'short';

export interface ContractPosition {
  side: PositionSide;
  lots: DecimalInput;
  lotSize: DecimalInput;
  multiple: DecimalInput;
  openPrice: DecimalInput;
}

export interface PricedPosition {
  position: ContractPosition;
  currentPrice: DecimalInput;
}

export interface AccountRiskInput {
  balance: DecimalInput;
  positions: readonly PricedPosition[];
}

const direction = (side: PositionSide) => (side === 'long' ? 1 : -1);
const units = (p: ContractPosition): Decimal => dec(p.lots, 'lots').times(dec(p.lotSize, 'lotSize'));
const roundUp = (d: Decimal, dp: number) => str(d.toDecimalPlaces(dp, ExactDecimal.ROUND_UP));

function pnl(p: ContractPosition, current: DecimalInput): Decimal {
  return dec(current, 'currentPrice').minus(dec(p.openPrice, 'openPrice')).times(units(p)).times(direction(p.side));
}

function margin(p: ContractPosition): Decimal {
  const multiple = dec(p.multiple, 'multiple');
  if (multiple.lte(0)) throw new RangeError('multiple must be positive');
  return dec(p.openPrice, 'openPrice').times(units(p)).div(multiple);
}

export function positionNotional(p: ContractPosition, price: DecimalInput = p.openPrice): string {
  return str(dec(price, 'price').times(units(p)));
}

export function positionPnl(p: ContractPosition, currentPrice: DecimalInput): string {
  return str(pnl(p, currentPrice));
}

export function positionMargin(p: ContractPosition, dp = 8): string {
  return roundUp(margin(p), dp);
}

export function openingFee(p: ContractPosition, feeRate: DecimalInput, dp = 8): string {
  return roundUp(dec(positionNotional(p)).times(dec(feeRate, 'feeRate')), dp);
}

/** What opening a position costs: the margin it freezes and the fee it is charged (an order's opening and a copy's affordability check). */
export function openingCost(p: ContractPosition, feeRate: DecimalInput): { margin: string; fee: string } {
  return { margin: positionMargin(p), fee: openingFee(p, feeRate) };
}

export function overnightFee(p: ContractPosition, dailyRate: DecimalInput, days: number = 1, dp = 8): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a non-negative integer');
  return roundUp(dec(positionNotional(p)).times(dec(dailyRate, 'dailyRate')).times(days), dp);
}

function totals(input: AccountRiskInput): { equity: Decimal; margin: Decimal } {
  let equity = dec(input.balance, 'balance');
  let used = new ExactDecimal(0);
  for (const { position, currentPrice } of input.positions) {
    equity = equity.plus(pnl(position, currentPrice));
    used = used.plus(margin(position));
  }
  return { equity, margin: used };
}

export function accountEquity(input: AccountRiskInput): string {
  return str(totals(input).equity);
}

export function riskRate(input: AccountRiskInput): string | null {
  const { equity, margin: used } = totals(input);
  if (used.isZero()) return null;
  return equity.div(used).times(100).toFixed(2, ExactDecimal.ROUND_DOWN);
}

/**
 * The price of `p` at which the account's equity falls to the line, the other positions held:
 * equity(x) = equityAt + (x − priceAt) × units × dir; solve equity(x) = used × line / 100.
 */
function solveLiquidation(
  equityAt: Decimal,
  used: Decimal,
  p: ContractPosition,
  priceAt: DecimalInput,
  line: DecimalInput,
  dp: number,
): string | null {
  const dir = direction(p.side);
  const needed = used.times(dec(line, 'line')).div(100);
  const x = dec(priceAt, 'price').plus(needed.minus(equityAt).div(units(p).times(dir)));
  if (x.lte(0)) return dir === 1 ? null : '0';
  return str(x.toDecimalPlaces(dp, dir === 1 ? ExactDecimal.ROUND_UP : ExactDecimal.ROUND_DOWN));
}

export function liquidationPrice(input: AccountRiskInput, index: number, line: DecimalInput, dp = 8): string | null {
  const target = input.positions[index];
  if (target === undefined) throw new RangeError(`no position at index ${index}`);
  const { equity, margin: used } = totals(input);
  return solveLiquidation(equity, used, target.position, target.currentPrice, line, dp);
}

/**
 * The liquidation price a position about to open would have (the confirmation sheet): the account's
 * equity now less the opening fee, its used margin plus the new position's, the new position at its
 * entry price and the others held where they are.
 */
export function openingLiquidationPrice(
  account: { equity: DecimalInput; usedMargin: DecimalInput; fee: DecimalInput },
  p: ContractPosition,
  line: DecimalInput,
  dp = 8,
): string | null {
  const equity = dec(account.equity, 'equity').minus(dec(account.fee, 'fee'));
  const used = dec(account.usedMargin, 'usedMargin').plus(margin(p));
  return solveLiquidation(equity, used, p, p.openPrice, line, dp);
}

export function marginRatio(riskRatePct: DecimalInput | null, line: DecimalInput): string | null {
  if (riskRatePct === null) return null;
  const r = dec(riskRatePct, 'riskRate');
  if (r.lte(0)) return '100.00'; // equity gone: at (or past) liquidation
  return dec(line, 'line').div(r).times(100).toFixed(2, ExactDecimal.ROUND_UP);
}

export function positionRoe(p: ContractPosition, currentPrice: DecimalInput): string {
  return pnl(p, currentPrice).div(margin(p)).times(100).toFixed(2, ExactDecimal.ROUND_DOWN);
}

export function netRealisedPnl(profit: DecimalInput, openingFee: DecimalInput, overnightFees: DecimalInput): string {
  return str(dec(profit, 'profit').minus(dec(openingFee, 'fee')).minus(dec(overnightFees, 'overnight')));
}

/**
 * The risk input of a lever account from its available balance and open positions, each with the
 * margin it holds (as stored, rounded up) and a price: balance = available + Σ margin. The server's
 * liquidation check and the forced-close proof both build it here.
 */
export function accountRiskInput(
  available: DecimalInput,
  open: readonly { margin: DecimalInput; position: ContractPosition; currentPrice: DecimalInput }[],
): AccountRiskInput {
  const held = open.reduce<Decimal>((s, p) => s.plus(dec(p.margin, 'margin')), dec(available, 'available'));
  return { balance: str(held), positions: open.map((p) => ({ position: p.position, currentPrice: p.currentPrice })) };
}

/**
 * How a money result of contracts (P&L, a trader's profit) shows in its asset: cents for USDT, the
 * other USD stablecoins and fiat (fixed, as the big exchanges print P&L: "12.30"), in full up to 8
 * decimals for a coin. An exact P&L with 16 decimals never prints its tail. (Here, not in
 * number-format.ts, so the routes that never show contract money do not carry it.)
 */
const CENTS = /^(USDT|USDC|BUSD|FDUSD|TUSD|DAI|USD|CNY|HKD|EUR|GBP|JPY|KRW|THB)$/i;

export function assetFormat(asset: string): { format: 'price' | 'amount'; decimals: number } {
  return CENTS.test(asset) ? { format: 'price', decimals: 2 } : { format: 'amount', decimals: 8 };
}
