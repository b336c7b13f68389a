/** core's pure SHA-256 (used by the box verifier in pages and scripts) equals Node's for any text. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { it } from 'vitest';
import { sha256Hex } from '../../../core';

it('sha256Hex equals Node crypto for any text', () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 300 }),
      (s) => sha256Hex(s) === createHash('sha256').update(s, 'utf8').digest('hex'),
    ),
    { numRuns: 300 },
  );
});
