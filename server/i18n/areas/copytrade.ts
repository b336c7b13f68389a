/** Server messages of copy trading (/follow/*, the trader review, copy notices), in all eight languages. */
import type { Table } from '../table';

export const COPYTRADE_MESSAGES = {
  copy_trader_not_found: {
    zh: '该交易员不存在或暂不可跟单', en: 'This trader does not exist or cannot be followed', hk: '該交易員不存在或暫不可跟單',
    th: 'ไม่พบเทรดเดอร์นี้หรือยังติดตามไม่ได้', jp: 'このトレーダーは存在しないか、コピーできません', ko: '존재하지 않거나 팔로우할 수 없는 트레이더입니다',
    fra: "Ce trader n'existe pas ou ne peut pas être suivi", spa: 'Este trader no existe o no se puede seguir',
  },
  copy_follow_self: {
    zh: '不能跟单自己', en: 'You cannot follow yourself', hk: '不能跟單自己', th: 'คุณติดตามตัวเองไม่ได้', jp: '自分自身はフォローできません',
    ko: '자기 자신은 팔로우할 수 없습니다', fra: 'Vous ne pouvez pas vous suivre vous-même', spa: 'No puede seguirse a sí mismo',
  },
  copy_follow_not_found: {
    zh: '跟单记录不存在', en: 'Follow not found', hk: '跟單記錄不存在', th: 'ไม่พบการติดตามนี้', jp: 'フォローが見つかりません',
    ko: '팔로우 기록을 찾을 수 없습니다', fra: 'Suivi introuvable', spa: 'Seguimiento no encontrado',
  },
  copy_follow_not_active: {
    zh: '该跟单已取消', en: 'This follow is already cancelled', hk: '該跟單已取消', th: 'การติดตามนี้ถูกยกเลิกแล้ว', jp: 'このフォローはすでに解除されています',
    ko: '이미 취소된 팔로우입니다', fra: 'Ce suivi est déjà annulé', spa: 'Este seguimiento ya está cancelado',
  },
  copy_agreement_required: {
    zh: '请阅读并同意跟单协议', en: 'Please read and accept the copy-trading agreement', hk: '請閱讀並同意跟單協議',
    th: 'กรุณาอ่านและยอมรับข้อตกลงการคัดลอกการเทรด', jp: 'コピートレード規約を読んで同意してください', ko: '카피 트레이딩 약관을 읽고 동의하세요',
    fra: "Veuillez lire et accepter l'accord de copy trading", spa: 'Lea y acepte el acuerdo de copy trading',
  },
  copy_type_invalid: {
    zh: '请选择固定倍数或固定手数', en: 'Choose fixed multiple or fixed lots', hk: '請選擇固定倍數或固定手數', th: 'เลือกแบบคูณคงที่หรือจำนวนล็อตคงที่',
    jp: '固定倍率か固定ロットを選んでください', ko: '고정 배수 또는 고정 랏을 선택하세요', fra: 'Choisissez multiple fixe ou lots fixes', spa: 'Elija múltiplo fijo o lotes fijos',
  },
  copy_multiple_invalid: {
    zh: '跟单倍数须大于 0 且不超过 {max}', en: 'The copy multiple must be above 0 and at most {max}', hk: '跟單倍數須大於 0 且不超過 {max}',
    th: 'ตัวคูณต้องมากกว่า 0 และไม่เกิน {max}', jp: 'コピー倍率は 0 より大きく {max} 以下にしてください', ko: '카피 배수는 0보다 크고 {max} 이하여야 합니다',
    fra: 'Le multiple doit être supérieur à 0 et au plus {max}', spa: 'El múltiplo debe ser mayor que 0 y como máximo {max}',
  },
  copy_lots_invalid: {
    zh: '跟单手数须大于 0 且不超过 {max}', en: 'The copy lots must be above 0 and at most {max}', hk: '跟單手數須大於 0 且不超過 {max}',
    th: 'จำนวนล็อตต้องมากกว่า 0 และไม่เกิน {max}', jp: 'コピーロットは 0 より大きく {max} 以下にしてください', ko: '카피 랏은 0보다 크고 {max} 이하여야 합니다',
    fra: 'Les lots doivent être supérieurs à 0 et au plus {max}', spa: 'Los lotes deben ser mayores que 0 y como máximo {max}',
  },
  copy_position_not_found: {
    zh: '跟单持仓不存在', en: 'Copied position not found', hk: '跟單持倉不存在', th: 'ไม่พบสถานะที่คัดลอก', jp: 'コピーしたポジションが見つかりません',
    ko: '카피한 포지션을 찾을 수 없습니다', fra: 'Position copiée introuvable', spa: 'Posición copiada no encontrada',
  },
  copy_not_copied: {
    zh: '该持仓已不在跟单中', en: 'This position is no longer a copy that follows a trader', hk: '該持倉已不在跟單中',
    th: 'สถานะนี้ไม่ได้คัดลอกตามเทรดเดอร์แล้ว', jp: 'このポジションはもうトレーダーに連動していません', ko: '이 포지션은 더 이상 트레이더를 따르지 않습니다',
    fra: "Cette position ne suit plus un trader", spa: 'Esta posición ya no sigue a un trader',
  },
  copy_apply_pending: {
    zh: '您的交易员申请正在审核中', en: 'Your trader application is under review', hk: '您的交易員申請正在審核中', th: 'ใบสมัครเทรดเดอร์ของคุณอยู่ระหว่างตรวจสอบ',
    jp: 'トレーダー申請は審査中です', ko: '트레이더 신청을 심사 중입니다', fra: 'Votre candidature de trader est en cours d’examen', spa: 'Su solicitud de trader está en revisión',
  },
  copy_already_trader: {
    zh: '您已经是交易员', en: 'You are already a trader', hk: '您已經是交易員', th: 'คุณเป็นเทรดเดอร์อยู่แล้ว', jp: 'すでにトレーダーです',
    ko: '이미 트레이더입니다', fra: 'Vous êtes déjà trader', spa: 'Ya es trader',
  },
  copy_nickname_invalid: {
    zh: '昵称须为 2-20 个字符', en: 'The nickname must be 2-20 characters', hk: '暱稱須為 2-20 個字符', th: 'ชื่อเล่นต้องยาว 2-20 ตัวอักษร',
    jp: 'ニックネームは 2〜20 文字です', ko: '닉네임은 2-20자여야 합니다', fra: 'Le pseudo doit faire 2 à 20 caractères', spa: 'El apodo debe tener 2-20 caracteres',
  },
  copy_intro_invalid: {
    zh: '简介最多 200 个字符', en: 'The introduction may be at most 200 characters', hk: '簡介最多 200 個字符', th: 'คำแนะนำตัวยาวได้ไม่เกิน 200 ตัวอักษร',
    jp: '自己紹介は 200 文字以内です', ko: '소개는 최대 200자입니다', fra: 'La présentation ne peut dépasser 200 caractères', spa: 'La presentación admite como máximo 200 caracteres',
  },
  copy_apply_not_pending: {
    zh: '该申请已审核', en: 'This application has already been reviewed', hk: '該申請已審核', th: 'ใบสมัครนี้ได้รับการตรวจสอบแล้ว', jp: 'この申請は審査済みです',
    ko: '이미 심사된 신청입니다', fra: 'Cette candidature a déjà été examinée', spa: 'Esta solicitud ya fue revisada',
  },
  notice_copy_opened: {
    zh: '已跟单 {trader}：{side} {symbol} {lots} 手，开仓价 {price}', en: 'Copied {trader}: {side} {symbol} {lots} lots at {price}',
    hk: '已跟單 {trader}：{side} {symbol} {lots} 手，開倉價 {price}', th: 'คัดลอก {trader}: {side} {symbol} {lots} ล็อต ที่ {price}',
    jp: '{trader} をコピー：{side} {symbol} {lots} ロット @ {price}', ko: '{trader} 카피: {side} {symbol} {lots}랏 @ {price}',
    fra: 'Copie de {trader} : {side} {symbol} {lots} lots à {price}', spa: 'Copia de {trader}: {side} {symbol} {lots} lotes a {price}',
  },
  notice_copy_closed: {
    zh: '跟单 {trader} 的 {symbol} 已平仓，盈亏 {profit} USDT', en: 'Copy of {trader} closed: {symbol}, P&L {profit} USDT',
    hk: '跟單 {trader} 的 {symbol} 已平倉，盈虧 {profit} USDT', th: 'ปิดสำเนาของ {trader}: {symbol} กำไร/ขาดทุน {profit} USDT',
    jp: '{trader} のコピー決済：{symbol} 損益 {profit} USDT', ko: '{trader} 카피 청산: {symbol} 손익 {profit} USDT',
    fra: 'Copie de {trader} clôturée : {symbol}, P&L {profit} USDT', spa: 'Copia de {trader} cerrada: {symbol}, P&L {profit} USDT',
  },
  notice_copy_skipped_title: {
    zh: '跟单未执行', en: 'Copy skipped', hk: '跟單未執行', th: 'ข้ามการคัดลอก', jp: 'コピーは実行されませんでした',
    ko: '카피를 건너뛰었습니다', fra: 'Copie non exécutée', spa: 'Copia omitida',
  },
  notice_copy_skipped_balance: {
    zh: '{trader} 的 {symbol} 仓位未跟单：合约账户余额不足以支付保证金和手续费（需 {need} USDT）',
    en: "{trader}'s {symbol} position was not copied: your contract account balance cannot cover the margin and fee ({need} USDT)",
    hk: '{trader} 的 {symbol} 倉位未跟單：合約帳戶餘額不足以支付保證金和手續費（需 {need} USDT）',
    th: 'ไม่ได้คัดลอกสถานะ {symbol} ของ {trader}: ยอดเงินบัญชีสัญญาไม่พอสำหรับมาร์จินและค่าธรรมเนียม ({need} USDT)',
    jp: '{trader} の {symbol} ポジションはコピーされませんでした：契約口座の残高が証拠金と手数料（{need} USDT）に足りません',
    ko: '{trader}의 {symbol} 포지션을 카피하지 않았습니다: 계약 계정 잔액이 증거금과 수수료({need} USDT)에 부족합니다',
    fra: "La position {symbol} de {trader} n'a pas été copiée : le solde du compte contrats ne couvre pas la marge et les frais ({need} USDT)",
    spa: 'La posición {symbol} de {trader} no se copió: el saldo de la cuenta de contratos no cubre el margen y la comisión ({need} USDT)',
  },
  notice_copy_skipped_lots: {
    zh: '{trader} 的 {symbol} 仓位未跟单：按跟单设置计算的手数 {lots} 不在 {min}-{max} 范围内',
    en: "{trader}'s {symbol} position was not copied: your setting gives {lots} lots, outside {min}-{max}",
    hk: '{trader} 的 {symbol} 倉位未跟單：按跟單設定計算的手數 {lots} 不在 {min}-{max} 範圍內',
    th: 'ไม่ได้คัดลอกสถานะ {symbol} ของ {trader}: การตั้งค่าให้ {lots} ล็อต อยู่นอกช่วง {min}-{max}',
    jp: '{trader} の {symbol} ポジションはコピーされませんでした：設定によるロット {lots} が {min}〜{max} の範囲外です',
    ko: '{trader}의 {symbol} 포지션을 카피하지 않았습니다: 설정상 {lots}랏으로 {min}-{max} 범위를 벗어납니다',
    fra: "La position {symbol} de {trader} n'a pas été copiée : votre réglage donne {lots} lots, hors de {min}-{max}",
    spa: 'La posición {symbol} de {trader} no se copió: su ajuste da {lots} lotes, fuera de {min}-{max}',
  },
  notice_copy_skipped_other: {
    zh: '{trader} 的 {symbol} 仓位未跟单：{why}', en: "{trader}'s {symbol} position was not copied: {why}",
    hk: '{trader} 的 {symbol} 倉位未跟單：{why}', th: 'ไม่ได้คัดลอกสถานะ {symbol} ของ {trader}: {why}',
    jp: '{trader} の {symbol} ポジションはコピーされませんでした：{why}', ko: '{trader}의 {symbol} 포지션을 카피하지 않았습니다: {why}',
    fra: "La position {symbol} de {trader} n'a pas été copiée : {why}", spa: 'La posición {symbol} de {trader} no se copió: {why}',
  },
  notice_trader_review_title: {
    zh: '交易员申请结果', en: 'Trader application', hk: '交易員申請結果', th: 'ผลการสมัครเทรดเดอร์', jp: 'トレーダー申請の結果',
    ko: '트레이더 신청 결과', fra: 'Candidature de trader', spa: 'Solicitud de trader',
  },
  notice_trader_approved: {
    zh: '您的交易员申请已通过，其他用户现在可以跟单您', en: 'Your trader application was approved: others can now follow you',
    hk: '您的交易員申請已通過，其他用戶現在可以跟單您', th: 'ใบสมัครเทรดเดอร์ได้รับอนุมัติ ผู้อื่นติดตามคุณได้แล้ว',
    jp: 'トレーダー申請が承認されました。他のユーザーがあなたをフォローできます', ko: '트레이더 신청이 승인되었습니다. 이제 다른 사용자가 팔로우할 수 있습니다',
    fra: 'Votre candidature de trader est acceptée : on peut maintenant vous suivre', spa: 'Su solicitud de trader fue aprobada: ya pueden seguirle',
  },
  notice_trader_rejected: {
    zh: '您的交易员申请未通过：{reason}', en: 'Your trader application was rejected: {reason}', hk: '您的交易員申請未通過：{reason}',
    th: 'ใบสมัครเทรดเดอร์ไม่ผ่าน: {reason}', jp: 'トレーダー申請は却下されました：{reason}', ko: '트레이더 신청이 거절되었습니다: {reason}',
    fra: 'Votre candidature de trader est refusée : {reason}', spa: 'Su solicitud de trader fue rechazada: {reason}',
  },
} satisfies Record<string, Table>;
