/** Server messages of the proof of liabilities (published balance snapshots), in all eight languages. */
import type { Table } from '../table';

export const LIABILITY_MESSAGES = {
  liabilities_none: {
    zh: '尚未发布负债快照', en: 'No liabilities snapshot has been published yet', hk: '尚未發佈負債快照', th: 'ยังไม่มีการเผยแพร่สแนปช็อตหนี้สิน',
    jp: '負債スナップショットはまだ公開されていません', ko: '아직 게시된 부채 스냅샷이 없습니다', fra: "Aucun instantané des passifs n'a encore été publié",
    spa: 'Todavía no se ha publicado ninguna instantánea de pasivos',
  },
  liabilities_not_found: {
    zh: '该负债快照不存在', en: 'This liabilities snapshot does not exist', hk: '該負債快照不存在', th: 'ไม่พบสแนปช็อตหนี้สินนี้',
    jp: 'この負債スナップショットは存在しません', ko: '이 부채 스냅샷은 존재하지 않습니다', fra: "Cet instantané des passifs n'existe pas",
    spa: 'Esta instantánea de pasivos no existe',
  },
  liabilities_no_leaf: {
    zh: '该快照拍摄时您还没有账户，因此其中没有您的余额', en: 'You had no account yet when this snapshot was taken, so it holds no balance of yours',
    hk: '該快照拍攝時您還沒有賬戶，因此其中沒有您的餘額', th: 'ขณะถ่ายสแนปช็อตนี้คุณยังไม่มีบัญชี จึงไม่มียอดคงเหลือของคุณ',
    jp: 'このスナップショットの作成時にはまだアカウントがなかったため、あなたの残高は含まれていません',
    ko: '이 스냅샷이 생성될 때 계정이 없었으므로 회원님의 잔액이 포함되어 있지 않습니다',
    fra: "Vous n'aviez pas encore de compte lors de cet instantané : il ne contient aucun solde à votre nom",
    spa: 'Aún no tenía cuenta cuando se tomó esta instantánea, así que no contiene ningún saldo suyo',
  },
  liabilities_busy: {
    zh: '账本正忙，快照未生成，请稍后重试', en: 'The ledger is busy: no snapshot was taken, please try again', hk: '賬本正忙，快照未生成，請稍後重試',
    th: 'บัญชีแยกประเภทไม่ว่าง ยังไม่ได้ถ่ายสแนปช็อต กรุณาลองอีกครั้ง', jp: '台帳が混み合っているためスナップショットは作成されませんでした。もう一度お試しください',
    ko: '원장이 바쁩니다. 스냅샷이 생성되지 않았습니다. 다시 시도하세요', fra: "Le grand livre est occupé : aucun instantané n'a été pris, réessayez",
    spa: 'El libro mayor está ocupado: no se tomó ninguna instantánea, inténtelo de nuevo',
  },
  liabilities_negative: {
    zh: '用户 {user} 的 {coin} 余额为负，快照未生成', en: 'User {user} has a negative {coin} balance: no snapshot was taken',
    hk: '用戶 {user} 的 {coin} 餘額為負，快照未生成', th: 'ผู้ใช้ {user} มียอด {coin} ติดลบ จึงไม่ได้ถ่ายสแนปช็อต',
    jp: 'ユーザー {user} の {coin} 残高がマイナスのため、スナップショットは作成されませんでした', ko: '사용자 {user}의 {coin} 잔액이 음수여서 스냅샷이 생성되지 않았습니다',
    fra: "L'utilisateur {user} a un solde {coin} négatif : aucun instantané n'a été pris", spa: 'El usuario {user} tiene un saldo de {coin} negativo: no se tomó ninguna instantánea',
  },
} satisfies Record<string, Table>;
