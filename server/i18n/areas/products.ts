/** Server messages of the products area (dual invest, lock-up mining, IEO), in all eight languages. */
import type { Table } from '../table';

export const PRODUCT_MESSAGES = {
  product_not_found: {
    zh: '产品不存在', en: 'The product does not exist', hk: '產品不存在', th: 'ไม่พบผลิตภัณฑ์นี้', jp: '商品が存在しません',
    ko: '상품이 존재하지 않습니다', fra: "Le produit n'existe pas", spa: 'El producto no existe',
  },
  product_order_not_found: {
    zh: '订单不存在', en: 'Order not found', hk: '訂單不存在', th: 'ไม่พบคำสั่งซื้อ', jp: '注文が見つかりません',
    ko: '주문을 찾을 수 없습니다', fra: 'Commande introuvable', spa: 'Pedido no encontrado',
  },
  dual_num_required: {
    zh: '请输入购买数量', en: 'Please enter the purchase quantity', hk: '請輸入購買數量', th: 'กรุณาใส่จำนวนที่ต้องการซื้อ', jp: '購入数量を入力してください',
    ko: '구매 수량을 입력하세요', fra: "Veuillez saisir la quantité d'achat", spa: 'Introduzca la cantidad de compra',
  },
  dual_num_integer: {
    zh: '数量应为整数', en: 'The quantity should be an integer', hk: '數量應為整數', th: 'จำนวนต้องเป็นจำนวนเต็ม', jp: '数量は整数で入力してください',
    ko: '수량은 정수여야 합니다', fra: 'La quantité doit être un nombre entier', spa: 'La cantidad debe ser un número entero',
  },
  dual_num_below_min: {
    zh: '最少购买 {min} 份', en: 'Buy at least {min} shares', hk: '最少購買 {min} 份', th: 'ซื้ออย่างน้อย {min} หน่วย', jp: '最低 {min} 口から購入できます',
    ko: '최소 {min}좌 이상 구매하세요', fra: 'Achetez au moins {min} parts', spa: 'Compre al menos {min} participaciones',
  },
  dual_num_above_max: {
    zh: '最多购买 {max} 份', en: 'Buy at most {max} shares', hk: '最多購買 {max} 份', th: 'ซื้อได้ไม่เกิน {max} หน่วย', jp: '最大 {max} 口まで購入できます',
    ko: '최대 {max}좌까지 구매할 수 있습니다', fra: 'Achetez au plus {max} parts', spa: 'Compre como máximo {max} participaciones',
  },
  dual_sold_out: {
    zh: '剩余份数不足，仅剩 {remaining} 份', en: 'Not enough shares left: {remaining} remaining', hk: '剩餘份數不足，僅剩 {remaining} 份',
    th: 'หน่วยคงเหลือไม่พอ: เหลือ {remaining} หน่วย', jp: '残り口数が足りません（残り {remaining} 口）', ko: '남은 수량이 부족합니다: {remaining}좌 남음',
    fra: 'Pas assez de parts : il en reste {remaining}', spa: 'No quedan suficientes participaciones: quedan {remaining}',
  },
  dual_closed: {
    zh: '该产品已停止申购', en: 'This product is no longer on sale', hk: '該產品已停止申購', th: 'ผลิตภัณฑ์นี้ปิดการขายแล้ว', jp: 'この商品の販売は終了しました',
    ko: '이 상품은 판매가 종료되었습니다', fra: "Ce produit n'est plus en vente", spa: 'Este producto ya no está a la venta',
  },
  product_amount_invalid: {
    zh: '请输入正确的金额', en: 'Please enter a correct amount', hk: '請輸入正確的金額', th: 'กรุณาใส่จำนวนเงินที่ถูกต้อง', jp: '正しい金額を入力してください',
    ko: '올바른 금액을 입력하세요', fra: 'Veuillez saisir un montant correct', spa: 'Introduzca un importe correcto',
  },
  product_too_many_decimals: {
    zh: '最多 {decimals} 位小数', en: 'At most {decimals} decimal places', hk: '最多 {decimals} 位小數', th: 'ทศนิยมได้ไม่เกิน {decimals} ตำแหน่ง',
    jp: '小数点以下は最大 {decimals} 桁です', ko: '소수점 이하 최대 {decimals}자리입니다', fra: 'Au plus {decimals} décimales', spa: 'Como máximo {decimals} decimales',
  },
  product_below_min: {
    zh: '最小单笔金额为 {min}', en: 'The minimum single amount is {min}', hk: '最小單筆金額為 {min}', th: 'จำนวนขั้นต่ำต่อครั้งคือ {min}', jp: '1回の最低金額は {min} です',
    ko: '1회 최소 금액은 {min}입니다', fra: 'Le montant minimum par opération est {min}', spa: 'El importe mínimo por operación es {min}',
  },
  product_above_max: {
    zh: '最大单笔金额为 {max}', en: 'The maximum single amount is {max}', hk: '最大單筆金額為 {max}', th: 'จำนวนสูงสุดต่อครั้งคือ {max}', jp: '1回の最大金額は {max} です',
    ko: '1회 최대 금액은 {max}입니다', fra: 'Le montant maximum par opération est {max}', spa: 'El importe máximo por operación es {max}',
  },
  lock_order_redeemed: {
    zh: '该订单已赎回', en: 'This order has already been redeemed', hk: '該訂單已贖回', th: 'คำสั่งนี้ถูกไถ่ถอนแล้ว', jp: 'この注文は償還済みです',
    ko: '이미 상환된 주문입니다', fra: 'Cette commande a déjà été remboursée', spa: 'Este pedido ya ha sido rescatado',
  },
  ieo_not_started: {
    zh: '申购尚未开始', en: 'Subscription has not started yet', hk: '申購尚未開始', th: 'ยังไม่เปิดจองซื้อ', jp: '申込みはまだ開始していません',
    ko: '청약이 아직 시작되지 않았습니다', fra: "La souscription n'a pas encore commencé", spa: 'La suscripción aún no ha comenzado',
  },
  ieo_finished: {
    zh: '申购已结束', en: 'Subscription has ended', hk: '申購已結束', th: 'ปิดการจองซื้อแล้ว', jp: '申込みは終了しました',
    ko: '청약이 종료되었습니다', fra: 'La souscription est terminée', spa: 'La suscripción ha finalizado',
  },
  ieo_pay_currency_invalid: {
    zh: '该项目不支持此支付币种', en: 'This project does not accept that payment currency', hk: '該項目不支援此支付幣種',
    th: 'โครงการนี้ไม่รับสกุลเงินนี้', jp: 'このプロジェクトはその通貨での支払いに対応していません', ko: '이 프로젝트는 해당 결제 통화를 지원하지 않습니다',
    fra: "Ce projet n'accepte pas cette devise de paiement", spa: 'Este proyecto no acepta esa moneda de pago',
  },
  ieo_price_changed: {
    zh: '价格已变化，请刷新后重试', en: 'The price has changed, please refresh and try again', hk: '價格已變化，請刷新後重試',
    th: 'ราคาเปลี่ยนแปลงแล้ว กรุณารีเฟรชแล้วลองใหม่', jp: '価格が変更されました。更新してから再度お試しください', ko: '가격이 변경되었습니다. 새로고침 후 다시 시도하세요',
    fra: 'Le prix a changé, veuillez actualiser et réessayer', spa: 'El precio ha cambiado, actualice e inténtelo de nuevo',
  },
  ieo_time_invalid: {
    zh: '结束时间应晚于开始时间，上市时间不早于结束时间', en: 'The end time must be later than the start time, and listing no earlier than the end',
    hk: '結束時間應晚於開始時間，上市時間不早於結束時間', th: 'เวลาสิ้นสุดต้องหลังเวลาเริ่ม และวันจดทะเบียนต้องไม่ก่อนเวลาสิ้นสุด',
    jp: '終了時刻は開始時刻より後、上場時刻は終了時刻以降にしてください', ko: '종료 시간은 시작 시간 이후여야 하고 상장 시간은 종료 시간 이후여야 합니다',
    fra: "La fin doit suivre le début, et la cotation ne peut précéder la fin", spa: 'El fin debe ser posterior al inicio y la cotización no anterior al fin',
  },
  ieo_symbol_taken: {
    zh: '该代币符号已被其他币种使用', en: 'That token symbol is already used by another currency', hk: '該代幣符號已被其他幣種使用',
    th: 'สัญลักษณ์โทเคนนี้ถูกใช้แล้ว', jp: 'そのトークンシンボルは既に使われています', ko: '해당 토큰 심볼은 이미 사용 중입니다',
    fra: 'Ce symbole est déjà utilisé par une autre devise', spa: 'Ese símbolo ya lo usa otra moneda',
  },
  ieo_not_ended: {
    zh: '项目尚未结束', en: 'The project has not ended yet', hk: '項目尚未結束', th: 'โครงการยังไม่สิ้นสุด', jp: 'プロジェクトはまだ終了していません',
    ko: '프로젝트가 아직 종료되지 않았습니다', fra: "Le projet n'est pas encore terminé", spa: 'El proyecto aún no ha terminado',
  },
} satisfies Record<string, Table>;
