import type { ChatMessage, ChatRoomState } from '../../core';
import { get, post } from './client';

/** The public chat room (/api/chatroom/…); live messages arrive as the `chat` user event. */
export const chatState = () => get<ChatRoomState>('/chatroom/state', {}, { quiet: true });
export const sendChat = (text: string) => post<ChatMessage>('/chatroom/send', { text });
export const reportChat = (id: number) => post<boolean>('/chatroom/report', { id });
