/** The KYC area's door: the limits of each verification level (withdrawals, fiat orders). */
export { DEFAULT_LEVEL_LIMITS, levelLimits, limitsOfLevel, withdrawn24hBtc, fiatOrderLimitUsdt } from './limits';
