/** The demo IEO projects' descriptions in every language (by seed key); project names are brands and stay as they are. */
export const IEO_DESCRIPTIONS: Record<string, Record<string, string>> = {
  'ieo-finished': {
    en: 'A cross-chain settlement layer. Subscription has closed; allocations were made pro rata.',
    zh: '跨链结算层。认购已结束，已按比例分配。',
    hk: '跨鏈結算層。認購已結束，已按比例分配。',
    jp: 'クロスチェーン決済レイヤー。申込は終了し、按分で配分されました。',
    ko: '크로스체인 결제 레이어. 청약이 마감되어 비례 배정되었습니다.',
    th: 'เลเยอร์การชำระราคาข้ามเชน ปิดการจองซื้อแล้ว จัดสรรตามสัดส่วน',
    fra: 'Une couche de règlement inter-chaînes. La souscription est close ; les allocations ont été faites au prorata.',
    spa: 'Una capa de liquidación entre cadenas. La suscripción ha cerrado; las asignaciones se hicieron a prorrata.',
  },
  'ieo-live': {
    en: 'Instant merchant payments in stablecoins. Oversubscribed rounds are allotted pro rata.',
    zh: '以稳定币即时向商户付款。超额认购按比例分配。',
    hk: '以穩定幣即時向商戶付款。超額認購按比例分配。',
    jp: 'ステーブルコインによる加盟店への即時決済。超過申込は按分で配分されます。',
    ko: '스테이블코인으로 가맹점에 즉시 결제. 초과 청약은 비례 배정됩니다.',
    th: 'ชำระเงินให้ร้านค้าทันทีด้วยสเตเบิลคอยน์ รอบที่จองเกินจะจัดสรรตามสัดส่วน',
    fra: 'Paiements instantanés aux commerçants en stablecoins. Les tours sursouscrits sont alloués au prorata.',
    spa: 'Pagos instantáneos a comercios en stablecoins. Las rondas sobresuscritas se asignan a prorrata.',
  },
  'ieo-warmup': {
    en: 'Tokenised renewable-energy certificates. Subscription opens soon.',
    zh: '代币化的可再生能源证书。认购即将开始。',
    hk: '代幣化的可再生能源證書。認購即將開始。',
    jp: 'トークン化された再生可能エネルギー証書。申込はまもなく開始します。',
    ko: '토큰화된 재생에너지 인증서. 곧 청약이 시작됩니다.',
    th: 'ใบรับรองพลังงานหมุนเวียนในรูปโทเคน เปิดจองซื้อเร็ว ๆ นี้',
    fra: "Certificats d'énergie renouvelable tokenisés. La souscription ouvre bientôt.",
    spa: 'Certificados de energía renovable tokenizados. La suscripción abre pronto.',
  },
};
