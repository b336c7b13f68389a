/**
 * The Kysely database interface. Each part owns its tables' interfaces and they are joined here.
 * NUMERIC columns are decimal strings in TypeScript (never JS numbers).
 */
import type { Kysely, Transaction } from 'kysely';
import type { MarketTables } from './market-tables';
import type { CoreTables } from './tables';
import type { OptionalTables } from './optional-tables';
import type { FundsTables } from './funds-tables';
import type { TradingTables } from './trading-tables';
import type { CopytradeTables } from './copytrade-tables';
import type { ProductsTables } from './products-tables';
import type { SecurityTables } from './security-tables';
import type { NftTables } from '../areas/nft/tables';

export interface Database extends CoreTables, MarketTables, OptionalTables, FundsTables, TradingTables, CopytradeTables, ProductsTables, SecurityTables, NftTables {}

/** The handle a service takes: the pool, or the transaction it runs inside. */
export type Db = Kysely<Database> | Transaction<Database>;
