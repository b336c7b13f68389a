/** The security area's door: the checks other areas ask before moving money (pay password, Google Authenticator). */
export { checkPayPassword } from './pay-password';
export { gaBound, requireGaIfBound } from './ga';
