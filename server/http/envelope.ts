/**
 * What a route module answers with, in one import: ok() and the envelope types (kernel/envelope.ts,
 * where the market's routes take them too), AppError (server/errors.ts) and the message keys.
 */
export { ok, errorEnvelope } from '../kernel/envelope';
export { AppError } from '../errors';
