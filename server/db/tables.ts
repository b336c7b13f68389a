/**
 * Kysely interfaces of the core tables (migration 001_init). NUMERIC columns are decimal strings,
 * never JS numbers; TIMESTAMPTZ columns are Dates; identity ids are numbers.
 */
import type { ColumnType, Generated } from 'kysely';

/** A column the database fills in (DEFAULT now()) but that may be set explicitly. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** NUMERIC: read as a decimal string, written as a decimal string. */
type Numeric = ColumnType<string, string | undefined, string>;
type Json = ColumnType<Record<string, unknown>, string | undefined, string>;

export type ReviewStatusColumn = 'pending' | 'approved' | 'rejected';
export type UploadPurpose = 'general' | 'avatar' | 'id_photo' | 'voucher' | 'wallet_qr';

interface UsersTable {
  id: Generated<number>;
  email: Nullable<string>;
  mobile: Nullable<string>;
  area_code: Nullable<string>;
  password_hash: string;
  pay_password_hash: Nullable<string>;
  nickname: Generated<string>;
  head_portrait: Generated<string>;
  signature: Generated<string>;
  invite_code: string;
  invited_by: Nullable<number>;
  /** identity verification level: 0 none, 1 basic, 2 advanced, 3 VIP */
  level: Generated<number>;
  /** 1 active, 0 disabled, 2 system (seeded, cannot log in) */
  status: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  ip: Nullable<string>;
  user_agent: Nullable<string>;
  created_at: CreatedAt;
  last_seen: CreatedAt;
  revoked_at: Nullable<Date>;
}

export type CodeChannel = 'email' | 'sms';

interface VerificationCodesTable {
  id: Generated<number>;
  target: string;
  scene: string;
  channel: CodeChannel;
  code_hash: string;
  ip: Nullable<string>;
  created_at: CreatedAt;
  expires_at: Date;
  verified_at: Nullable<Date>;
  used_at: Nullable<Date>;
  attempts: Generated<number>;
}

interface OutboxTable {
  id: Generated<number>;
  channel: CodeChannel;
  recipient: string;
  subject: Generated<string>;
  body: string;
  code: Nullable<string>;
  created_at: CreatedAt;
}

interface CurrenciesTable {
  id: number;
  name: string;
  networks: string[];
  market: 'crypto' | 'stock';
  price_decimals: number;
  qty_decimals: number;
  image: Generated<string>;
  is_legal: Generated<boolean>;
  status: Generated<number>;
  sort: Generated<number>;
}

interface PairsTable {
  symbol: string;
  currency_id: number;
  legal_id: number;
  market: 'crypto' | 'stock';
  price_decimals: number;
  qty_decimals: number;
  fee_rate: Numeric;
  status: Generated<number>;
  sort: Generated<number>;
}

interface SettingsTable {
  key: string;
  value: string;
  updated_at: CreatedAt;
}

interface NewsTable {
  id: Generated<number>;
  slug: string;
  /** 4 news, 5 banners */
  c_id: number;
  lang: string;
  title: string;
  summary: Generated<string>;
  content: Generated<string>;
  image: Generated<string>;
  link: Generated<string>;
  pop: Generated<boolean>;
  sort: Generated<number>;
  status: Generated<number>;
  created_at: CreatedAt;
}

export type ContentPage = 'faq' | 'contactus' | 'aboutus' | 'operational_compliance';

interface ContentPagesTable {
  page: ContentPage;
  lang: string;
  title: string;
  body: string;
  updated_at: CreatedAt;
}

interface MenuTable {
  id: Generated<number>;
  key: string;
  icon: Generated<string>;
  path: string;
  /** titles per language: { en: "...", zh: "..." } */
  titles: ColumnType<Record<string, string>, string, string>;
  sort: Generated<number>;
  status: Generated<number>;
}

interface AccountsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  type: number;
  available: Numeric;
  frozen: Numeric;
  updated_at: CreatedAt;
}

interface JournalTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  currency_id: number;
  type: number;
  delta_available: string;
  delta_frozen: string;
  available_after: string;
  frozen_after: string;
  reason: string;
  ref_type: Nullable<string>;
  ref_id: Nullable<string>;
  created_at: CreatedAt;
}

interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  route: string;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
  /** the process that reserved the key (its boot id) */
  owner: ColumnType<string | null, string | null | undefined, string | null>;
  /** set in the guarded operation's own transaction: the operation committed */
  committed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** the ledger reference ({type, id}) of the committed operation, to rebuild a lost answer */
  committed_ref: ColumnType<unknown, string | null | undefined, string | null>;
}

/** Tables of migration 005_funds that every area reads: uploads, preferences, notices, operators. */
interface SharedServiceTables {
  /** sha256: hex digest of the bytes (migration 009; null for files uploaded before it) */
  uploads: {
    name: string;
    user_id: Nullable<number>;
    purpose: ColumnType<UploadPurpose, UploadPurpose | undefined, UploadPurpose>;
    created_at: CreatedAt;
    sha256: Nullable<string>;
  };
  user_prefs: {
    user_id: number;
    fiat: Generated<string>;
    lang: Generated<string>;
    credit_score: Generated<number>;
    rebate: Numeric;
  };
  notices: {
    id: Generated<number>;
    user_id: number;
    kind: string;
    title_key: string;
    body_key: string;
    params: Json;
    read_at: Nullable<Date>;
    created_at: CreatedAt;
  };
  operators: {
    id: Generated<number>;
    name: string;
    password_hash: string;
    status: Generated<number>;
    created_at: CreatedAt;
  };
  operator_sessions: {
    id: Generated<number>;
    token_hash: string;
    operator_id: number;
    ip: Nullable<string>;
    created_at: CreatedAt;
    last_seen: CreatedAt;
    revoked_at: Nullable<Date>;
  };
  operator_actions: {
    id: Generated<number>;
    operator_id: number;
    action: string;
    target: Generated<string>;
    reason: string;
    detail: Json;
    created_at: CreatedAt;
  };
}

export interface CoreTables extends SharedServiceTables {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  currencies: CurrenciesTable;
  pairs: PairsTable;
  settings: SettingsTable;
  news: NewsTable;
  content_pages: ContentPagesTable;
  menu: MenuTable;
  accounts: AccountsTable;
  journal: JournalTable;
  idempotency_keys: IdempotencyKeysTable;
}
