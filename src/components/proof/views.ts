/**
 * The "how this was settled" views of each product, built from the order the API returned with
 * core/proof — the same functions `npm run verify` runs on the server, which call the formulas
 * the server settled with.
 */
import type { TFunction } from 'i18next';
import Decimal from 'decimal.js';
import {
  accountEquity,
  accountRiskInput,
  LEVER_STATUS,
  LEVER_TYPE,
  leverSideOf,
  proveBoxes,
  proveDual,
  proveIeo,
  proveLeverClose,
  proveLiquidation,
  proveSeconds,
  proveSpot,
  ratioFraction,
  replayAuction,
  SECONDS_STATUS,
  secondsTypeOf,
  type ContractPosition,
  type DualOrder,
  type IeoAllocation,
  type IeoOrder,
  type LeverPosition,
  type NftBid,
  type NftBox,
  type NftDetail,
  type NftBoxSeries,
  type SecondsOrder,
  type SpotFill,
  type SpotOrder,
} from '../../../core';
import { formatTime } from '../trade/time';
import type { ProofFact, ProofView } from './types';
import { leverEntryPart } from './lever-entry';

const tickMeta = (t: TFunction, ts: number | null, seq: number | null) =>
  seq === null ? t('proof.candleMeta', { time: formatTime(ts) }) : t('proof.tickMeta', { time: formatTime(ts), seq });

const sign = (a: string, b: string) => {
  const d = Number(a) - Number(b);
  return d > 0 ? '>' : d < 0 ? '<' : '=';
};

export function secondsProofView(o: SecondsOrder, t: TFunction): ProofView | null {
  if (o.status !== SECONDS_STATUS.settled || o.end_price === null) return null;
  const ratio = ratioFraction(o.profit_ratio);
  const buy = { price: o.open_price, seq: o.buy_seq, ts: o.buy_ts };
  const end = { price: o.end_price, seq: o.end_seq, ts: o.end_ts };
  const p = proveSeconds({
    direction: secondsTypeOf(o.type),
    stake: o.number,
    profitRatio: ratio,
    buy,
    end,
    expiresAt: o.expires_at,
    stored: { result: o.result, payout: o.payout, profit: o.fact_profits },
  });
  const e = p.expected;
  const payout =
    e.result === 'win' ? `${o.number} × (1 + ${ratio}) = ${e.payout}` : e.result === 'tie' ? e.payout : '0';
  return {
    rule: t('proof.seconds.rule', { ratio }),
    facts: [
      { label: t('trade.seconds.buyPrice'), value: o.open_price, meta: tickMeta(t, buy.ts, buy.seq) },
      { label: t('proof.seconds.expiry'), value: formatTime(o.expires_at) },
      { label: t('trade.seconds.endPrice'), value: o.end_price, meta: tickMeta(t, end.ts, end.seq) },
    ],
    steps: [
      `${o.end_price} ${sign(o.end_price, o.open_price)} ${o.open_price} · ${t(`trade.seconds.${o.type}`)} → ${t(`trade.seconds.${e.result}`)}`,
      t('proof.payoutLine', { calc: payout }),
      t('proof.profitLine', { calc: `${e.payout} − ${o.number} = ${e.profit}` }),
    ],
    ok: p.ok,
  };
}

const positionOf = (p: LeverPosition): ContractPosition => ({
  side: leverSideOf(p.type),
  lots: p.share,
  lotSize: p.lot_size,
  multiple: String(p.multiple),
  openPrice: p.price ?? '0',
});

/** A forced close's proof takes every position closed with it: the row itself and its `liq_peers`. */
export function leverProofView(p: LeverPosition, t: TFunction): ProofView | null {
  const entry = leverEntryPart(p, t);
  if (p.status !== LEVER_STATUS.closed || p.close_price === null || p.price === null)
    return entry && entry.ok !== null
      ? {
          rule: entry.rule,
          facts: [{ label: t('trade.lever.openPrice'), value: p.price ?? '—' }, ...entry.facts],
          steps: entry.steps,
          ok: entry.ok,
        }
      : null;
  const closed = leverCloseView({ ...p, close_price: p.close_price, price: p.price }, t);
  if (!entry) return closed;
  const [open, ...rest] = closed.facts;
  return {
    rule: `${entry.rule} ${closed.rule}`,
    facts: [open, ...entry.facts, ...rest],
    steps: [...entry.steps, ...closed.steps],
    ok: closed.ok && entry.ok !== false,
  };
}

