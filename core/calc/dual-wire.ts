/**
 * A dual-invest product between the domain's names (`apr` a fraction, `linked_price`,
 * `remaining_shares`, `status` a word) and the family's wire names (`rate` in percent,
 * `exercise_price`, `remaining_number`, `status` 1/0, plus `name` and `start_time`): the server
 * answers with toDualRow, our app reads the answer back with fromDualRow. Exact decimals.
 */
import { DUAL_PRODUCT_STATUS, type DualProduct, type DualProductStatus, type DualWire } from '../types/products';
import { ExactDecimal } from './exact';

const DAY_MS = 86_400_000;

/** A name the family's list shows as the card's title: the pair, the exercise price and the holding days (no language in it). */
function dualName(p: Pick<DualProduct, 'currency_name' | 'quote_name' | 'linked_price' | 'days'>): string {
  return `${p.currency_name}/${p.quote_name} ${p.linked_price} ${p.days}D`;
}

export function toDualRow<T extends DualProduct>(p: T): DualWire<T> {
  const { apr, linked_price, remaining_shares, status, ...rest } = p;
  const start = p.end_time === null ? null : new Date(Date.parse(p.end_time) - p.days * DAY_MS).toISOString();
  return {
    ...rest,
    name: dualName(p),
    rate: new ExactDecimal(apr).times(100).toFixed(),
    exercise_price: linked_price,
    remaining_number: remaining_shares,
    status: DUAL_PRODUCT_STATUS[status],
    start_time: start,
  };
}

/** status 0 reads back as sold out when no share is left, closed otherwise (the wire's 0 covers both) */
export function fromDualRow<T extends DualProduct>(r: DualWire<T>): T {
  const { rate, exercise_price, remaining_number, status, name: _name, start_time: _start, ...rest } = r;
  const word: DualProductStatus =
    status === DUAL_PRODUCT_STATUS.open ? 'open' : remaining_number === 0 ? 'sold_out' : 'closed';
  return {
    ...rest,
    apr: new ExactDecimal(rate).div(100).toFixed(),
    linked_price: exercise_price,
    remaining_shares: remaining_number,
    status: word,
  } as unknown as T;
}
