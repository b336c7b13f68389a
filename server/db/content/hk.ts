/** Seeded site content in Traditional Chinese (Hong Kong usage). */
import type { SiteContent } from './types';
import { PASSWORD_RULE } from '../../../core';

export const hk: SiteContent = {
  news: {
    'banner-zero-fee-btc': {
      title: 'BTC 現貨零手續費',
      summary: 'BTC/USDT 現貨交易免手續費。',
      content: '<p>BTC/USDT 現貨交易不收取手續費，其他交易對按公佈的費率收取。</p>',
    },
    'banner-lock-mining': {
      title: '鎖倉挖礦 每日收益',
      summary: '鎖倉 USDT，按日獲得收益。',
      content: '<p>鎖倉挖礦在所選鎖定期內按日發放收益，可提前贖回，確認前會顯示違約金。</p>',
    },
    'banner-copy-trading': {
      title: '跟單優秀交易員',
      summary: '按固定倍數或固定手數跟隨交易員。',
      content: '<p>選擇交易員，設定固定倍數或固定手數，您的帳戶將跟隨其交易，可隨時取消。</p>',
    },
    'notice-nft-review': {
      title: '關於 NFT 銷售與資金到賬的公告',
      summary: 'NFT 藏品、盲盒及拍賣的銷售需經官方客服審核。',
      content:
        '<p>NFT 藏品、盲盒及拍賣的銷售需經官方客服審核後完成，因此銷售所得資金可能無法即時到賬。如審核超過 24 小時，請聯絡客服。</p>',
    },
    'news-new-listings': {
      title: '新幣上線：SUI、TON 及 APT',
      summary: '新增三個 USDT 現貨交易對。',
      content: '<p>SUI/USDT、TON/USDT 及 APT/USDT 現已開放現貨交易，K 線由第一分鐘起可查。</p>',
    },
    'news-stocks': {
      title: '美股現已支援 USDT 交易',
      summary: 'AAPL、MSFT、NVDA、TSLA 等。',
      content: '<p>在行情頁的「股票」標籤下，現可使用 USDT 交易八隻美股。</p>',
    },
    'news-security': {
      title: '保障您的帳戶安全',
      summary: '綁定 Google 驗證器並設定支付密碼。',
      content: '<p>我們絕不會索取您的密碼或驗證碼。請在「設定 → 安全中心」綁定 Google 驗證器並設定支付密碼。</p>',
    },
    'news-maintenance': {
      title: '錢包系統升級已完成',
      summary: '充提幣業務已回復正常。',
      content: '<p>計劃中的錢包系統升級已完成，所有網絡的充值與提現均已回復正常。</p>',
    },
  },
  faq: {
    title: '常見問題',
    entries: [
      {
        q: '如何註冊？',
        a: `輸入電郵或手機號碼，獲取 6 位驗證碼並填寫，然後設定至少 ${PASSWORD_RULE.min} 位、同時包含字母和數字的密碼。`,
      },
      { q: '為何充值仍未到賬？', a: '鏈上充值在網絡確認後入賬；上載憑證的充值在審核通過後入賬。' },
      { q: '手續費是多少？', a: 'BTC/USDT 現貨免手續費，其他交易對按交易頁面顯示的費率收取。' },
      { q: '秒合約如何結算？', a: '到期時以市場價格與您的買入價比較，訂單中會顯示結果及所用價格。' },
      { q: '如何重設密碼？', a: '在登入頁選擇「忘記密碼」，獲取驗證碼並設定新密碼，所有登入工作階段將被登出。' },
    ],
  },
  contactus: {
    title: '聯絡我們',
    body: '<p>在線客服：由首頁進入客服聊天，7×24 小時。</p><p>電郵：support@example.com</p><p>商務合作：business@example.com</p>',
  },
  aboutus: {
    title: '關於我們',
    body: '<p>我們提供涵蓋幣幣、合約、秒合約及股票交易的手機交易應用程式，並提供跟單、理財產品及 NFT 市場。</p><p>價格來自行情源；每一筆結餘變動均有流水記錄，每一次結算均記錄所用價格。</p>',
  },
  operational_compliance: {
    title: '白皮書',
    body: '<h3>1. 目的</h3><p>規則透明的零售交易平台。</p><h3>2. 公正</h3><p>結果僅由市場及公佈的規則決定，營運方不能操控價格或賠付。</p><h3>3. 資產託管</h3><p>結餘按帳戶類型保管並有完整流水，用戶可在帳單中查看每一筆變動。</p><h3>4. 合規</h3><p>分級身份認證；提現及 NFT 銷售由客服審核。</p>',
  },
  menu: {
    recharge: '充值',
    withdraw: '提現',
    copytrade: '跟單',
    seconds: '秒合約',
    invest: '雙幣理財',
    lockming: '鎖倉挖礦',
    ieo: 'IEO',
    nft: 'NFT',
    otc: 'OTC',
    borrowing: '借貸',
    game: '小遊戲',
    kefu: '客服',
  },
};
