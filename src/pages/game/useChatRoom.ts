import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatRoomState } from '../../../core';
import { chatState } from '../../api/chatroom';
import { useOnReconnect, useUserEvents } from '../../market';
import { lastId, mergeMessages } from '../../lib/mergeById';

const KEEP = 200;
type Room = Omit<ChatRoomState, 'deleted' | 'gap' | 'now'>;

/**
 * The chat room's messages: the last ones on entry, live ones from the `chat` user event, and a
 * catch-up by message id (what came after the last id held, what operators removed since the last
 * read) after every socket reconnect, when the browser comes back online and when the tab is shown
 * again — merged by id, so nothing is missed and nothing shows twice.
 */
export function useChatRoom() {
  const [room, setRoom] = useState<Room>();
  const held = useRef<ChatMessage[]>([]);
  const since = useRef<number | undefined>(undefined);
  const busy = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const show = useCallback((r: Omit<Room, 'messages'>) => setRoom({ ...r, messages: held.current }), []);

  /** One read at a time; a request during one runs once more after it. */
  const catchUp = useCallback(async (): Promise<void> => {
    if (busy.current) {
      again.current = true;
      return busy.current;
    }
    busy.current = (async () => {
      do {
        again.current = false;
        try {
          const first = since.current === undefined;
          const r = await chatState(first ? {} : { after: lastId(held.current), since: since.current });
          const gone = new Set(r.deleted);
          held.current = (r.gap || first ? r.messages : mergeMessages(held.current, r.messages))
            .filter((m) => !gone.has(m.id))
            .slice(-KEEP);
          since.current = r.now;
          show({ slow_mode_seconds: r.slow_mode_seconds, muted: r.muted });
        } catch {
          /* offline: the next reconnect, online or focus tries again */
        }
      } while (again.current);
    })().finally(() => (busy.current = null));
    return busy.current;
  }, [show]);

  useEffect(() => {
    void catchUp();
    const back = () => document.visibilityState === 'visible' && void catchUp();
    document.addEventListener('visibilitychange', back);
    window.addEventListener('online', back);
    return () => {
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('online', back);
    };
  }, [catchUp]);

  useOnReconnect(() => void catchUp());

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
