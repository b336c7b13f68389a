/** Server messages of the trading area, in all eight languages. */
import type { Table } from '../table';

export const TRADING_MESSAGES = {
} satisfies Record<string, Table>;
