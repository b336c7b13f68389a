/** Canned replies operators start from, in the eight languages (idempotent: a title is seeded once per language). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Lang } from '../../../core';

type Canned = Record<Lang, [string, string]>;

const CANNED: Canned[] = [
  {
    en: ['Greeting', 'Hello, thank you for contacting us. How can we help you today?'],
    zh: ['问候', '您好，感谢您的联系。请问有什么可以帮您？'],
    hk: ['問候', '您好，感謝您的聯絡。請問有甚麼可以幫到您？'],
    jp: ['あいさつ', 'お問い合わせありがとうございます。どのようなご用件でしょうか？'],
    ko: ['인사', '안녕하세요, 문의해 주셔서 감사합니다. 무엇을 도와드릴까요?'],
    th: ['ทักทาย', 'สวัสดีค่ะ ขอบคุณที่ติดต่อเรา มีอะไรให้เราช่วยไหมคะ'],
    fra: ['Accueil', 'Bonjour, merci de nous avoir contactés. Comment pouvons-nous vous aider ?'],
    spa: ['Saludo', 'Hola, gracias por contactarnos. ¿En qué podemos ayudarle?'],
  },
  {
    en: [
      'Recharge under review',
      'Your recharge is being reviewed. It is credited as soon as the payment is confirmed, usually within 30 minutes.',
    ],
    zh: ['充值审核中', '您的充值正在审核中，确认到账后会立即入账，通常在 30 分钟内。'],
    hk: ['充值審核中', '您的充值正在審核中，確認到賬後會立即入賬，通常在 30 分鐘內。'],
    jp: ['入金審査中', 'ご入金は審査中です。着金を確認次第、通常30分以内に反映されます。'],
    ko: ['충전 심사 중', '충전이 심사 중입니다. 입금이 확인되는 즉시, 보통 30분 이내에 반영됩니다.'],
    th: ['กำลังตรวจสอบการเติมเงิน', 'การเติมเงินของคุณกำลังตรวจสอบ จะเข้าบัญชีทันทีที่ยืนยันการชำระเงิน โดยปกติภายใน 30 นาที'],
    fra: [
      'Dépôt en vérification',
      'Votre dépôt est en cours de vérification. Il est crédité dès la confirmation du paiement, en général sous 30 minutes.',
    ],
    spa: [
      'Recarga en revisión',
      'Su recarga está en revisión. Se acredita en cuanto se confirma el pago, normalmente en 30 minutos.',
    ],
  },
  {
    en: ['Closing', 'Is there anything else we can help you with? Have a nice day!'],
    zh: ['结束语', '请问还有其他可以帮您的吗？祝您生活愉快！'],
    hk: ['結束語', '請問還有其他可以幫到您的嗎？祝您生活愉快！'],
    jp: ['締めのあいさつ', '他にお手伝いできることはございますか？良い一日をお過ごしください。'],
    ko: ['마무리', '더 도와드릴 일이 있을까요? 좋은 하루 보내세요!'],
    th: ['ปิดการสนทนา', 'มีอะไรให้เราช่วยอีกไหมคะ ขอให้เป็นวันที่ดีค่ะ'],
    fra: ['Clôture', 'Pouvons-nous vous aider pour autre chose ? Bonne journée !'],
    spa: ['Despedida', '¿Podemos ayudarle en algo más? ¡Que tenga un buen día!'],
  },
];

export async function seedCanned(db: Kysely<Database>): Promise<void> {
  const rows = CANNED.flatMap((c) => Object.entries(c).map(([lang, [title, body]]) => ({ lang, title, body })));
  await db
    .insertInto('service_canned')
    .values(rows)
    .onConflict((oc) => oc.columns(['lang', 'title']).doNothing())
    .execute();
}