function leverCloseView(p: LeverPosition & { close_price: string; price: string }, t: TFunction): ProofView {
  const reason = p.close_reason ?? 'user';
  const proof = proveLeverClose({
    position: positionOf(p),
    reason,
    closePrice: p.close_price,
    takeProfit: p.target_profit_price,
    stopLoss: p.stop_loss_price,
    stored: { profit: p.profits, uncoveredLoss: p.uncovered_loss },
  });
  const short = p.type === LEVER_TYPE.short;
  const facts: ProofFact[] = [
    { label: t('trade.lever.openPrice'), value: p.price },
    {
      label: t('trade.lever.closePrice'),
      value: p.close_price,
      meta: p.close_seq === null ? formatTime(p.closed_at) : tickMeta(t, p.closed_at, p.close_seq),
    },
  ];
  const steps = [
    t('proof.lever.pnlLine', {
      calc: `(${p.close_price} − ${p.price}) × ${p.share} × ${p.lot_size}${short ? ' × (−1)' : ''} = ${proof.expected.pnl}`,
    }),
  ];
  if (Number(p.uncovered_loss) > 0)
    steps.push(t('proof.lever.uncoveredLine', { profit: p.profits ?? '0', uncovered: p.uncovered_loss }));
  let ok = proof.ok;
  if (reason === 'take_profit' || reason === 'stop_loss') {
    const level = (reason === 'take_profit' ? p.target_profit_price : p.stop_loss_price) ?? '—';
    facts.push({ label: t(reason === 'take_profit' ? 'trade.lever.tp' : 'trade.lever.sl'), value: level });
    steps.unshift(`${p.close_price} ${sign(p.close_price, level)} ${level} → ${t(`trade.lever.reason.${reason}`)}`);
  }
  if (reason === 'liquidation' && p.liq_group !== null && p.liq_line !== null) {
    const peers = (p.liq_peers ?? []).map((g) => ({
      margin: g.caution_money,
      position: {
        side: leverSideOf(g.type),
        lots: g.share,
        lotSize: g.lot_size,
        multiple: String(g.multiple),
        openPrice: g.price,
      },
      closePrice: g.close_price,
    }));
    const positions = [{ margin: p.caution_money, position: positionOf(p), closePrice: p.close_price }, ...peers];
    const liq = proveLiquidation({
      available: p.liq_available ?? '0',
      line: p.liq_line,
      positions,
      stored: { riskRate: p.liq_risk_rate },
    });
    const equity = accountEquity(
      accountRiskInput(
        p.liq_available ?? '0',
        positions.map((x) => ({ margin: x.margin, position: x.position, currentPrice: x.closePrice })),
      ),
    );
    facts.push(
      { label: t('proof.lever.available'), value: p.liq_available ?? '0' },
      { label: t('proof.lever.line'), value: `${p.liq_line}%` },
    );
    steps.unshift(t('proof.lever.riskLine', { equity, rate: liq.expected.riskRate ?? '—', line: p.liq_line }));
    ok = ok && liq.ok;
  }
  return { rule: t(`proof.lever.rule.${reason}`, { line: p.liq_line ?? '' }), facts, steps, ok };
}

export function dualProofView(o: DualOrder, t: TFunction): ProofView | null {
  if (o.status !== 'success' || o.settle_price === null) return null;
  const currency =
    o.payout_currency_id === o.currency_id ? 'base' : o.payout_currency_id === o.quote_id ? 'quote' : null;
  const maturityAt = Date.parse(o.maturity_at);
  const p = proveDual({
    type: o.type,
    amount: o.amount,
    linkedPrice: o.linked_price,
    apr: o.apr,
    days: o.days,
    maturityAt,
    settle: { price: o.settle_price, seq: o.settle_seq, ts: o.settle_ts },
    stored: { currency, amount: o.payout_amount },
  });
  const below = p.expected.currency === 'base';
  const factor = `(1 + ${o.days} × ${o.apr} ÷ 365)`;
  const amount =
    o.type === 'call'
      ? below
        ? `${o.amount} × ${factor}`
        : `${o.amount} × ${o.linked_price} × ${factor}`
      : below
        ? `${o.amount} ÷ ${o.linked_price} × ${factor}`
        : `${o.amount} × ${factor}`;
  const unit = below ? o.currency_name : o.quote_name;
  return {
    rule: t('proof.dual.rule', { base: o.currency_name, quote: o.quote_name }),
    facts: [
      { label: t('prod.dual.linkedPrice'), value: o.linked_price },
      { label: t('prod.dual.maturity'), value: formatTime(maturityAt) },
      {
        label: t('prod.dual.settlePrice'),
        value: o.settle_price,
        meta: o.settle_ts === null ? undefined : tickMeta(t, o.settle_ts, o.settle_seq),
      },
    ],
    steps: [
      `${o.settle_price} ${sign(o.settle_price, o.linked_price)} ${o.linked_price} → ${unit}`,
      t('proof.payoutLine', { calc: `${amount} = ${p.expected.amount} ${unit}` }),
      t('proof.dual.roundDown'),
    ],
    ok: p.ok,
  };
}

