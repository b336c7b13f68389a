/** Server messages of the products area, in all eight languages. */
import type { Table } from '../table';

export const PRODUCT_MESSAGES = {
} satisfies Record<string, Table>;
