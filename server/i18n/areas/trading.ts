/** Server messages of the trading area, in all eight languages. */
import type { Table } from '../table';

export const TRADING_MESSAGES = {
  trade_pair_unknown: {
    zh: '交易对不存在', en: 'Unknown trading pair', hk: '交易對不存在', th: 'ไม่พบคู่การซื้อขายนี้', jp: '取引ペアが存在しません',
    ko: '알 수 없는 거래쌍입니다', fra: 'Paire de trading inconnue', spa: 'Par de negociación desconocido',
  },
  trade_amount_invalid: {
    zh: '请输入正确的数量', en: 'Please enter a correct quantity', hk: '請輸入正確的數量', th: 'กรุณาใส่จำนวนที่ถูกต้อง', jp: '正しい数量を入力してください',
    ko: '올바른 수량을 입력하세요', fra: 'Veuillez saisir une quantité correcte', spa: 'Introduzca una cantidad correcta',
  },
  trade_price_invalid: {
    zh: '请输入正确的价格', en: 'Please enter a correct price', hk: '請輸入正確的價格', th: 'กรุณาใส่ราคาที่ถูกต้อง', jp: '正しい価格を入力してください',
    ko: '올바른 가격을 입력하세요', fra: 'Veuillez saisir un prix correct', spa: 'Introduzca un precio correcto',
  },
  trade_too_many_decimals: {
    zh: '最多 {decimals} 位小数', en: 'At most {decimals} decimal places', hk: '最多 {decimals} 位小數', th: 'ทศนิยมได้ไม่เกิน {decimals} ตำแหน่ง',
    jp: '小数点以下は最大 {decimals} 桁です', ko: '소수점 이하 최대 {decimals}자리입니다', fra: 'Au plus {decimals} décimales', spa: 'Como máximo {decimals} decimales',
  },
  trade_below_minimum: {
    zh: '最小数量为 {min}', en: 'The minimum is {min}', hk: '最小數量為 {min}', th: 'ขั้นต่ำคือ {min}', jp: '最小値は {min} です',
    ko: '최소값은 {min}입니다', fra: 'Le minimum est {min}', spa: 'El mínimo es {min}',
  },
  trade_above_maximum: {
    zh: '最大数量为 {max}', en: 'The maximum is {max}', hk: '最大數量為 {max}', th: 'สูงสุดคือ {max}', jp: '最大値は {max} です',
    ko: '최대값은 {max}입니다', fra: 'Le maximum est {max}', spa: 'El máximo es {max}',
  },
  trade_multiple_invalid: {
    zh: '该交易对不支持此倍数', en: 'This multiple is not available for this pair', hk: '該交易對不支援此倍數', th: 'คู่นี้ไม่รองรับเลเวอเรจนี้',
    jp: 'このペアではこの倍率は使えません', ko: '이 거래쌍에서는 이 배수를 사용할 수 없습니다', fra: "Ce multiple n'est pas disponible pour cette paire",
    spa: 'Este multiplicador no está disponible para este par',
  },
  trade_order_not_found: {
    zh: '订单不存在', en: 'Order not found', hk: '訂單不存在', th: 'ไม่พบคำสั่ง', jp: '注文が見つかりません',
    ko: '주문을 찾을 수 없습니다', fra: 'Ordre introuvable', spa: 'Orden no encontrada',
  },
  trade_order_not_open: {
    zh: '订单已成交或已撤销，无法操作', en: 'The order is already filled, closed or cancelled', hk: '訂單已成交或已撤銷，無法操作',
    th: 'คำสั่งนี้ถูกจับคู่ ปิด หรือยกเลิกแล้ว', jp: 'この注文は約定・決済・取消済みです', ko: '이미 체결, 청산 또는 취소된 주문입니다',
    fra: "L'ordre est déjà exécuté, clôturé ou annulé", spa: 'La orden ya está ejecutada, cerrada o cancelada',
  },
  trade_market_closed: {
    zh: '股票休市中，交易时间为 {hours}', en: 'The stock market is closed. Orders are accepted {hours}', hk: '股票休市中，交易時間為 {hours}',
    th: 'ตลาดหุ้นปิดอยู่ รับคำสั่งในช่วง {hours}', jp: '株式市場は休場中です。注文受付は {hours} です', ko: '주식 시장이 닫혀 있습니다. 주문 가능 시간: {hours}',
    fra: 'La bourse est fermée. Ordres acceptés {hours}', spa: 'El mercado de acciones está cerrado. Se aceptan órdenes {hours}',
  },
  engine_unavailable: {
    zh: '交易引擎切换中，请稍后重试', en: 'The trading engine is switching over, please try again in a few seconds', hk: '交易引擎切換中，請稍後重試',
    th: 'ระบบจับคู่คำสั่งกำลังสลับเครื่อง กรุณาลองใหม่ในอีกไม่กี่วินาที', jp: '取引エンジンの切り替え中です。数秒後に再試行してください', ko: '거래 엔진이 전환 중입니다. 몇 초 후 다시 시도하세요',
    fra: 'Le moteur de trading change de nœud, réessayez dans quelques secondes', spa: 'El motor de negociación está cambiando de nodo, inténtelo de nuevo en unos segundos',
  },
  trade_no_price: {
    zh: '暂无行情价格，请稍后再试', en: 'No market price yet, please try again shortly', hk: '暫無行情價格，請稍後再試',
    th: 'ยังไม่มีราคาตลาด กรุณาลองใหม่ภายหลัง', jp: '市場価格がまだありません。しばらくしてから再試行してください', ko: '아직 시장 가격이 없습니다. 잠시 후 다시 시도하세요',
    fra: "Pas encore de prix de marché, réessayez dans un instant", spa: 'Aún no hay precio de mercado, inténtelo en un momento',
  },
  trade_seconds_invalid: {
    zh: '不支持该秒数', en: 'This option period is not available', hk: '不支援該秒數', th: 'ไม่มีระยะเวลานี้', jp: 'この期間は利用できません',
    ko: '이 기간은 사용할 수 없습니다', fra: "Cette durée n'est pas disponible", spa: 'Este plazo no está disponible',
  },
  trade_currency_not_payable: {
    zh: '该币种不能用于秒合约', en: 'This currency cannot be used for seconds options', hk: '該幣種不能用於秒合約',
    th: 'สกุลเงินนี้ใช้กับออปชันวินาทีไม่ได้', jp: 'この通貨は秒オプションに使えません', ko: '이 통화는 초 옵션에 사용할 수 없습니다',
    fra: 'Cette devise ne peut pas servir aux options à la seconde', spa: 'Esta moneda no se puede usar en opciones por segundos',
  },
  trade_stop_invalid: {
    zh: '止盈价或止损价设置不正确', en: 'The take-profit or stop-loss price is on the wrong side of the price', hk: '止盈價或止損價設定不正確',
    th: 'ราคาทำกำไรหรือตัดขาดทุนไม่ถูกต้อง', jp: '利確価格または損切り価格が正しくありません', ko: '익절가 또는 손절가가 올바르지 않습니다',
    fra: 'Le prix de prise de bénéfice ou de stop-loss est du mauvais côté', spa: 'El precio de toma de ganancias o de stop-loss no es correcto',
  },
  trade_price_out_of_band: {
    zh: '限价须在 {min} 至 {max} 之间', en: 'The limit price must be between {min} and {max}', hk: '限價須在 {min} 至 {max} 之間',
    th: 'ราคาจำกัดต้องอยู่ระหว่าง {min} ถึง {max}', jp: '指値は {min} から {max} の範囲で指定してください', ko: '지정가는 {min}에서 {max} 사이여야 합니다',
    fra: 'Le prix limite doit être compris entre {min} et {max}', spa: 'El precio límite debe estar entre {min} y {max}',
  },
  trade_market_protection: {
    zh: '市价单将使价格偏离超过 {percent}%，已拒绝，请减少数量或使用限价单', en: 'This market order would move the price more than {percent}% and was refused; lower the amount or use a limit order',
    hk: '市價單將使價格偏離超過 {percent}%，已拒絕，請減少數量或使用限價單', th: 'คำสั่งตลาดนี้จะทำให้ราคาขยับเกิน {percent}% จึงถูกปฏิเสธ ลดจำนวนหรือใช้คำสั่งจำกัดราคา',
    jp: 'この成行注文は価格を {percent}% 超動かすため拒否されました。数量を減らすか指値注文をご利用ください', ko: '이 시장가 주문은 가격을 {percent}% 넘게 움직여 거절되었습니다. 수량을 줄이거나 지정가 주문을 사용하세요',
    fra: "Cet ordre au marché déplacerait le prix de plus de {percent} % et a été refusé ; réduisez la quantité ou utilisez un ordre limite",
    spa: 'Esta orden a mercado movería el precio más de un {percent} % y fue rechazada; reduzca la cantidad o use una orden límite',
  },
  trade_no_liquidity: {
    zh: '当前盘口没有可成交的挂单', en: 'There is nothing in the order book to trade against right now', hk: '當前盤口沒有可成交的掛單',
    th: 'ขณะนี้ไม่มีคำสั่งในสมุดคำสั่งให้จับคู่', jp: '現在、板に約定できる注文がありません', ko: '현재 호가창에 체결할 주문이 없습니다',
    fra: "Le carnet d'ordres n'a rien à exécuter pour le moment", spa: 'Ahora no hay nada en el libro de órdenes contra lo que operar',
  },
  notice_spot_filled: {
    zh: '现货{side}单已成交：{amount} {base} @ {price}', en: 'Spot {side} filled: {amount} {base} @ {price}', hk: '現貨{side}單已成交：{amount} {base} @ {price}',
    th: 'คำสั่ง{side}สปอตสำเร็จ: {amount} {base} @ {price}', jp: '現物{side}注文が約定：{amount} {base} @ {price}', ko: '현물 {side} 체결: {amount} {base} @ {price}',
    fra: 'Ordre spot {side} exécuté : {amount} {base} @ {price}', spa: 'Orden spot {side} ejecutada: {amount} {base} @ {price}',
  },
  notice_lever_opened: {
    zh: '{symbol} 合约已开仓 @ {price}', en: '{symbol} position opened @ {price}', hk: '{symbol} 合約已開倉 @ {price}', th: 'เปิดสถานะ {symbol} @ {price}',
    jp: '{symbol} のポジションを建てました @ {price}', ko: '{symbol} 포지션 진입 @ {price}', fra: 'Position {symbol} ouverte @ {price}', spa: 'Posición {symbol} abierta @ {price}',
  },
  notice_lever_closed: {
    zh: '{symbol} 合约已平仓 @ {price}，盈亏 {profit}', en: '{symbol} position closed @ {price}, P&L {profit}', hk: '{symbol} 合約已平倉 @ {price}，盈虧 {profit}',
    th: 'ปิดสถานะ {symbol} @ {price} กำไร/ขาดทุน {profit}', jp: '{symbol} のポジションを決済 @ {price}、損益 {profit}', ko: '{symbol} 포지션 청산 @ {price}, 손익 {profit}',
    fra: 'Position {symbol} clôturée @ {price}, P&L {profit}', spa: 'Posición {symbol} cerrada @ {price}, P&G {profit}',
  },
  notice_lever_liquidated: {
    zh: '风险率降至 {line}%，{symbol} 合约已强制平仓 @ {price}', en: 'Risk rate reached {line}%: {symbol} position force-closed @ {price}',
    hk: '風險率降至 {line}%，{symbol} 合約已強制平倉 @ {price}', th: 'อัตราความเสี่ยงถึง {line}% สถานะ {symbol} ถูกบังคับปิด @ {price}',
    jp: 'リスク率が {line}% に達し、{symbol} のポジションを強制決済 @ {price}', ko: '위험률 {line}% 도달: {symbol} 포지션 강제 청산 @ {price}',
    fra: 'Taux de risque à {line}% : position {symbol} liquidée @ {price}', spa: 'Tasa de riesgo en {line}%: posición {symbol} liquidada @ {price}',
  },
  notice_seconds_settled: {
    zh: '{symbol} {seconds}秒合约结算：{result}，盈亏 {profit}', en: '{symbol} {seconds}s option settled: {result}, P&L {profit}',
    hk: '{symbol} {seconds}秒合約結算：{result}，盈虧 {profit}', th: 'ออปชัน {symbol} {seconds} วินาทีชำระแล้ว: {result} กำไร/ขาดทุน {profit}',
    jp: '{symbol} {seconds}秒オプション決済：{result}、損益 {profit}', ko: '{symbol} {seconds}초 옵션 정산: {result}, 손익 {profit}',
    fra: 'Option {symbol} {seconds} s réglée : {result}, P&L {profit}', spa: 'Opción {symbol} {seconds} s liquidada: {result}, P&G {profit}',
  },
} satisfies Record<string, Table>;
