import { useState } from 'react';
import type { ChatMessage } from '../../../core';
import { sendChat } from '../../api/chatroom';

/** The message being typed and sending it; a refusal (slow mode, muted…) reads the room again so the mute banner follows the server. */
export function useChatSend(add: (m: ChatMessage) => void, catchUp: () => Promise<void>) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      add(await sendChat(text));
      setText('');
    } catch {
      // the client has shown the reason (slow mode, muted…); the mute banner follows the server
      await catchUp();
    } finally {
      setBusy(false);
    }
  };
  return { text, setText, busy, send };
}
