/**
 * Seeded site content (banners, news, the pop-up notice, FAQ, contact, about, white paper, menu,
 * settings) in English and Chinese; other languages fall back to English. Plain data, no logic.
 */
import type { ContentPage } from './tables';
import { PASSWORD_RULE } from '../../core';

/** A self-contained banner image, so a fresh install shows something without any asset files. */
function bannerSvg(title: string, from: string, to: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="690" height="280" viewBox="0 0 690 280">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="690" height="280" rx="24" fill="url(#g)"/>` +
    `<text x="40" y="160" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff">${title}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface NewsSeed {
  slug: string;
  c_id: 4 | 5;
  pop?: boolean;
  sort: number;
  /** days before the seed date, so the list has a believable order */
  ageDays: number;
  image?: [string, string];
  link?: string;
  text: { en: { title: string; summary: string; content: string }; zh: { title: string; summary: string; content: string } };
}

export const NEWS: NewsSeed[] = [
  {
    slug: 'banner-zero-fee-btc', c_id: 5, sort: 30, ageDays: 0, image: ['#28185D', '#5D5679'], link: '/pages/transaction/index',
    text: {
      en: { title: 'Zero-fee BTC spot trading', summary: 'Trade BTC/USDT with no trading fee.', content: '<p>Spot BTC/USDT trades carry no trading fee. Other pairs use the published fee schedule.</p>' },
      zh: { title: 'BTC 现货零手续费', summary: 'BTC/USDT 现货交易免手续费。', content: '<p>BTC/USDT 现货交易不收取手续费，其他交易对按公布的费率收取。</p>' },
    },
  },
  {
    slug: 'banner-lock-mining', c_id: 5, sort: 20, ageDays: 1, image: ['#0F766E', '#22C55E'], link: '/pages/lockming/lockming',
    text: {
      en: { title: 'Lock-up mining: daily yield', summary: 'Lock USDT and earn a daily yield.', content: '<p>Lock-up mining pays a daily yield for the lock period you choose. Early redemption is possible with a penalty shown before you confirm.</p>' },
      zh: { title: '锁仓挖矿 每日收益', summary: '锁仓 USDT，按日获得收益。', content: '<p>锁仓挖矿在所选锁定期内按日发放收益，可提前赎回，确认前会显示违约金。</p>' },
    },
  },
  {
    slug: 'banner-copy-trading', c_id: 5, sort: 10, ageDays: 2, image: ['#1D4ED8', '#38BDF8'], link: '/pages/copytrade/copy',
    text: {
      en: { title: 'Copy top traders', summary: 'Follow a trader with a fixed multiple or fixed lots.', content: '<p>Choose a trader, set a fixed multiple or fixed lots, and your account follows their trades. You can cancel at any time.</p>' },
      zh: { title: '跟单优秀交易员', summary: '按固定倍数或固定手数跟随交易员。', content: '<p>选择交易员，设置固定倍数或固定手数，您的账户将跟随其交易，可随时取消。</p>' },
    },
  },
  {
    slug: 'notice-nft-review', c_id: 4, pop: true, sort: 100, ageDays: 0,
    text: {
      en: {
        title: 'Notice on NFT sales and fund arrival',
        summary: 'NFT sales of collections, blind boxes and auctions need official customer-service review.',
        content: '<p>Sales of NFT collections, blind boxes and auctions are reviewed by official customer service before they complete. Funds from a sale may therefore not arrive at once. Contact customer service if a review takes longer than 24 hours.</p>',
      },
      zh: {
        title: '关于 NFT 销售与资金到账的公告',
        summary: 'NFT 藏品、盲盒及拍卖的销售需经官方客服审核。',
        content: '<p>NFT 藏品、盲盒及拍卖的销售需经官方客服审核后完成，因此销售所得资金可能无法即时到账。如审核超过 24 小时，请联系客服。</p>',
      },
    },
  },
  {
    slug: 'news-new-listings', c_id: 4, sort: 50, ageDays: 3,
    text: {
      en: { title: 'New listings: SUI, TON and APT', summary: 'Three new spot pairs against USDT.', content: '<p>SUI/USDT, TON/USDT and APT/USDT are now open for spot trading, with K-line history from the first minute.</p>' },
      zh: { title: '新币上线：SUI、TON 与 APT', summary: '新增三个 USDT 现货交易对。', content: '<p>SUI/USDT、TON/USDT 与 APT/USDT 现已开放现货交易，K 线从第一分钟起可查。</p>' },
    },
  },
  {
    slug: 'news-stocks', c_id: 4, sort: 40, ageDays: 5,
    text: {
      en: { title: 'US stocks now tradable in USDT', summary: 'AAPL, MSFT, NVDA, TSLA and more.', content: '<p>Eight US stocks can now be traded against USDT from the Markets page, under the Stocks tab.</p>' },
      zh: { title: '美股现已支持 USDT 交易', summary: 'AAPL、MSFT、NVDA、TSLA 等。', content: '<p>在行情页的“股票”标签下，现可使用 USDT 交易八只美股。</p>' },
    },
  },
  {
    slug: 'news-security', c_id: 4, sort: 30, ageDays: 8,
    text: {
      en: { title: 'Protect your account', summary: 'Bind a Google authenticator and set a payment password.', content: '<p>We will never ask for your password or verification codes. Bind a Google authenticator and set a payment password under Settings → Security.</p>' },
      zh: { title: '保护您的账户安全', summary: '绑定谷歌验证器并设置支付密码。', content: '<p>我们绝不会索要您的密码或验证码。请在“设置 → 安全中心”绑定谷歌验证器并设置支付密码。</p>' },
    },
  },
  {
    slug: 'news-maintenance', c_id: 4, sort: 20, ageDays: 12,
    text: {
      en: { title: 'Completed: wallet system upgrade', summary: 'Deposits and withdrawals are running normally.', content: '<p>The scheduled wallet upgrade is complete. Deposits and withdrawals on all networks are running normally.</p>' },
      zh: { title: '钱包系统升级已完成', summary: '充提币业务已恢复正常。', content: '<p>计划中的钱包系统升级已完成，所有网络的充值与提现均已恢复正常。</p>' },
    },
  },
];

