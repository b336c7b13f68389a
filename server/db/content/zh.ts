/** Seeded site content in Simplified Chinese. */
import type { SiteContent } from './types';
import { PASSWORD_RULE } from '../../../core';

export const zh: SiteContent = {
  news: {
    'banner-zero-fee-btc': {
      title: 'BTC 现货零手续费',
      summary: 'BTC/USDT 现货交易免手续费。',
      content: '<p>BTC/USDT 现货交易不收取手续费，其他交易对按公布的费率收取。</p>',
    },
    'banner-lock-mining': {
      title: '锁仓挖矿 每日收益',
      summary: '锁仓 USDT，按日获得收益。',
      content: '<p>锁仓挖矿在所选锁定期内按日发放收益，可提前赎回，确认前会显示违约金。</p>',
    },
    'banner-copy-trading': {
      title: '跟单优秀交易员',
      summary: '按固定倍数或固定手数跟随交易员。',
      content: '<p>选择交易员，设置固定倍数或固定手数，您的账户将跟随其交易，可随时取消。</p>',
    },
    'notice-nft-review': {
      title: '关于 NFT 销售与资金到账的公告',
      summary: 'NFT 藏品、盲盒及拍卖的销售需经官方客服审核。',
      content:
        '<p>NFT 藏品、盲盒及拍卖的销售需经官方客服审核后完成，因此销售所得资金可能无法即时到账。如审核超过 24 小时，请联系客服。</p>',
    },
    'news-new-listings': {
      title: '新币上线：SUI、TON 与 APT',
      summary: '新增三个 USDT 现货交易对。',
      content: '<p>SUI/USDT、TON/USDT 与 APT/USDT 现已开放现货交易，K 线从第一分钟起可查。</p>',
    },
    'news-stocks': {
      title: '美股现已支持 USDT 交易',
      summary: 'AAPL、MSFT、NVDA、TSLA 等。',
      content: '<p>在行情页的“股票”标签下，现可使用 USDT 交易八只美股。</p>',
    },
    'news-security': {
      title: '保护您的账户安全',
      summary: '绑定谷歌验证器并设置支付密码。',
      content: '<p>我们绝不会索要您的密码或验证码。请在“设置 → 安全中心”绑定谷歌验证器并设置支付密码。</p>',
    },
    'news-maintenance': {
      title: '钱包系统升级已完成',
      summary: '充提币业务已恢复正常。',
      content: '<p>计划中的钱包系统升级已完成，所有网络的充值与提现均已恢复正常。</p>',
    },
  },
  faq: {
    title: '常见问题',
    entries: [
      {
        q: '如何注册？',
        a: `输入邮箱或手机号，获取 6 位验证码并填写，然后设置至少 ${PASSWORD_RULE.min} 位、同时包含字母和数字的密码。`,
      },
      { q: '为什么充值还未到账？', a: '链上充值在网络确认后入账；上传凭证的充值在审核通过后入账。' },
      { q: '手续费是多少？', a: 'BTC/USDT 现货免手续费，其他交易对按交易页面显示的费率收取。' },
      { q: '秒合约如何结算？', a: '到期时以市场价格与您的买入价比较，订单中会显示结果和所用价格。' },
      { q: '如何重置密码？', a: '在登录页选择“忘记密码”，获取验证码并设置新密码，所有登录会话将被退出。' },
    ],
  },
  contactus: {
    title: '联系我们',
    body: '<p>在线客服：首页进入客服聊天，7×24 小时。</p><p>邮箱：support@example.com</p><p>商务合作：business@example.com</p>',
  },
  aboutus: {
    title: '关于我们',
    body: '<p>我们提供覆盖币币、合约、秒合约与股票交易的移动端交易应用，并提供跟单、理财产品与 NFT 市场。</p><p>价格来自行情源；每一笔余额变动都有流水记录，每一次结算都记录所用价格。</p>',
  },
  operational_compliance: {
    title: '白皮书',
    body: '<h3>1. 目的</h3><p>规则透明的零售交易平台。</p><h3>2. 公正</h3><p>结果仅由市场与公布的规则决定，运营方不能干预价格或赔付。</p><h3>3. 资产托管</h3><p>余额按账户类型保管并有完整流水，用户可在账单中查看每一笔变动。</p><h3>4. 合规</h3><p>分级身份认证；提现与 NFT 销售由客服审核。</p>',
  },
  menu: {
    recharge: '充值',
    withdraw: '提现',
    copytrade: '跟单',
    seconds: '秒合约',
    invest: '双币理财',
    lockming: '锁仓挖矿',
    ieo: 'IEO',
    nft: 'NFT',
    otc: 'OTC',
    borrowing: '借贷',
    game: '小游戏',
    kefu: '客服',
  },
};
