/** Server messages of P2P (OTC) trading and quick buy, in all eight languages. */
import type { Table } from '../table';

export const OTC_MESSAGES = {
  otc_amount_invalid: {
    zh: '请输入正确的数量（最多 {decimals} 位小数）', en: 'Enter a valid amount (at most {decimals} decimals)', hk: '請輸入正確的數量（最多 {decimals} 位小數）',
    th: 'กรุณาใส่จำนวนที่ถูกต้อง (ทศนิยมไม่เกิน {decimals} ตำแหน่ง)', jp: '正しい数量を入力してください（小数点以下 {decimals} 桁まで）',
    ko: '올바른 수량을 입력하세요 (소수점 {decimals}자리까지)', fra: 'Saisissez un montant valide ({decimals} décimales au plus)', spa: 'Introduzca una cantidad válida (como máximo {decimals} decimales)',
  },
  otc_fiat_invalid: {
    zh: '不支持该法币', en: 'This fiat currency is not supported', hk: '不支援該法幣', th: 'ไม่รองรับสกุลเงินนี้', jp: 'この法定通貨には対応していません',
    ko: '지원하지 않는 법정화폐입니다', fra: "Cette monnaie n'est pas prise en charge", spa: 'Esta moneda no está admitida',
  },
  otc_merchant_exists: {
    zh: '您已申请或已是商家', en: 'You have already applied or are already a merchant', hk: '您已申請或已是商家', th: 'คุณสมัครแล้วหรือเป็นผู้ค้าอยู่แล้ว',
    jp: 'すでに申請済みか、すでに加盟店です', ko: '이미 신청했거나 이미 판매자입니다', fra: 'Vous avez déjà postulé ou êtes déjà marchand', spa: 'Ya lo ha solicitado o ya es comerciante',
  },
  otc_not_merchant: {
    zh: '只有通过审核的商家才能发布广告', en: 'Only approved merchants can post ads', hk: '只有通過審核的商家才能發佈廣告', th: 'เฉพาะผู้ค้าที่ได้รับอนุมัติเท่านั้นที่ลงประกาศได้',
    jp: '承認された加盟店のみ広告を掲載できます', ko: '승인된 판매자만 광고를 게시할 수 있습니다', fra: 'Seuls les marchands approuvés peuvent publier des annonces', spa: 'Solo los comerciantes aprobados pueden publicar anuncios',
  },
  otc_pay_methods_full: {
    zh: '最多可添加 10 个收款方式', en: 'You can add at most 10 payment methods', hk: '最多可新增 10 個收款方式', th: 'เพิ่มวิธีรับเงินได้สูงสุด 10 วิธี',
    jp: '受取方法は最大 10 件まで追加できます', ko: '결제 수단은 최대 10개까지 추가할 수 있습니다', fra: "Vous pouvez ajouter au plus 10 moyens de paiement", spa: 'Puede añadir como máximo 10 métodos de pago',
  },
  otc_pay_kinds_invalid: {
    zh: '请选择至少一种收款方式', en: 'Choose at least one payment method', hk: '請選擇至少一種收款方式', th: 'กรุณาเลือกวิธีชำระเงินอย่างน้อยหนึ่งวิธี',
    jp: '支払方法を 1 つ以上選択してください', ko: '결제 수단을 하나 이상 선택하세요', fra: 'Choisissez au moins un moyen de paiement', spa: 'Elija al menos un método de pago',
  },
  otc_window_invalid: {
    zh: '付款时限须为 {min} 至 {max} 分钟', en: 'The payment window must be {min} to {max} minutes', hk: '付款時限須為 {min} 至 {max} 分鐘', th: 'ระยะเวลาชำระเงินต้องอยู่ระหว่าง {min} ถึง {max} นาที',
    jp: '支払期限は {min}〜{max} 分にしてください', ko: '결제 시간은 {min}~{max}분이어야 합니다', fra: 'Le délai de paiement doit être de {min} à {max} minutes', spa: 'El plazo de pago debe ser de {min} a {max} minutos',
  },
  otc_margin_invalid: {
    zh: '溢价须在 {min}% 至 {max}% 之间（最多两位小数）', en: 'The margin must be between {min}% and {max}% (at most 2 decimals)', hk: '溢價須在 {min}% 至 {max}% 之間（最多兩位小數）',
    th: 'ส่วนต่างราคาต้องอยู่ระหว่าง {min}% ถึง {max}% (ทศนิยมไม่เกิน 2 ตำแหน่ง)', jp: 'マージンは {min}%〜{max}%（小数点以下 2 桁まで）にしてください',
    ko: '마진은 {min}%에서 {max}% 사이여야 합니다 (소수점 2자리까지)', fra: 'La marge doit être comprise entre {min} % et {max} % (2 décimales au plus)', spa: 'El margen debe estar entre {min} % y {max} % (como máximo 2 decimales)',
  },
  otc_limits_invalid: {
    zh: '单笔最小限额不能大于最大限额', en: 'The per-order minimum cannot be above the maximum', hk: '單筆最小限額不能大於最大限額', th: 'ขั้นต่ำต่อคำสั่งต้องไม่มากกว่าสูงสุด',
    jp: '1 注文の下限は上限を超えられません', ko: '주문당 최소 한도는 최대 한도보다 클 수 없습니다', fra: 'Le minimum par ordre ne peut dépasser le maximum', spa: 'El mínimo por orden no puede superar el máximo',
  },
  otc_need_pay_method: {
    zh: '请先添加对应的收款方式', en: 'Add a matching payment method first', hk: '請先新增對應的收款方式', th: 'กรุณาเพิ่มวิธีรับเงินที่ตรงกันก่อน',
    jp: '先に対応する受取方法を追加してください', ko: '먼저 해당 결제 수단을 추가하세요', fra: "Ajoutez d'abord un moyen de paiement correspondant", spa: 'Primero añada un método de pago correspondiente',
  },
  otc_ad_not_found: {
    zh: '广告不存在', en: 'Ad not found', hk: '廣告不存在', th: 'ไม่พบประกาศ', jp: '広告が見つかりません', ko: '광고를 찾을 수 없습니다', fra: 'Annonce introuvable', spa: 'Anuncio no encontrado',
  },
  otc_ad_unavailable: {
    zh: '该广告暂不可交易', en: 'This ad is not available right now', hk: '該廣告暫不可交易', th: 'ประกาศนี้ไม่พร้อมใช้งานในขณะนี้',
    jp: 'この広告は現在取引できません', ko: '이 광고는 지금 거래할 수 없습니다', fra: "Cette annonce n'est pas disponible pour le moment", spa: 'Este anuncio no está disponible ahora',
  },
  otc_own_ad: {
    zh: '不能与自己的广告交易', en: 'You cannot trade with your own ad', hk: '不能與自己的廣告交易', th: 'ไม่สามารถซื้อขายกับประกาศของตัวเองได้',
    jp: '自分の広告とは取引できません', ko: '자신의 광고와는 거래할 수 없습니다', fra: 'Vous ne pouvez pas traiter avec votre propre annonce', spa: 'No puede operar con su propio anuncio',
  },
  otc_too_many_orders: {
    zh: '您最多只能有 {n} 笔未完成的订单', en: 'You can have at most {n} unfinished orders', hk: '您最多可有 {n} 筆未完成的訂單', th: 'คุณมีคำสั่งที่ยังไม่เสร็จได้สูงสุด {n} รายการ',
    jp: '未完了の注文は最大 {n} 件までです', ko: '미완료 주문은 최대 {n}건까지 가능합니다', fra: 'Vous pouvez avoir au plus {n} ordres non terminés', spa: 'Puede tener como máximo {n} órdenes sin terminar',
  },
  otc_below_min: {
    zh: '单笔最少 {min} {fiat}', en: 'The minimum per order is {min} {fiat}', hk: '單筆最少 {min} {fiat}', th: 'ขั้นต่ำต่อคำสั่งคือ {min} {fiat}',
    jp: '1 注文の最小額は {min} {fiat} です', ko: '주문당 최소 금액은 {min} {fiat}입니다', fra: 'Le minimum par ordre est de {min} {fiat}', spa: 'El mínimo por orden es {min} {fiat}',
  },
  otc_above_max: {
    zh: '本单最多 {max} {fiat}', en: 'This order can be at most {max} {fiat}', hk: '本單最多 {max} {fiat}', th: 'คำสั่งนี้สูงสุดได้ {max} {fiat}',
    jp: 'この注文の上限は {max} {fiat} です', ko: '이 주문은 최대 {max} {fiat}까지 가능합니다', fra: 'Cet ordre peut être de {max} {fiat} au plus', spa: 'Esta orden puede ser como máximo de {max} {fiat}',
  },
  otc_above_level: {
    zh: '超出您认证等级的单笔法币限额（{limit} USDT），请完成高级认证', en: 'Above the per-order fiat limit of your verification level ({limit} USDT): complete advanced verification',
    hk: '超出您認證等級的單筆法幣限額（{limit} USDT），請完成高級認證', th: 'เกินวงเงินต่อคำสั่งของระดับการยืนยันตัวตนของคุณ ({limit} USDT) กรุณายืนยันตัวตนขั้นสูง',
    jp: '本人確認レベルの 1 注文あたりの上限（{limit} USDT）を超えています。上位の本人確認を完了してください', ko: '인증 등급의 주문당 한도({limit} USDT)를 초과했습니다. 고급 인증을 완료하세요',
    fra: "Au-delà de la limite par ordre de votre niveau de vérification ({limit} USDT) : terminez la vérification avancée", spa: 'Supera el límite por orden de su nivel de verificación ({limit} USDT): complete la verificación avanzada',
  },
  otc_merchant_balance: {
    zh: '商家余额不足，请选择其他广告', en: "The merchant's balance is short: choose another ad", hk: '商家餘額不足，請選擇其他廣告', th: 'ยอดเงินของผู้ค้าไม่พอ กรุณาเลือกประกาศอื่น',
    jp: '加盟店の残高が不足しています。別の広告を選んでください', ko: '판매자의 잔액이 부족합니다. 다른 광고를 선택하세요', fra: 'Le solde du marchand est insuffisant : choisissez une autre annonce', spa: 'El saldo del comerciante es insuficiente: elija otro anuncio',
  },
  otc_quote_expired: {
    zh: '报价已过期，请重新获取', en: 'The quote has expired: get a new one', hk: '報價已過期，請重新取得', th: 'ใบเสนอราคาหมดอายุแล้ว กรุณาขอใหม่',
    jp: '見積もりの有効期限が切れました。再取得してください', ko: '견적이 만료되었습니다. 새로 받으세요', fra: 'Le devis a expiré : demandez-en un nouveau', spa: 'La cotización ha caducado: solicite una nueva',
  },
  otc_quote_used: {
    zh: '该报价已使用', en: 'This quote has already been used', hk: '該報價已使用', th: 'ใบเสนอราคานี้ถูกใช้แล้ว', jp: 'この見積もりは使用済みです',
    ko: '이미 사용된 견적입니다', fra: 'Ce devis a déjà été utilisé', spa: 'Esta cotización ya se ha utilizado',
  },
  otc_quote_none: {
    zh: '暂无可成交该金额的广告', en: 'No ad can fill this amount right now', hk: '暫無可成交該金額的廣告', th: 'ขณะนี้ไม่มีประกาศที่รองรับจำนวนนี้',
    jp: '現在この金額に対応できる広告はありません', ko: '지금 이 금액을 체결할 수 있는 광고가 없습니다', fra: 'Aucune annonce ne peut couvrir ce montant pour le moment', spa: 'Ningún anuncio puede cubrir este importe ahora',
  },
  otc_order_not_found: {
    zh: '订单不存在', en: 'Order not found', hk: '訂單不存在', th: 'ไม่พบคำสั่ง', jp: '注文が見つかりません', ko: '주문을 찾을 수 없습니다', fra: 'Ordre introuvable', spa: 'Orden no encontrada',
  },
  otc_order_state: {
    zh: '订单当前状态不允许此操作', en: 'The order cannot do that in its current state', hk: '訂單目前狀態不允許此操作', th: 'คำสั่งในสถานะปัจจุบันไม่สามารถทำรายการนี้ได้',
    jp: '現在の注文状態ではこの操作はできません', ko: '현재 주문 상태에서는 할 수 없는 작업입니다', fra: "L'ordre ne permet pas cette action dans son état actuel", spa: 'La orden no permite esta acción en su estado actual',
  },
  otc_not_paid: {
    zh: '买家尚未标记付款，请确认已收到款项后再放币', en: 'The buyer has not marked the order paid: confirm you received the money before releasing',
    hk: '買家尚未標記付款，請確認已收到款項後再放幣', th: 'ผู้ซื้อยังไม่ได้แจ้งชำระเงิน กรุณายืนยันว่าได้รับเงินแล้วก่อนปล่อยเหรียญ',
    jp: '買い手はまだ支払済みにしていません。入金を確認してからリリースしてください', ko: '구매자가 아직 결제 완료로 표시하지 않았습니다. 입금을 확인한 후 코인을 보내세요',
    fra: "L'acheteur n'a pas marqué l'ordre payé : confirmez la réception de l'argent avant de libérer", spa: 'El comprador no ha marcado la orden como pagada: confirme que recibió el dinero antes de liberar',
  },
  otc_order_expired: {
    zh: '订单已超过付款时限', en: 'The payment window of this order has passed', hk: '訂單已超過付款時限', th: 'เลยระยะเวลาชำระเงินของคำสั่งนี้แล้ว',
    jp: 'この注文の支払期限を過ぎています', ko: '이 주문의 결제 시간이 지났습니다', fra: 'Le délai de paiement de cet ordre est passé', spa: 'El plazo de pago de esta orden ha pasado',
  },
  otc_order_in_appeal: {
    zh: '订单申诉中，等待客服处理', en: 'The order is under appeal: support will decide', hk: '訂單申訴中，等待客服處理', th: 'คำสั่งอยู่ระหว่างการอุทธรณ์ ฝ่ายบริการจะตัดสิน',
    jp: '注文は申し立て中です。サポートが判断します', ko: '주문이 이의 제기 중입니다. 고객센터가 결정합니다', fra: "L'ordre est en litige : le support décidera", spa: 'La orden está en apelación: soporte decidirá',
  },
} satisfies Record<string, Table>;
