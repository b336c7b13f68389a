/** Server messages of the up/down mini game, in all eight languages. */
import type { Table } from '../table';

export const GAME_MESSAGES = {
  game_round_not_found: {
    zh: '该回合不存在', en: 'This round does not exist', hk: '該回合不存在', th: 'ไม่พบรอบนี้', jp: 'このラウンドは存在しません',
    ko: '해당 라운드가 없습니다', fra: "Cette manche n'existe pas", spa: 'Esta ronda no existe',
  },
  game_round_locked: {
    zh: '本回合已锁定，不再接受下注', en: 'This round is locked: staking has closed', hk: '本回合已鎖定，不再接受下注',
    th: 'รอบนี้ล็อกแล้ว ปิดรับเดิมพัน', jp: 'このラウンドはロックされました（受付終了）', ko: '이 라운드는 잠겼습니다: 참여가 마감되었습니다',
    fra: 'Cette manche est verrouillée : les mises sont closes', spa: 'Esta ronda está cerrada: ya no se aceptan apuestas',
  },
  game_already_staked: {
    zh: '本回合您已下注', en: 'You have already staked in this round', hk: '本回合您已下注', th: 'คุณเดิมพันในรอบนี้แล้ว',
    jp: 'このラウンドにはすでに参加しています', ko: '이 라운드에 이미 참여했습니다', fra: 'Vous avez déjà misé dans cette manche', spa: 'Ya ha apostado en esta ronda',
  },
  game_stake_invalid: {
    zh: '请输入正确的金额', en: 'Please enter a valid amount', hk: '請輸入正確的金額', th: 'กรุณาใส่จำนวนที่ถูกต้อง', jp: '正しい金額を入力してください',
    ko: '올바른 금액을 입력하세요', fra: 'Veuillez saisir un montant valide', spa: 'Introduzca un importe válido',
  },
  game_stake_decimals: {
    zh: '金额最多 {decimals} 位小数', en: 'The amount has at most {decimals} decimal places', hk: '金額最多 {decimals} 位小數',
    th: 'จำนวนมีทศนิยมได้ไม่เกิน {decimals} ตำแหน่ง', jp: '金額の小数点以下は最大 {decimals} 桁です', ko: '금액은 소수점 이하 최대 {decimals}자리입니다',
    fra: 'Le montant a au plus {decimals} décimales', spa: 'El importe tiene como máximo {decimals} decimales',
  },
  game_stake_min: {
    zh: '最低下注 {min} USDT', en: 'The minimum stake is {min} USDT', hk: '最低下注 {min} USDT', th: 'เดิมพันขั้นต่ำ {min} USDT',
    jp: '最低参加額は {min} USDT です', ko: '최소 참여 금액은 {min} USDT입니다', fra: 'La mise minimale est de {min} USDT', spa: 'La apuesta mínima es {min} USDT',
  },
  game_stake_max: {
    zh: '最高下注 {max} USDT', en: 'The maximum stake is {max} USDT', hk: '最高下注 {max} USDT', th: 'เดิมพันสูงสุด {max} USDT',
    jp: '最高参加額は {max} USDT です', ko: '최대 참여 금액은 {max} USDT입니다', fra: 'La mise maximale est de {max} USDT', spa: 'La apuesta máxima es {max} USDT',
  },
} satisfies Record<string, Table>;
