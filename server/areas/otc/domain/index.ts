/** The OTC area's door: the outcome checker that re-derives escrow and settled orders, and the order steps (the kill -9 test's child). */
export { otcChecker } from './verify';
export { openOrder } from './open-order';
export { cancel, expireDue, expireOne, release } from './orders';
export type { OtcCtx } from './shared';
