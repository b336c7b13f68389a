/** Kysely interfaces of the conversation tables (migrations/015_service.ts, 023_service_guests.ts), joined to Database here. */
import type { ColumnType, Generated } from 'kysely';
import type { ConversationKind, ConversationStatus, MessageSender, ServiceRefType } from '../../../core';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** BIGINT ids: the pool parses int8 as a JS number (db/connect.ts); they stay below 2^53 */
type BigId = ColumnType<number, number | undefined, number>;

export interface ServiceConversationsTable {
  id: Generated<number>;
  kind: Defaulted<ConversationKind>;
  user_id: Nullable<number>;
  guest_token_hash: Nullable<string>;
  guest_email: Nullable<string>;
  status: Defaulted<ConversationStatus>;
  assignee_id: Nullable<number>;
  ref_type: Nullable<ServiceRefType>;
  ref_id: Nullable<number>;
  email_reply: Defaulted<boolean>;
  /** the language the customer last wrote in: reply mails are written in it */
  lang: Defaulted<string>;
  last_message_id: BigId;
  last_user_msg_id: BigId;
  last_staff_msg_id: BigId;
  user_delivered_id: BigId;
  user_read_id: BigId;
  staff_read_id: BigId;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** a guest's email answered its code (migrations/023): replies are mailed only then */
  guest_email_verified_at: Nullable<Date>;
}

export interface ServiceMessagesTable {
  id: ColumnType<number, never, never>;
  conversation_id: number;
  sender: MessageSender;
  operator_id: Nullable<number>;
  body: Defaulted<string>;
  attachment: Nullable<string>;
  ref_type: Nullable<ServiceRefType>;
  ref_id: Nullable<number>;
  internal: Defaulted<boolean>;
  created_at: CreatedAt;
}

export interface ServiceTables {
  service_conversations: ServiceConversationsTable;
  service_messages: ServiceMessagesTable;
  service_canned: { id: Generated<number>; lang: string; title: string; body: string };
  /** a guest's image upload: its conversation, IP and size (the per-IP daily quota) */
  service_guest_uploads: { name: string; conversation_id: number; ip: string; bytes: number; created_at: CreatedAt };
  service_live_tickets: { token_hash: string; operator_session_id: number; expires_at: Date | string };
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends ServiceTables {}
}
