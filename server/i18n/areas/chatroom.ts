/** Server messages of the public chat room, in all eight languages. */
import type { Table } from '../table';

export const CHATROOM_MESSAGES = {
  chat_empty: {
    zh: '请输入消息内容', en: 'Please type a message', hk: '請輸入訊息內容', th: 'กรุณาพิมพ์ข้อความ', jp: 'メッセージを入力してください',
    ko: '메시지를 입력하세요', fra: 'Veuillez saisir un message', spa: 'Escriba un mensaje',
  },
  chat_too_long: {
    zh: '消息最多 {max} 个字符', en: 'A message has at most {max} characters', hk: '訊息最多 {max} 個字元', th: 'ข้อความยาวได้ไม่เกิน {max} ตัวอักษร',
    jp: 'メッセージは最大 {max} 文字です', ko: '메시지는 최대 {max}자입니다', fra: 'Un message compte au plus {max} caractères', spa: 'Un mensaje tiene como máximo {max} caracteres',
  },
  chat_slow_mode: {
    zh: '慢速模式：请 {seconds} 秒后再发言', en: 'Slow mode: you can post again in {seconds} s', hk: '慢速模式：請 {seconds} 秒後再發言',
    th: 'โหมดช้า: ส่งข้อความได้อีกครั้งใน {seconds} วินาที', jp: 'スローモード：{seconds} 秒後に再投稿できます', ko: '슬로 모드: {seconds}초 후에 다시 보낼 수 있습니다',
    fra: 'Mode lent : vous pourrez écrire à nouveau dans {seconds} s', spa: 'Modo lento: podrá escribir de nuevo en {seconds} s',
  },
  chat_flood_muted: {
    zh: '发言过于频繁，已被禁言 {seconds} 秒', en: 'Too many messages: you are muted for {seconds} s', hk: '發言過於頻繁，已被禁言 {seconds} 秒',
    th: 'ส่งข้อความถี่เกินไป: ถูกปิดเสียง {seconds} วินาที', jp: '投稿が多すぎます：{seconds} 秒間ミュートされました', ko: '메시지가 너무 많습니다: {seconds}초 동안 채팅이 금지됩니다',
    fra: 'Trop de messages : vous êtes réduit au silence pendant {seconds} s', spa: 'Demasiados mensajes: silenciado durante {seconds} s',
  },
  chat_muted: {
    zh: '您已被禁言，{seconds} 秒后可发言', en: 'You are muted: you can post again in {seconds} s', hk: '您已被禁言，{seconds} 秒後可發言',
    th: 'คุณถูกปิดเสียง: ส่งข้อความได้อีกครั้งใน {seconds} วินาที', jp: 'ミュート中です：{seconds} 秒後に投稿できます', ko: '채팅이 금지되었습니다: {seconds}초 후에 보낼 수 있습니다',
    fra: 'Vous êtes réduit au silence : vous pourrez écrire dans {seconds} s', spa: 'Está silenciado: podrá escribir en {seconds} s',
  },
  chat_banned: {
    zh: '您已被禁止在聊天室发言', en: 'You are banned from the chat room', hk: '您已被禁止在聊天室發言', th: 'คุณถูกแบนจากห้องแชท',
    jp: 'チャットルームへの投稿を禁止されています', ko: '채팅방에서 차단되었습니다', fra: 'Vous êtes banni du salon', spa: 'Tiene prohibido escribir en la sala',
  },
  chat_message_not_found: {
    zh: '消息不存在', en: 'This message does not exist', hk: '訊息不存在', th: 'ไม่พบข้อความนี้', jp: 'このメッセージは存在しません',
    ko: '메시지가 존재하지 않습니다', fra: "Ce message n'existe pas", spa: 'Este mensaje no existe',
  },
} satisfies Record<string, Table>;
