/**
 * The user's private room (joined by `auth {token}`): `order` (a SpotOrder), `position` (a
 * LeverPosition), `seconds` (a SecondsOrder), `balance` and `notice`; and the public chat room's `chat`. There is no first full state:
 * each event is a whole record, and pages load their lists over HTTP and refresh on these. Every
 * payload is checked for the fields the pages read; anything malformed is dropped.
 */
import {
  LEVER_STATUS,
  LEVER_TYPE,
  SECONDS_STATUS,
  SECONDS_TYPE,
  SOCKET_EVENTS,
  type BalanceEvent,
  type ChatEvent,
  type OtcSocketEvent,
  type LeverPosition,
  type SecondsOrder,
  type ServiceEvent,
  type SpotOrder,
  type TradeNotice,
} from '../../core';
import type { UserEvent } from '../api-types';
import { isDecimal, isObj, isSymbol, type Obj } from './validate';

export const USER_EVENTS = [
  SOCKET_EVENTS.order,
  SOCKET_EVENTS.position,
  SOCKET_EVENTS.seconds,
  SOCKET_EVENTS.balance,
  SOCKET_EVENTS.notice,
  SOCKET_EVENTS.service,
  SOCKET_EVENTS.chat,
  SOCKET_EVENTS.otc,
] as const;
export type UserEventName = (typeof USER_EVENTS)[number];

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isStr = (v: unknown): v is string => typeof v === 'string' && v.length <= 2000;
const isDecOrNull = (v: unknown) => v === null || isDecimal(v);
/** P&L may be negative; decimal strings only. */
const isSigned = (v: unknown) => v === null || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));

function isRecordBase(v: unknown): v is Obj & { id: number; symbol: string } {
  return isObj(v) && isId(v.id) && isSymbol(v.symbol);
}

function isSpotOrder(v: unknown): v is SpotOrder {
  return (
    isRecordBase(v) &&
    isStr(v.status) &&
    (v.side === 'buy' || v.side === 'sell') &&
    isDecimal(v.amount) &&
    isDecOrNull(v.fill_price)
  );
}

function isLeverPosition(v: unknown): v is LeverPosition {
  return (
    isRecordBase(v) &&
    (v.type === LEVER_TYPE.long || v.type === LEVER_TYPE.short) &&
    Object.values(LEVER_STATUS).includes(v.status as never) &&
    isDecimal(v.share) &&
    isSigned(v.profits)
  );
}

function isSecondsOrder(v: unknown): v is SecondsOrder {
  return (
    isObj(v) &&
    isId(v.id) &&
    isSymbol(v.symbol_name) &&
    (v.status === SECONDS_STATUS.pending || v.status === SECONDS_STATUS.settled) &&
    (v.type === SECONDS_TYPE.up || v.type === SECONDS_TYPE.down) &&
    isDecimal(v.number) &&
    isSigned(v.fact_profits)
  );
}

function isBalanceEvent(v: unknown): v is BalanceEvent {
  return isObj(v) && isId(v.currency_id) && typeof v.type === 'number' && isDecimal(v.available) && isDecimal(v.frozen);
}

function isTradeNotice(v: unknown): v is TradeNotice {
  return (
    isObj(v) &&
    isStr(v.kind) &&
    isStr(v.key) &&
    isStr(v.text) &&
    isObj(v.params) &&
    Object.values(v.params).every(isStr) &&
    isObj(v.ref) &&
    isStr(v.ref.type) &&
    isId(v.ref.id)
  );
}

/** A customer-service event: the page only needs the conversation id to catch up by message id. */
function isServiceEvent(v: unknown): v is ServiceEvent {
  return (
    isObj(v) &&
    isId(v.conversation_id) &&
    (v.message === undefined || (isObj(v.message) && isId(v.message.id))) &&
    (v.receipts === undefined || isObj(v.receipts))
  );
}

function isChatEvent(v: unknown): v is ChatEvent {
  if (!isObj(v)) return false;
  if (v.kind === 'deleted') return isId(v.id);
  const m = v.message;
  return (
    v.kind === 'message' &&
    isObj(m) &&
    isId(m.id) &&
    isId(m.user_id) &&
    isStr(m.nickname) &&
    typeof m.level === 'number' &&
    isStr(m.text) &&
    typeof m.masked === 'boolean' &&
    typeof m.at === 'number'
  );
}

/** A P2P order changed or got a message: the page reads the order (or its chat) again. */
function isOtcEvent(v: unknown): v is OtcSocketEvent {
  return isObj(v) && isId(v.order_id) && (v.what === 'order' || v.what === 'message');
}

/** One socket event → a UserEvent, or null when its payload is malformed. */
export function parseUserEvent(name: UserEventName, payload: unknown): UserEvent | null {
  switch (name) {
    case 'order':
      return isSpotOrder(payload) ? { kind: 'order', order: payload } : null;
    case 'position':
      return isLeverPosition(payload) ? { kind: 'position', position: payload } : null;
    case 'seconds':
      return isSecondsOrder(payload) ? { kind: 'seconds', order: payload } : null;
    case 'balance':
      return isBalanceEvent(payload) ? { kind: 'balance', balance: payload } : null;
    case 'notice':
      return isTradeNotice(payload) ? { kind: 'notice', notice: payload } : null;
    case 'service':
      return isServiceEvent(payload) ? { kind: 'service', service: payload } : null;
    case 'chat':
      return isChatEvent(payload) ? { kind: 'chat', chat: payload } : null;
    case 'otc':
      return isOtcEvent(payload) ? { kind: 'otc', otc: payload } : null;
  }
}

/** Events waiting for one watcher's next snapshot. Bounded: a stalled page keeps the newest. */
export class UserEventQueue {
  private items: UserEvent[] = [];
  constructor(private readonly max = 200) {}

  push(e: UserEvent): void {
    this.items.push(e);
    if (this.items.length > this.max) this.items.splice(0, this.items.length - this.max);
  }

  get size(): number {
    return this.items.length;
  }

  drain(): UserEvent[] {
    const out = this.items;
    this.items = [];
    return out;
  }

  clear(): void {
    this.items = [];
  }
}

/**
 * One user event off the socket, queued for every view that asked for the user's events.
 * 'dropped': malformed; 'heard': valid but nobody listens; 'queued': at least one view has it.
 */
export function fanOutUserEvent(
  name: UserEventName,
  data: unknown,
  queues: Iterable<UserEventQueue | null>,
): 'dropped' | 'heard' | 'queued' {
  const e = parseUserEvent(name, data);
  if (!e) return 'dropped';
  let queued = false;
  for (const q of queues)
    if (q) {
      q.push(e);
      queued = true;
    }
  return queued ? 'queued' : 'heard';
}
