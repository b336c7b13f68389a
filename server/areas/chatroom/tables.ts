/** Kysely interfaces of the chat room's tables (migration 016_chatroom). */
import type { ColumnType, Generated } from 'kysely';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  text: string;
  masked: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  deleted_at: Nullable<Date>;
  deleted_by: Nullable<number>;
}

export interface ChatReportsTable {
  id: Generated<number>;
  message_id: number;
  reporter_id: number;
  created_at: CreatedAt;
}

export interface ChatMutesTable {
  user_id: number;
  kind: 'flood' | 'operator' | 'ban';
  /** null: no end (a ban) */
  until: Nullable<Date>;
  created_at: CreatedAt;
}

export interface ChatroomTables {
  chat_messages: ChatMessagesTable;
  chat_reports: ChatReportsTable;
  chat_mutes: ChatMutesTable;
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends ChatroomTables {}
}
