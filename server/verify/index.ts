/**
 * Every product's outcome checker, in the order `npm run verify` prints them. A product adds its
 * checker with one line here (an area exports its own, e.g. `gameChecker`).
 */
import type { OutcomeChecker } from '../db/outcome-checker';
import { secondsChecker } from './checkers/seconds';
import { leverChecker } from './checkers/lever';
import { leverEntryChecker } from './checkers/lever-entry';
import { dualChecker } from './checkers/dual';
import { ieoChecker } from './checkers/ieo';
import { boxesChecker } from './checkers/boxes';
import { spotChecker } from './checkers/spot';
import { auctionsChecker } from './checkers/auctions';
import { gameChecker } from '../areas/game/domain';
import { otcChecker } from '../areas/otc/domain';
import { liabilitiesChecker } from '../areas/liabilities/domain';

export const CHECKERS: readonly OutcomeChecker[] = [
  spotChecker,
  secondsChecker,
  leverChecker,
  leverEntryChecker,
  dualChecker,
  ieoChecker,
  boxesChecker,
  auctionsChecker,
  gameChecker,
  otcChecker,
  liabilitiesChecker,
];

export type { OutcomeChecker } from '../db/outcome-checker';
