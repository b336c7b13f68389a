/** Server messages of P2P notices (in-app and email) and the ad escrow, in all eight languages. */
import type { Table } from '../table';

export const OTC_NOTICE_MESSAGES = {
  otc_ad_balance: {
    zh: '可用余额不足：发布该出售广告需冻结全部 {total} {coin}', en: 'Not enough available balance: a sell ad holds its whole {total} {coin} when posted',
    hk: '可用餘額不足：發佈該出售廣告需凍結全部 {total} {coin}', th: 'ยอดคงเหลือไม่พอ: ประกาศขายจะกันเหรียญทั้งหมด {total} {coin} ไว้เมื่อโพสต์',
    jp: '利用可能残高が不足しています：売り広告は掲載時に {total} {coin} 全額を預かります', ko: '사용 가능 잔액 부족: 판매 광고는 게시할 때 {total} {coin} 전액을 동결합니다',
    fra: 'Solde disponible insuffisant : une annonce de vente bloque la totalité de ses {total} {coin} dès sa publication',
    spa: 'Saldo disponible insuficiente: un anuncio de venta retiene sus {total} {coin} completos al publicarse',
  },
  otc_order_opened_title: {
    zh: '新的 P2P 订单', en: 'New P2P order', hk: '新的 P2P 訂單', th: 'คำสั่ง P2P ใหม่', jp: '新しい P2P 注文', ko: '새 P2P 주문', fra: 'Nouvel ordre P2P', spa: 'Nueva orden P2P',
  },
  otc_order_opened_body: {
    zh: '订单 #{id} 已在您的广告上创建：{coin_amount} {coin}，金额 {fiat_amount} {fiat}。', en: 'Order #{id} was opened on your ad: {coin_amount} {coin} for {fiat_amount} {fiat}.',
    hk: '訂單 #{id} 已在您的廣告上建立：{coin_amount} {coin}，金額 {fiat_amount} {fiat}。', th: 'มีคำสั่ง #{id} บนประกาศของคุณ: {coin_amount} {coin} เป็นเงิน {fiat_amount} {fiat}',
    jp: 'あなたの広告で注文 #{id} が作成されました：{coin_amount} {coin}、{fiat_amount} {fiat}。', ko: '광고에 주문 #{id}이(가) 생성되었습니다: {coin_amount} {coin}, {fiat_amount} {fiat}.',
    fra: "L'ordre n°{id} a été ouvert sur votre annonce : {coin_amount} {coin} pour {fiat_amount} {fiat}.", spa: 'Se abrió la orden #{id} en su anuncio: {coin_amount} {coin} por {fiat_amount} {fiat}.',
  },
  otc_order_paid_title: {
    zh: '买家已付款', en: 'The buyer has paid', hk: '買家已付款', th: 'ผู้ซื้อชำระเงินแล้ว', jp: '買い手が支払いました', ko: '구매자가 결제했습니다', fra: "L'acheteur a payé", spa: 'El comprador ha pagado',
  },
  otc_order_paid_body: {
    zh: '买家已将订单 #{id} 标记为已付款（{fiat_amount} {fiat}）。请确认到账后放行 {coin_amount} {coin}。',
    en: 'The buyer marked order #{id} paid ({fiat_amount} {fiat}). Check that the money arrived, then release {coin_amount} {coin}.',
    hk: '買家已將訂單 #{id} 標記為已付款（{fiat_amount} {fiat}）。請確認到賬後放行 {coin_amount} {coin}。',
    th: 'ผู้ซื้อแจ้งว่าชำระคำสั่ง #{id} แล้ว ({fiat_amount} {fiat}) ตรวจสอบว่าเงินเข้าแล้วจึงปล่อย {coin_amount} {coin}',
    jp: '買い手が注文 #{id} を支払済みにしました（{fiat_amount} {fiat}）。入金を確認してから {coin_amount} {coin} をリリースしてください。',
    ko: '구매자가 주문 #{id}을(를) 결제 완료로 표시했습니다({fiat_amount} {fiat}). 입금을 확인한 후 {coin_amount} {coin}을 보내세요.',
    fra: "L'acheteur a marqué l'ordre n°{id} payé ({fiat_amount} {fiat}). Vérifiez la réception, puis libérez {coin_amount} {coin}.",
    spa: 'El comprador marcó la orden #{id} como pagada ({fiat_amount} {fiat}). Compruebe que llegó el dinero y libere {coin_amount} {coin}.',
  },
  otc_order_released_title: {
    zh: '币已放行', en: 'Coins released', hk: '幣已放行', th: 'ปล่อยเหรียญแล้ว', jp: 'コインがリリースされました', ko: '코인이 전송되었습니다', fra: 'Cryptos libérées', spa: 'Monedas liberadas',
  },
  otc_order_released_body: {
    zh: '订单 #{id} 的 {coin_amount} {coin} 已放行到您的账户。', en: 'The {coin_amount} {coin} of order #{id} has been released to your account.',
    hk: '訂單 #{id} 的 {coin_amount} {coin} 已放行到您的帳戶。', th: '{coin_amount} {coin} ของคำสั่ง #{id} ถูกปล่อยเข้าบัญชีของคุณแล้ว',
    jp: '注文 #{id} の {coin_amount} {coin} があなたのアカウントにリリースされました。', ko: '주문 #{id}의 {coin_amount} {coin}이 계정으로 전송되었습니다.',
    fra: "Les {coin_amount} {coin} de l'ordre n°{id} ont été versés sur votre compte.", spa: 'Los {coin_amount} {coin} de la orden #{id} se han liberado en su cuenta.',
  },
  otc_appeal_opened_title: {
    zh: '订单申诉中', en: 'Order under appeal', hk: '訂單申訴中', th: 'คำสั่งอยู่ระหว่างอุทธรณ์', jp: '注文の申し立て', ko: '주문 이의 제기', fra: 'Ordre en litige', spa: 'Orden en apelación',
  },
  otc_appeal_opened_body: {
    zh: '订单 #{id} 已进入申诉，托管的 {coin_amount} {coin} 将保持冻结，直到客服根据证据作出决定。',
    en: 'Order #{id} is under appeal: the {coin_amount} {coin} in escrow stays frozen until support decides on the evidence.',
    hk: '訂單 #{id} 已進入申訴，託管的 {coin_amount} {coin} 將保持凍結，直到客服根據證據作出決定。',
    th: 'คำสั่ง #{id} อยู่ระหว่างอุทธรณ์: {coin_amount} {coin} ที่ค้ำไว้จะถูกตรึงจนกว่าฝ่ายบริการจะตัดสินจากหลักฐาน',
    jp: '注文 #{id} は申し立て中です。預かり中の {coin_amount} {coin} はサポートが証拠に基づき判断するまで凍結されます。',
    ko: '주문 #{id}이(가) 이의 제기 중입니다. 에스크로의 {coin_amount} {coin}은 고객센터가 증거를 보고 결정할 때까지 동결됩니다.',
    fra: "L'ordre n°{id} est en litige : les {coin_amount} {coin} en séquestre restent bloqués jusqu'à la décision du support.",
    spa: 'La orden #{id} está en apelación: los {coin_amount} {coin} en custodia siguen congelados hasta que soporte decida.',
  },
  otc_appeal_decided_title: {
    zh: '申诉已处理', en: 'Appeal decided', hk: '申訴已處理', th: 'ตัดสินอุทธรณ์แล้ว', jp: '申し立ての判断', ko: '이의 제기 결정', fra: 'Litige tranché', spa: 'Apelación resuelta',
  },
  otc_appeal_release_body: {
    zh: '客服已处理订单 #{id} 的申诉：{coin_amount} {coin} 已放行给买家。理由：{reason}', en: 'Support decided the appeal of order #{id}: the {coin_amount} {coin} went to the buyer. Reason: {reason}',
    hk: '客服已處理訂單 #{id} 的申訴：{coin_amount} {coin} 已放行給買家。理由：{reason}', th: 'ฝ่ายบริการตัดสินอุทธรณ์คำสั่ง #{id}: {coin_amount} {coin} โอนให้ผู้ซื้อ เหตุผล: {reason}',
    jp: 'サポートが注文 #{id} の申し立てを判断しました：{coin_amount} {coin} は買い手に渡りました。理由：{reason}', ko: '고객센터가 주문 #{id}의 이의 제기를 결정했습니다: {coin_amount} {coin}이 구매자에게 전송되었습니다. 사유: {reason}',
    fra: "Le support a tranché le litige de l'ordre n°{id} : les {coin_amount} {coin} vont à l'acheteur. Motif : {reason}", spa: 'Soporte resolvió la apelación de la orden #{id}: los {coin_amount} {coin} fueron al comprador. Motivo: {reason}',
  },
  otc_appeal_refund_body: {
    zh: '客服已处理订单 #{id} 的申诉：{coin_amount} {coin} 已退还卖家。理由：{reason}', en: 'Support decided the appeal of order #{id}: the {coin_amount} {coin} went back to the seller. Reason: {reason}',
    hk: '客服已處理訂單 #{id} 的申訴：{coin_amount} {coin} 已退還賣家。理由：{reason}', th: 'ฝ่ายบริการตัดสินอุทธรณ์คำสั่ง #{id}: {coin_amount} {coin} คืนให้ผู้ขาย เหตุผล: {reason}',
    jp: 'サポートが注文 #{id} の申し立てを判断しました：{coin_amount} {coin} は売り手に返却されました。理由：{reason}', ko: '고객센터가 주문 #{id}의 이의 제기를 결정했습니다: {coin_amount} {coin}이 판매자에게 반환되었습니다. 사유: {reason}',
    fra: "Le support a tranché le litige de l'ordre n°{id} : les {coin_amount} {coin} reviennent au vendeur. Motif : {reason}", spa: 'Soporte resolvió la apelación de la orden #{id}: los {coin_amount} {coin} volvieron al vendedor. Motivo: {reason}',
  },
  otc_order_timeout_title: {
    zh: '订单超时已取消', en: 'Order timed out', hk: '訂單逾時已取消', th: 'คำสั่งหมดเวลา', jp: '注文がタイムアウトしました', ko: '주문 시간 초과', fra: 'Ordre expiré', spa: 'Orden caducada',
  },
  otc_order_timeout_body: {
    zh: '订单 #{id} 未在付款时限内付款，已自动取消；托管的 {coin_amount} {coin} 已退回卖家。', en: 'Order #{id} was not paid within its payment window and was cancelled; the {coin_amount} {coin} in escrow went back to the seller.',
    hk: '訂單 #{id} 未在付款時限內付款，已自動取消；託管的 {coin_amount} {coin} 已退回賣家。', th: 'คำสั่ง #{id} ไม่ได้ชำระภายในเวลาและถูกยกเลิก {coin_amount} {coin} ที่ค้ำไว้คืนให้ผู้ขายแล้ว',
    jp: '注文 #{id} は支払期限内に支払われず取り消されました。預かり中の {coin_amount} {coin} は売り手に戻りました。', ko: '주문 #{id}이(가) 결제 시간 내에 결제되지 않아 취소되었습니다. 에스크로의 {coin_amount} {coin}은 판매자에게 반환되었습니다.',
    fra: "L'ordre n°{id} n'a pas été payé dans le délai et a été annulé ; les {coin_amount} {coin} en séquestre sont revenus au vendeur.", spa: 'La orden #{id} no se pagó dentro del plazo y se canceló; los {coin_amount} {coin} en custodia volvieron al vendedor.',
  },
} satisfies Record<string, Table>;
