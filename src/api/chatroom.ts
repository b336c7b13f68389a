import type { ChatMessage, ChatRoomState } from '../../core';
import { get, post } from './client';

/** The public chat room (/api/chatroom/…); live messages arrive as the `chat` user event. */
/** on entry without arguments; a catch-up with the last id held and the `now` of the last read */
export const chatState = (w: { after?: number; since?: number } = {}) =>
  get<ChatRoomState>('/chatroom/state', w, { quiet: true });
export const sendChat = (text: string) => post<ChatMessage>('/chatroom/send', { text });
export const reportChat = (id: number) => post<boolean>('/chatroom/report', { id });