export function newsImage(n: NewsSeed, lang: 'en' | 'zh'): string {
  return n.image ? bannerSvg(n.text[lang].title, n.image[0], n.image[1]) : '';
}

export const PAGES: Record<ContentPage, { en: { title: string; body: string }; zh: { title: string; body: string } }> = {
  faq: {
    en: {
      title: 'FAQ',
      body: JSON.stringify([
        { q: 'How do I register?', a: `Enter your email or mobile number, request a 6-digit code, enter it, then choose a password of at least ${PASSWORD_RULE.min} characters with letters and digits.` },
        { q: 'Why has my deposit not arrived?', a: 'Deposits are credited after the network confirms them. Recharges with a voucher are credited after review.' },
        { q: 'What fees apply?', a: 'Spot BTC/USDT has no trading fee. Other pairs use the fee rate shown on the trade page.' },
        { q: 'How do seconds options settle?', a: 'At expiry the market price is compared with your buy price; the result and the prices used are shown in the order.' },
        { q: 'How do I reset my password?', a: 'On the login page choose "Forgot password", request a code to your account and set a new password. All sessions are signed out.' },
      ]),
    },
    zh: {
      title: '常见问题',
      body: JSON.stringify([
        { q: '如何注册？', a: `输入邮箱或手机号，获取 6 位验证码并填写，然后设置至少 ${PASSWORD_RULE.min} 位、同时包含字母和数字的密码。` },
        { q: '为什么充值还未到账？', a: '链上充值在网络确认后入账；上传凭证的充值在审核通过后入账。' },
        { q: '手续费是多少？', a: 'BTC/USDT 现货免手续费，其他交易对按交易页面显示的费率收取。' },
        { q: '秒合约如何结算？', a: '到期时以市场价格与您的买入价比较，订单中会显示结果和所用价格。' },
        { q: '如何重置密码？', a: '在登录页选择“忘记密码”，获取验证码并设置新密码，所有登录会话将被退出。' },
      ]),
    },
  },
  contactus: {
    en: { title: 'Contact us', body: '<p>Customer service: open the chat from the Home page, 24/7.</p><p>Email: support@example.com</p><p>Business: business@example.com</p>' },
    zh: { title: '联系我们', body: '<p>在线客服：首页进入客服聊天，7×24 小时。</p><p>邮箱：support@example.com</p><p>商务合作：business@example.com</p>' },
  },
  aboutus: {
    en: { title: 'About us', body: '<p>We build a mobile trading app for coins, contracts, seconds options and stocks, with copy trading, financial products and an NFT marketplace.</p><p>Prices come from the market feed; every balance change is journaled, and every settlement records the prices it used.</p>' },
    zh: { title: '关于我们', body: '<p>我们提供覆盖币币、合约、秒合约与股票交易的移动端交易应用，并提供跟单、理财产品与 NFT 市场。</p><p>价格来自行情源；每一笔余额变动都有流水记录，每一次结算都记录所用价格。</p>' },
  },
  operational_compliance: {
    en: { title: 'White paper', body: '<h3>1. Purpose</h3><p>A retail trading platform with transparent rules.</p><h3>2. Integrity</h3><p>Outcomes follow the market and the published rules only. There is no operator override of prices or payouts.</p><h3>3. Custody</h3><p>Balances are kept per account type with a complete journal; users can review every change in their bills.</p><h3>4. Compliance</h3><p>Identity verification in tiers; withdrawals and NFT sales are reviewed by customer service.</p>' },
    zh: { title: '白皮书', body: '<h3>1. 目的</h3><p>规则透明的零售交易平台。</p><h3>2. 公正</h3><p>结果仅由市场与公布的规则决定，运营方不能干预价格或赔付。</p><h3>3. 资产托管</h3><p>余额按账户类型保管并有完整流水，用户可在账单中查看每一笔变动。</p><h3>4. 合规</h3><p>分级身份认证；提现与 NFT 销售由客服审核。</p>' },
  },
};