export function boxProofView(box: NftBox, series: NftBoxSeries | null, t: TFunction): ProofView | null {
  if (!series) return null;
  const base = {
    rule: t('proof.box.rule'),
    facts: [
      { label: t('proof.box.commitment'), value: series.commitment },
      { label: t('proof.box.index'), value: `${box.k} / ${series.total}` },
      ...(series.seed ? [{ label: t('proof.box.seed'), value: series.seed }] : []),
    ],
  };
  if (series.seed === null || series.purchases.some((x) => x.prize === null))
    return {
      ...base,
      steps: [`sha256(seed) = ${series.commitment.slice(0, 16)}…`],
      ok: null,
      note: t('proof.box.sealed'),
    };
  const proofs = proveBoxes({
    seriesId: series.id,
    seed: series.seed,
    commitment: series.commitment,
    manifest: series.manifest,
    boxes: series.purchases.map((x) => ({ k: x.k, prize: x.prize ?? '' })),
  });
  const mine = proofs.get(box.k);
  const committed = !mine?.problems.some((x) => x.what === 'sha256(seed)');
  const left = series.manifest.reduce((n, m) => n + m.count, 0) - (box.k - 1);
  return {
    ...base,
    steps: [
      `sha256(seed) ${committed ? '=' : '≠'} ${series.commitment.slice(0, 16)}… ${committed ? '✓' : '✗'}`,
      `sha256(seed:${series.id}:${box.k}) mod ${left}`,
      t('proof.box.prizeLine', { prize: mine?.expected.prize ?? '—' }),
    ],
    ok: (mine?.ok ?? false) && (box.prize === null || box.prize === mine?.expected.prize),
  };
}

/** A spot order from its fills: each level's price × quantity, their sums, and the VWAP shown as its fill price. */
export function spotProofView(o: SpotOrder, fills: readonly SpotFill[] | null, t: TFunction): ProofView | null {
  if (!fills) return null;
  const [base, quote] = o.symbol.split('/');
  const p = proveSpot({ side: o.side, fills, stored: { filled: o.filled, total: o.total, fillPrice: o.fill_price } });
  const e = p.expected;
  return {
    rule: t('proof.spot.rule'),
    facts: fills.map((f, i) => ({
      label: t(`proof.spot.${f.role}`, { n: i + 1 }),
      value: `${f.qty} ${base} @ ${f.price}`,
      meta: f.tick
        ? t('proof.spot.crossedBy', { price: f.tick.price, meta: tickMeta(t, f.tick.ts, f.tick.seq) })
        : t('proof.spot.bookMeta', { seq: f.book_seq }),
    })),
    steps: [
      ...fills.map((f) => `${f.price} × ${f.qty} = ${f.total} ${quote}`),
      t('proof.spot.totalLine', { calc: `${fills.map((f) => f.total).join(' + ')} = ${e.total} ${quote}` }),
      t('proof.spot.vwapLine', { calc: `${e.total} ÷ ${e.filled} = ${e.fillPrice ?? '—'}` }),
    ],
    ok: p.ok,
  };
}

