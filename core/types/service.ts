/**
 * Conversations: customer service today, an OTC order chat later. A conversation has a
 * kind, an owner (a user or a guest), an optional context record and messages with increasing ids;
 * clients catch up by asking for the messages after the last id they hold.
 */

/** what a conversation is about: `support` is customer service; more kinds (an order chat) later */
export type ConversationKind = 'support';
export type ConversationStatus = 'open' | 'closed';
/** records a user may attach to a conversation (the ones they own) */
export const SERVICE_REF_TYPES = ['recharge', 'withdraw', 'order', 'nft_order'] as const;
export type ServiceRefType = (typeof SERVICE_REF_TYPES)[number];
export type MessageSender = 'user' | 'staff' | 'system';

export interface ServiceRef {
  type: ServiceRefType;
  id: number;
}

export interface ServiceMessage {
  id: number;
  conversation_id: number;
  sender: MessageSender;
  /** the operator's display name on staff messages; '' otherwise */
  staff_name: string;
  body: string;
  /** a signed URL to the attached image, '' when none */
  image_url: string;
  /** a record attached as context (system messages) */
  ref: ServiceRef | null;
  /** an internal note: operators only, never sent to the customer */
  internal: boolean;
  created_at: number;
}

/** Receipts as high-water marks: every message up to this id has reached / been read by that side. */
export interface ServiceReceipts {
  user_delivered_id: number;
  user_read_id: number;
  staff_read_id: number;
}

export interface ServiceThread {
  conversation_id: number | null;
  status: ConversationStatus;
  email_reply: boolean;
  /** a guest's email answered its code (replies are mailed only then); always true for a user */
  email_verified: boolean;
  receipts: ServiceReceipts;
  /** oldest first */
  messages: ServiceMessage[];
  /** there are older messages than the first one here */
  has_more: boolean;
}

export interface ServiceStatus {
  /** an operator is connected and it is within business hours */
  online: boolean;
  in_hours: boolean;
  /** the business-hours setting, e.g. "1-5 09:00-18:00" (ISO weekdays, UTC) */
  hours: string;
  unread: number;
}

/** The live event on the user's private room (and the operators' room). */
export interface ServiceEvent {
  conversation_id: number;
  message?: ServiceMessage;
  receipts?: ServiceReceipts;
}

export type InboxBox = 'unassigned' | 'mine' | 'all';

export interface AdminConversationRow {
  id: number;
  kind: ConversationKind;
  status: ConversationStatus;
  user_id: number | null;
  who: string;
  guest: boolean;
  assignee: string;
  assignee_id: number | null;
  last_body: string;
  last_at: number;
  unread: number;
  ref: ServiceRef | null;
}

export interface AdminRecordLine {
  type: ServiceRefType;
  id: number;
  summary: string;
  status: string;
  created_at: number;
}

export interface AdminConversation extends AdminConversationRow {
  email: string;
  email_reply: boolean;
  receipts: ServiceReceipts;
  messages: ServiceMessage[];
  /** the attached record, described */
  context: AdminRecordLine | null;
  profile: { account: string; level: number; created_at: number } | null;
  recent: AdminRecordLine[];
}

export interface CannedReply {
  id: number;
  lang: string;
  title: string;
  body: string;
}

/** GET /admin/api/service/settings — the two settings as stored, or their defaults */
export interface AdminServiceSettings {
  service_hours: string;
  webview_allow: string;
}
