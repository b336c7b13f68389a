/**
 * The dev outbox secret every e2e server starts with (DEV_OUTBOX_SECRET), so the helpers can read
 * codes: the outbox answers only loopback callers presenting it. Test-only, never a real secret.
 */
export const E2E_OUTBOX_SECRET = 'e2e-dev-outbox-secret-not-for-real-use';
export const OUTBOX_SECRET_HEADER = 'x-dev-outbox-secret';
