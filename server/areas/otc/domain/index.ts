/** The OTC area's door: the outcome checker that re-derives escrow and settled orders. */
export { otcChecker } from './verify';
