/**
 * The Kysely database interface. Each part owns its tables' interfaces and they are joined here.
 * NUMERIC columns are decimal strings in TypeScript (never JS numbers).
 */
import type { MarketTables } from '../market/schema';
import type { CoreTables } from './tables';

export interface Database extends CoreTables, MarketTables {}
