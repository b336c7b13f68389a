import { useCallback, useRef, useState } from 'react';
import type { ChatMessage, ChatRoomState } from '../../../core';
import { chatState } from '../../api/chatroom';
import { useCatchUp, useUserEvents } from '../../market';
import { lastId, mergeMessages } from '../../lib/mergeById';

const KEEP = 200;
type Room = Omit<ChatRoomState, 'deleted' | 'gap' | 'now'>;

/**
 * The chat room's messages: the last ones on entry, live ones from the `chat` user event, and a
 * catch-up by message id (what came after the last id held, what operators removed since the last
 * read; useCatchUp says when) — merged by id, so nothing is missed and nothing shows twice.
 */
export function useChatRoom() {
  const [room, setRoom] = useState<Room>();
  const held = useRef<ChatMessage[]>([]);
  const since = useRef<number | undefined>(undefined);

  const show = useCallback((r: Omit<Room, 'messages'>) => setRoom({ ...r, messages: held.current }), []);

  const catchUp = useCatchUp(async () => {
    const first = since.current === undefined;
    const r = await chatState(first ? {} : { after: lastId(held.current), since: since.current });
    const gone = new Set(r.deleted);
    held.current = (r.gap || first ? r.messages : mergeMessages(held.current, r.messages))
      .filter((m) => !gone.has(m.id))
      .slice(-KEEP);
    since.current = r.now;
    show({ slow_mode_seconds: r.slow_mode_seconds, muted: r.muted });
  });

  /** a message this page has (live, or its own send): merged by id */
  const add = useCallback((m: ChatMessage) => {
    held.current = mergeMessages(held.current, [m]).slice(-KEEP);
    setRoom((r) => (r ? { ...r, messages: held.current } : r));
  }, []);

  useUserEvents((e) => {
    if (e.kind !== 'chat') return;
    const ev = e.chat;
    if (ev.kind === 'message') return add(ev.message);
    held.current = held.current.filter((m) => m.id !== ev.id);
    setRoom((r) => (r ? { ...r, messages: held.current } : r));
  });

  return { room, add, catchUp };
}
