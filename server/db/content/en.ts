/** Seeded site content in English (also the fallback for any language without its own row). */
import type { SiteContent } from './types';
import { PASSWORD_RULE } from '../../../core';

export const en: SiteContent = {
  news: {
    'banner-zero-fee-btc': {
      title: 'Zero-fee BTC spot trading',
      summary: 'Trade BTC/USDT with no trading fee.',
      content: '<p>Spot BTC/USDT trades carry no trading fee. Other pairs use the published fee schedule.</p>',
    },
    'banner-lock-mining': {
      title: 'Lock-up mining: daily yield',
      summary: 'Lock USDT and earn a daily yield.',
      content:
        '<p>Lock-up mining pays a daily yield for the lock period you choose. Early redemption is possible with a penalty shown before you confirm.</p>',
    },
    'banner-copy-trading': {
      title: 'Copy top traders',
      summary: 'Follow a trader with a fixed multiple or fixed lots.',
      content:
        '<p>Choose a trader, set a fixed multiple or fixed lots, and your account follows their trades. You can cancel at any time.</p>',
    },
    'notice-nft-review': {
      title: 'Notice on NFT sales and fund arrival',
      summary: 'NFT sales of collections, blind boxes and auctions need official customer-service review.',
      content:
        '<p>Sales of NFT collections, blind boxes and auctions are reviewed by official customer service before they complete. Funds from a sale may therefore not arrive at once. Contact customer service if a review takes longer than 24 hours.</p>',
    },
    'news-new-listings': {
      title: 'New listings: SUI, TON and APT',
      summary: 'Three new spot pairs against USDT.',
      content:
        '<p>SUI/USDT, TON/USDT and APT/USDT are now open for spot trading, with K-line history from the first minute.</p>',
    },
    'news-stocks': {
      title: 'US stocks now tradable in USDT',
      summary: 'AAPL, MSFT, NVDA, TSLA and more.',
      content: '<p>Eight US stocks can now be traded against USDT from the Markets page, under the Stocks tab.</p>',
    },
    'news-security': {
      title: 'Protect your account',
      summary: 'Bind a Google authenticator and set a payment password.',
      content:
        '<p>We will never ask for your password or verification codes. Bind a Google authenticator and set a payment password under Settings → Security.</p>',
    },
    'news-maintenance': {
      title: 'Completed: wallet system upgrade',
      summary: 'Deposits and withdrawals are running normally.',
      content:
        '<p>The scheduled wallet upgrade is complete. Deposits and withdrawals on all networks are running normally.</p>',
    },
  },
  faq: {
    title: 'FAQ',
    entries: [
      {
        q: 'How do I register?',
        a: `Enter your email or mobile number, request a 6-digit code, enter it, then choose a password of at least ${PASSWORD_RULE.min} characters with letters and digits.`,
      },
      {
        q: 'Why has my deposit not arrived?',
        a: 'Deposits are credited after the network confirms them. Recharges with a voucher are credited after review.',
      },
      {
        q: 'What fees apply?',
        a: 'Spot BTC/USDT has no trading fee. Other pairs use the fee rate shown on the trade page.',
      },
      {
        q: 'How do seconds options settle?',
        a: 'At expiry the market price is compared with your buy price; the result and the prices used are shown in the order.',
      },
      {
        q: 'How do I reset my password?',
        a: 'On the login page choose "Forgot password", request a code to your account and set a new password. All sessions are signed out.',
      },
    ],
  },
  contactus: {
    title: 'Contact us',
    body: '<p>Customer service: open the chat from the Home page, 24/7.</p><p>Email: support@example.com</p><p>Business: business@example.com</p>',
  },
  aboutus: {
    title: 'About us',
    body: '<p>We build a mobile trading app for coins, contracts, seconds options and stocks, with copy trading, financial products and an NFT marketplace.</p><p>Prices come from the market feed; every balance change is journaled, and every settlement records the prices it used.</p>',
  },
  operational_compliance: {
    title: 'White paper',
    body: '<h3>1. Purpose</h3><p>A retail trading platform with transparent rules.</p><h3>2. Integrity</h3><p>Outcomes follow the market and the published rules only. There is no operator override of prices or payouts.</p><h3>3. Custody</h3><p>Balances are kept per account type with a complete journal; users can review every change in their bills.</p><h3>4. Compliance</h3><p>Identity verification in tiers; withdrawals and NFT sales are reviewed by customer service.</p>',
  },
  menu: {
    recharge: 'Recharge',
    withdraw: 'Withdraw',
    copytrade: 'Copy trading',
    seconds: 'Seconds',
    invest: 'Dual invest',
    lockming: 'Lock mining',
    ieo: 'IEO',
    nft: 'NFT',
    otc: 'OTC',
    borrowing: 'Loans',
    game: 'Mini game',
    kefu: 'Support',
  },
};
