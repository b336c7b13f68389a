/** Server messages of crypto loans (errors, margin-call and liquidation notices), in all eight languages. */
import type { Table } from '../table';

export const LOAN_MESSAGES = {
  loan_pair_unavailable: {
    zh: '该借贷币对暂不可用', en: 'This loan pair is not available', hk: '該借貸幣對暫不可用', th: 'คู่สินเชื่อนี้ไม่พร้อมใช้งาน', jp: 'このローンペアは利用できません',
    ko: '이 대출 페어는 사용할 수 없습니다', fra: "Cette paire de prêt n'est pas disponible", spa: 'Este par de préstamo no está disponible',
  },
  loan_amount_invalid: {
    zh: '请输入正确的数量（最多 {decimals} 位小数）', en: 'Enter a valid amount (at most {decimals} decimals)', hk: '請輸入正確的數量（最多 {decimals} 位小數）',
    th: 'กรุณาใส่จำนวนที่ถูกต้อง (ทศนิยมไม่เกิน {decimals} ตำแหน่ง)', jp: '正しい数量を入力してください（小数点以下 {decimals} 桁まで）',
    ko: '올바른 수량을 입력하세요 (소수점 {decimals}자리까지)', fra: 'Saisissez un montant valide ({decimals} décimales au plus)',
    spa: 'Introduzca una cantidad válida (como máximo {decimals} decimales)',
  },
  loan_amount_range: {
    zh: '借款数量须在 {min} 至 {max} {coin} 之间', en: 'The loan amount must be between {min} and {max} {coin}', hk: '借款數量須在 {min} 至 {max} {coin} 之間',
    th: 'จำนวนที่กู้ต้องอยู่ระหว่าง {min} ถึง {max} {coin}', jp: '借入額は {min}〜{max} {coin} の範囲で入力してください',
    ko: '대출 금액은 {min}~{max} {coin} 사이여야 합니다', fra: 'Le montant emprunté doit être compris entre {min} et {max} {coin}',
    spa: 'El importe del préstamo debe estar entre {min} y {max} {coin}',
  },
  loan_ltv_too_high: {
    zh: '抵押不足：质押率不能超过 {ltv}%，至少需要 {min} {coin} 抵押', en: 'Not enough collateral: the LTV may not exceed {ltv}%; at least {min} {coin} is needed',
    hk: '抵押不足：質押率不能超過 {ltv}%，至少需要 {min} {coin} 抵押', th: 'หลักประกันไม่พอ: LTV ต้องไม่เกิน {ltv}% ต้องใช้อย่างน้อย {min} {coin}',
    jp: '担保が不足しています：LTV は {ltv}% を超えられません。最低 {min} {coin} が必要です', ko: '담보 부족: LTV는 {ltv}%를 넘을 수 없습니다. 최소 {min} {coin}이 필요합니다',
    fra: 'Garantie insuffisante : le LTV ne peut dépasser {ltv} % ; il faut au moins {min} {coin}', spa: 'Garantía insuficiente: el LTV no puede superar el {ltv} %; se necesitan al menos {min} {coin}',
  },
  loan_not_found: {
    zh: '借款不存在', en: 'This loan does not exist', hk: '借款不存在', th: 'ไม่พบสินเชื่อนี้', jp: 'このローンは存在しません',
    ko: '대출이 존재하지 않습니다', fra: "Ce prêt n'existe pas", spa: 'Este préstamo no existe',
  },
  loan_not_open: {
    zh: '该借款已结清或正在清算', en: 'This loan is already closed or being liquidated', hk: '該借款已結清或正在清算', th: 'สินเชื่อนี้ปิดแล้วหรือกำลังถูกชำระบัญชี',
    jp: 'このローンは完済済みか清算中です', ko: '이 대출은 이미 종료되었거나 청산 중입니다', fra: 'Ce prêt est déjà clos ou en cours de liquidation',
    spa: 'Este préstamo ya está cerrado o en liquidación',
  },
  loan_repay_exceeds: {
    zh: '还款数量超过应还 {owed} {coin}', en: 'The repayment is more than the {owed} {coin} owed', hk: '還款數量超過應還 {owed} {coin}',
    th: 'ยอดชำระมากกว่ายอดค้าง {owed} {coin}', jp: '返済額が債務 {owed} {coin} を超えています', ko: '상환액이 갚을 금액 {owed} {coin}을 초과합니다',
    fra: 'Le remboursement dépasse les {owed} {coin} dus', spa: 'El reembolso supera los {owed} {coin} adeudados',
  },
  loan_reduce_ltv: {
    zh: '减少后质押率须低于 {ltv}%，最多可取回 {max} {coin}', en: 'After the reduction the LTV must stay under {ltv}%; you can take back at most {max} {coin}',
    hk: '減少後質押率須低於 {ltv}%，最多可取回 {max} {coin}', th: 'หลังลดแล้ว LTV ต้องต่ำกว่า {ltv}% ถอนได้สูงสุด {max} {coin}',
    jp: '減額後も LTV は {ltv}% 未満である必要があります。戻せるのは最大 {max} {coin} です', ko: '감액 후 LTV는 {ltv}% 미만이어야 합니다. 최대 {max} {coin}까지 회수할 수 있습니다',
    fra: 'Après la réduction, le LTV doit rester sous {ltv} % ; vous pouvez reprendre au plus {max} {coin}',
    spa: 'Tras la reducción el LTV debe quedar por debajo del {ltv} %; puede retirar como máximo {max} {coin}',
  },
  loan_margin_call_title: {
    zh: '借款补仓提醒', en: 'Loan margin call', hk: '借款補倉提醒', th: 'แจ้งเตือนเติมหลักประกัน', jp: 'ローンの追加担保のお知らせ',
    ko: '대출 마진콜', fra: 'Appel de marge sur prêt', spa: 'Llamada de margen del préstamo',
  },
  loan_margin_call_body: {
    zh: '借款 #{id} 的质押率已达 {ltv}%（补仓线 {level}%）。达到 {liquidation}% 将被强制平仓，请补充抵押物或还款。',
    en: 'Loan #{id} has reached an LTV of {ltv}% (margin call at {level}%). At {liquidation}% it will be liquidated: add collateral or repay.',
    hk: '借款 #{id} 的質押率已達 {ltv}%（補倉線 {level}%）。達到 {liquidation}% 將被強制平倉，請補充抵押物或還款。',
    th: 'สินเชื่อ #{id} มี LTV ถึง {ltv}% (เรียกหลักประกันที่ {level}%) หากถึง {liquidation}% จะถูกชำระบัญชี กรุณาเติมหลักประกันหรือชำระคืน',
    jp: 'ローン #{id} の LTV が {ltv}%（追加担保ライン {level}%）に達しました。{liquidation}% で強制清算されます。担保を追加するか返済してください。',
    ko: '대출 #{id}의 LTV가 {ltv}%에 도달했습니다(마진콜 {level}%). {liquidation}%에서 청산됩니다. 담보를 추가하거나 상환하세요.',
    fra: 'Le prêt n°{id} atteint un LTV de {ltv} % (appel de marge à {level} %). À {liquidation} % il sera liquidé : ajoutez une garantie ou remboursez.',
    spa: 'El préstamo #{id} ha alcanzado un LTV del {ltv} % (llamada de margen al {level} %). Al {liquidation} % se liquidará: añada garantía o reembolse.',
  },
  loan_liquidated_title: {
    zh: '借款已强制平仓', en: 'Loan liquidated', hk: '借款已強制平倉', th: 'สินเชื่อถูกชำระบัญชีแล้ว', jp: 'ローンが清算されました',
    ko: '대출이 청산되었습니다', fra: 'Prêt liquidé', spa: 'Préstamo liquidado',
  },
  loan_liquidated_body: {
    zh: '借款 #{id} 的质押率达到 {liquidation}%，已按 {price} 卖出 {sold} {coin} 偿还借款及罚金，剩余 {returned} {coin} 已退回。',
    en: 'Loan #{id} reached an LTV of {liquidation}%: {sold} {coin} was sold at {price} to repay the debt and penalty; the remaining {returned} {coin} was returned to you.',
    hk: '借款 #{id} 的質押率達到 {liquidation}%，已按 {price} 賣出 {sold} {coin} 償還借款及罰金，剩餘 {returned} {coin} 已退回。',
    th: 'สินเชื่อ #{id} มี LTV ถึง {liquidation}%: ขาย {sold} {coin} ที่ราคา {price} เพื่อชำระหนี้และค่าปรับ ส่วนที่เหลือ {returned} {coin} คืนให้คุณแล้ว',
    jp: 'ローン #{id} の LTV が {liquidation}% に達したため、{sold} {coin} を {price} で売却し債務と違約金を返済しました。残り {returned} {coin} は返却されました。',
    ko: '대출 #{id}의 LTV가 {liquidation}%에 도달하여 {sold} {coin}을 {price}에 매도해 부채와 위약금을 상환했습니다. 남은 {returned} {coin}은 반환되었습니다.',
    fra: 'Le prêt n°{id} a atteint un LTV de {liquidation} % : {sold} {coin} ont été vendus à {price} pour rembourser la dette et la pénalité ; les {returned} {coin} restants vous ont été rendus.',
    spa: 'El préstamo #{id} alcanzó un LTV del {liquidation} %: se vendieron {sold} {coin} a {price} para pagar la deuda y la penalización; los {returned} {coin} restantes se le devolvieron.',
  },
} satisfies Record<string, Table>;