export interface MenuSeed {
  key: string;
  path: string;
  icon: string;
  sort: number;
  titles: Record<string, string>;
}

/** Home-page entries (spec §1). */
export const MENU: MenuSeed[] = [
  { key: 'recharge', path: '/pages/fund/select?type=recharge', icon: 'recharge', sort: 100, titles: { en: 'Recharge', zh: '充值' } },
  { key: 'withdraw', path: '/pages/fund/select?type=withdraw', icon: 'withdraw', sort: 95, titles: { en: 'Withdraw', zh: '提现' } },
  { key: 'copytrade', path: '/pages/copytrade/copy', icon: 'copy', sort: 90, titles: { en: 'Copy trading', zh: '跟单' } },
  { key: 'seconds', path: '/pages/transaction/index2', icon: 'seconds', sort: 85, titles: { en: 'Seconds', zh: '秒合约' } },
  { key: 'invest', path: '/pages/invest/invest', icon: 'invest', sort: 80, titles: { en: 'Dual invest', zh: '双币理财' } },
  { key: 'lockming', path: '/pages/lockming/lockming', icon: 'mining', sort: 75, titles: { en: 'Lock mining', zh: '锁仓挖矿' } },
  { key: 'ieo', path: '/pages/ieo/ieo', icon: 'ieo', sort: 70, titles: { en: 'IEO', zh: 'IEO' } },
  { key: 'nft', path: '/pages/nft/nft', icon: 'nft', sort: 65, titles: { en: 'NFT', zh: 'NFT' } },
  { key: 'otc', path: '/pages/otc/otc', icon: 'otc', sort: 60, titles: { en: 'OTC', zh: 'OTC' } },
  { key: 'borrowing', path: '/pages/common/borrowing', icon: 'loan', sort: 55, titles: { en: 'Loans', zh: '借贷' } },
  { key: 'game', path: '/pages/game/game', icon: 'game', sort: 50, titles: { en: 'Mini game', zh: '小游戏' } },
  { key: 'kefu', path: '/pages/kefu/index', icon: 'service', sort: 45, titles: { en: 'Support', zh: '客服' } },
];

/**
 * Public site settings (GET /getSetting {keyword}). Keys starting with "_" are internal and never
 * answered. invite_required is deliberately absent: the INVITE_REQUIRED environment setting rules
 * until an operator writes the setting.
 */
export const SETTINGS: Record<string, string> = {
  site_name: 'H5 Exchange',
  recharge_enabled: '1',
  customer_service_url: '',
  withdraw_min_usdt: '10',
  withdraw_fee_usdt: '1',
  spot_btc_fee: '0',
  register_agreement: 'By registering you agree to the terms of service and the privacy policy.',
};

export const DEMO_INVITE_CODE = 'DEMO2026';
export const DEMO_EMAIL = 'demo@example.com';
