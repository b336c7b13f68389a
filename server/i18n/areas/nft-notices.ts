/** Server messages of NFT auction notices (live toast and email), in all eight languages. */
import type { Table } from '../table';

export const NFT_NOTICE_MESSAGES = {
  nft_outbid_title: {
    zh: '您的出价已被超越', en: 'You were outbid', hk: '您的出價已被超越', th: 'มีผู้ประมูลสูงกว่าคุณ', jp: '入札額を上回られました', ko: '더 높은 입찰이 들어왔습니다',
    fra: 'Votre enchère a été dépassée', spa: 'Han superado su puja',
  },
  nft_outbid_body: {
    zh: '您在“{title}”上的出价已被超越：当前最高出价 {bid} {currency}。出价至少 {next_min} {currency} 即可重新领先。',
    en: 'You were outbid on “{title}”: the highest bid is now {bid} {currency}. Bid at least {next_min} {currency} to lead again.',
    hk: '您在「{title}」上的出價已被超越：目前最高出價 {bid} {currency}。出價至少 {next_min} {currency} 即可重新領先。',
    th: 'มีผู้ประมูล “{title}” สูงกว่าคุณแล้ว: ราคาสูงสุดตอนนี้ {bid} {currency} ประมูลอย่างน้อย {next_min} {currency} เพื่อกลับมานำ',
    jp: '「{title}」の入札額を上回られました。現在の最高入札額は {bid} {currency} です。再び首位に立つには {next_min} {currency} 以上で入札してください。',
    ko: '“{title}”에 더 높은 입찰이 들어왔습니다. 현재 최고 입찰가는 {bid} {currency}입니다. 다시 선두가 되려면 {next_min} {currency} 이상 입찰하세요.',
    fra: 'Votre enchère sur « {title} » a été dépassée : la meilleure offre est maintenant de {bid} {currency}. Enchérissez au moins {next_min} {currency} pour repasser en tête.',
    spa: 'Han superado su puja por «{title}»: la puja más alta es ahora {bid} {currency}. Puje al menos {next_min} {currency} para volver a ir en cabeza.',
  },
  nft_auction_won_title: {
    zh: '您赢得了拍卖', en: 'You won the auction', hk: '您贏得了拍賣', th: 'คุณชนะการประมูล', jp: 'オークションで落札しました', ko: '경매에서 낙찰되었습니다',
    fra: "Vous avez remporté l'enchère", spa: 'Ha ganado la subasta',
  },
  nft_auction_won_body: {
    zh: '您以 {price} {currency} 拍得“{title}”。请在 {hours} 小时内（UTC {deadline} 前）支付 {amount} {currency}（成交价 + 手续费），否则保证金 {margin} {currency} 将被扣除。',
    en: 'You won “{title}” at {price} {currency}. Pay {amount} {currency} (price + fee) within {hours} hours, by {deadline} UTC, or the margin of {margin} {currency} is forfeited.',
    hk: '您以 {price} {currency} 拍得“{title}”。請在 {hours} 小時內（UTC {deadline} 前）支付 {amount} {currency}（成交價 + 手續費），否則保證金 {margin} {currency} 將被扣除。',
    th: 'คุณชนะการประมูล “{title}” ที่ราคา {price} {currency} กรุณาชำระ {amount} {currency} (ราคา + ค่าธรรมเนียม) ภายใน {hours} ชั่วโมง ก่อน {deadline} UTC มิฉะนั้นเงินประกัน {margin} {currency} จะถูกริบ',
    jp: '「{title}」を {price} {currency} で落札しました。{hours} 時間以内（UTC {deadline} まで）に {amount} {currency}（落札価格 + 手数料）を支払ってください。支払わないと保証金 {margin} {currency} は没収されます。',
    ko: '“{title}”을(를) {price} {currency}에 낙찰받았습니다. {hours}시간 안에(UTC {deadline}까지) {amount} {currency}(가격 + 수수료)를 결제하세요. 결제하지 않으면 보증금 {margin} {currency}이 몰수됩니다.',
    fra: 'Vous avez remporté « {title} » à {price} {currency}. Payez {amount} {currency} (prix + frais) dans les {hours} heures, avant le {deadline} UTC, sinon la caution de {margin} {currency} est retenue.',
    spa: 'Ha ganado «{title}» por {price} {currency}. Pague {amount} {currency} (precio + comisión) en {hours} horas, antes del {deadline} UTC, o perderá la fianza de {margin} {currency}.',
  },
  nft_margin_refunded_title: {
    zh: '拍卖已结束，保证金已退还', en: 'Auction ended: margin returned', hk: '拍賣已結束，保證金已退還', th: 'การประมูลสิ้นสุดแล้ว: คืนเงินประกันแล้ว',
    jp: 'オークション終了：保証金を返金しました', ko: '경매 종료: 보증금 반환', fra: 'Enchère terminée : caution rendue', spa: 'Subasta terminada: fianza devuelta',
  },
  nft_margin_refunded_body: {
    zh: '“{title}”的拍卖已结束，您的保证金 {margin} {currency} 已退回您的账户。',
    en: 'The auction of “{title}” has ended; your margin of {margin} {currency} is back in your account.',
    hk: '「{title}」的拍賣已結束，您的保證金 {margin} {currency} 已退回您的帳戶。',
    th: 'การประมูล “{title}” สิ้นสุดแล้ว เงินประกัน {margin} {currency} ของคุณคืนเข้าบัญชีแล้ว',
    jp: '「{title}」のオークションは終了しました。保証金 {margin} {currency} はあなたのアカウントに返金されました。',
    ko: '“{title}” 경매가 종료되었습니다. 보증금 {margin} {currency}이 계정으로 반환되었습니다.',
    fra: "L'enchère de « {title} » est terminée ; votre caution de {margin} {currency} est de retour sur votre compte.",
    spa: 'La subasta de «{title}» ha terminado; su fianza de {margin} {currency} ha vuelto a su cuenta.',
  },
} satisfies Record<string, Table>;