/** An IEO subscription's allotment, recomputed over the project's published subscription list with core's proveIeo. */
export function ieoProofView(o: IeoOrder, alloc: IeoAllocation | null, t: TFunction): ProofView | null {
  if (!alloc || o.allotted === null) return null;
  const proofs = proveIeo({
    issuance: alloc.issuance,
    tokenDecimals: alloc.token_decimals,
    appliedRecorded: alloc.applied,
    // only this subscription's cost and refund are checked; the others count by their amounts
    subscriptions: alloc.subscriptions.map((x) =>
      x.id === o.id
        ? {
            id: x.id,
            amount: x.amount,
            price: o.price,
            paid: o.pay_amount,
            stored: { allotted: o.allotted, cost: o.cost, refund: o.refund },
          }
        : { id: x.id, amount: x.amount, price: '0', paid: '0', stored: { allotted: null, cost: null, refund: null } },
    ),
  });
  const p = proofs.get(o.id);
  if (!p) return null;
  const e = p.expected;
  const mineListed = alloc.subscriptions.some((x) => x.id === o.id && x.amount === o.amount);
  return {
    rule: t('proof.ieo.rule', { decimals: alloc.token_decimals }),
    facts: [
      { label: t('proof.ieo.issuance'), value: `${alloc.issuance} ${o.symbol}` },
      {
        label: t('proof.ieo.applied'),
        value: `${e.applied} ${o.symbol}`,
        meta: t('proof.ieo.count', { n: alloc.subscriptions.length }),
      },
      { label: t('prod.ieo.applyAmount'), value: `${o.amount} ${o.symbol}` },
    ],
    steps: [
      e.oversubscribed
        ? t('proof.ieo.proRataLine', {
            calc: `${o.amount} × ${alloc.issuance} ÷ ${e.applied} → ${e.allotted} ${o.symbol}`,
          })
        : t('proof.ieo.fullLine', { calc: `${e.applied} ≤ ${alloc.issuance} → ${e.allotted} ${o.symbol}` }),
      t('proof.ieo.costLine', { calc: `${e.allotted} × ${o.price} = ${e.cost} ${o.pay_currency_name}` }),
      t('proof.ieo.refundLine', { calc: `${o.pay_amount} − ${e.cost} = ${e.refund} ${o.pay_currency_name}` }),
    ],
    ok: p.ok && mineListed,
  };
}

/**
 * An auction from its public bid log: each bid against the next-bid rule and the end as
 * it stood, each soft-close extension, and the winner — replayed here with core's replayAuction
 * and compared with the end and the current bid the page shows.
 */
export function auctionProofView(d: NftDetail, bids: readonly NftBid[] | null, t: TFunction): ProofView | null {
  if (!bids) return null;
  const r = replayAuction({
    price: d.price,
    per_increase: d.per_increase,
    startMs: Date.parse(d.start_time),
    originalEndMs: Date.parse(d.original_end_time),
    bids: bids.map((b) => ({ user: b.user, price: b.price, atMs: Date.parse(b.created_at) })),
    // the window the server bids with (whole seconds; rounded back from the minutes the page shows)
    softCloseMs: Math.round(d.rules.soft_close_minutes * 60_000),
  });
  const unit = d.currency_name;
  const sameWinner =
    r.winner === null
      ? d.current_bid === null
      : d.current_bid !== null && new Decimal(r.winner.price).eq(d.current_bid);
  return {
    rule: t('proof.auction.rule', {
      step: `${d.per_increase} ${unit}`,
      minutes: d.rules.soft_close_minutes,
      cap: d.rules.soft_close_cap_minutes,
      code: d.code,
    }),
    facts: [
      { label: t('proof.auction.start'), value: `${d.price} ${unit}`, meta: formatTime(Date.parse(d.start_time)) },
      { label: t('proof.auction.originalEnd'), value: formatTime(Date.parse(d.original_end_time)) },
      {
        label: t('proof.auction.end'),
        value: formatTime(r.endMs),
        meta: t('proof.auction.extensions', { count: r.extensions }),
      },
      {
        label: t('proof.auction.winner'),
        value: r.winner ? `${r.winner.user} · ${r.winner.price} ${unit}` : t('proof.auction.noBids'),
      },
    ],
    steps: r.steps.map((x) =>
      [
        `${formatTime(x.atMs)} ${x.user}: ${x.price} ${x.ok ? '≥' : '<'} ${x.min} ${x.ok ? '✓' : '✗'}`,
        x.endAfter !== x.endBefore ? t('proof.auction.extended', { time: formatTime(x.endAfter) }) : '',
      ]
        .filter(Boolean)
        .join(' · '),
    ),
    ok: r.ok && r.endMs === Date.parse(d.end_time) && sameWinner,
  };
}
