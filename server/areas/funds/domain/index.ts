/**
 * The funds area's door for other areas: what they may ask of funds. Inside the area, files
 * import each other directly.
 */
export { fundsCurrency, fundsCurrencies, type CurrencyRow } from './common';
export { getCard } from './cards';
/** the coin exchange, for the exchange crash test's child process */
export { exchange } from './exchange';
