/**
 * The accounts area's door: what other areas (and the composition root) may ask of accounts.
 * Inside the area, files import each other directly.
 */
export { issueCode, verifyCode, consumeVerifiedCode, CODE_TTL_MS, type IssueLimits } from './codes';
export { classifyIdentity, type Identity, type IdentityKind } from './identity';
export { levelName } from './profile';
export { demoBannerLine, DEMO_EMAIL, DEMO_PASSWORD } from './demo';
