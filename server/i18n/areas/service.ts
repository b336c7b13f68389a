/** Server messages of customer service, in all eight languages. */
import type { Table } from '../table';

export const SERVICE_MESSAGES = {
  service_not_found: {
    zh: '会话不存在', en: 'This conversation does not exist', hk: '對話不存在', th: 'ไม่พบการสนทนานี้', jp: 'この会話は存在しません',
    ko: '대화가 존재하지 않습니다', fra: "Cette conversation n'existe pas", spa: 'Esta conversación no existe',
  },
  service_message_empty: {
    zh: '请输入消息或选择图片', en: 'Write a message or choose an image', hk: '請輸入訊息或選擇圖片', th: 'พิมพ์ข้อความหรือเลือกรูปภาพ',
    jp: 'メッセージを入力するか画像を選んでください', ko: '메시지를 입력하거나 이미지를 선택하세요', fra: 'Écrivez un message ou choisissez une image',
    spa: 'Escriba un mensaje o elija una imagen',
  },
  service_ref_invalid: {
    zh: '无法附加该记录', en: 'That record cannot be attached', hk: '無法附加該記錄', th: 'ไม่สามารถแนบรายการนั้นได้',
    jp: 'その記録は添付できません', ko: '해당 기록을 첨부할 수 없습니다', fra: 'Cet enregistrement ne peut pas être joint', spa: 'Ese registro no se puede adjuntar',
  },
  service_guest_email: {
    zh: '请输入有效的邮箱，以便我们回复', en: 'Enter a valid email so we can answer you', hk: '請輸入有效的電郵，以便我們回覆',
    th: 'กรุณาใส่อีเมลที่ถูกต้องเพื่อให้เราตอบกลับได้', jp: '返信先の有効なメールアドレスを入力してください', ko: '답변받을 유효한 이메일을 입력하세요',
    fra: 'Saisissez une adresse e-mail valide pour recevoir notre réponse', spa: 'Introduzca un correo válido para poder responderle',
  },
  service_reply_subject: {
    zh: '客服回复了您的消息', en: 'Customer service replied to your message', hk: '客服回覆了您的訊息', th: 'ฝ่ายบริการลูกค้าตอบข้อความของคุณแล้ว',
    jp: 'カスタマーサービスから返信がありました', ko: '고객 서비스가 메시지에 답변했습니다', fra: 'Le service client a répondu à votre message',
    spa: 'Atención al cliente ha respondido a su mensaje',
  },
} satisfies Record<string, Table>;
