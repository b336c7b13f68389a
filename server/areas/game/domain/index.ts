/** The up/down game's door: the outcome checker that re-derives every settled round. */
export { gameChecker } from './verify';
