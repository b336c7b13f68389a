/**
 * The funds area's door for other areas: what they may ask of funds. Inside the area, files
 * import each other directly.
 */
export { fundsCurrency, fundsCurrencies, listFiats, fiatRate, userFiat, FIAT_PREFIX, type CurrencyRow } from './common';
export { journalPage } from './assets';
export { walletGate } from './config';
