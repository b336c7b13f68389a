/**
 * The funds calls' value codes (WIRE.md "Funds"), in one place: the family's digit codes and our
 * words map to the domain's one enum; anything else is the parameter error.
 */
import { coded } from '../../../kernel/codes';

export type WithdrawMethod = 'address' | 'bank' | 'bank_international';
/** wallet/out `type`: 0 address, 1 bank card, 2 international card (absent: address) */
export const withdrawMethod = coded<WithdrawMethod>(
  { 0: 'address', 1: 'bank', 2: 'bank_international' },
  ['address', 'bank', 'bank_international'],
  'address',
);
