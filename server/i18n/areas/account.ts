/** Server messages of the account area, in all eight languages. */
import type { Table } from '../table';

export const ACCOUNT_MESSAGES = {
} satisfies Record<string, Table>;
