/** The demo traders' introductions in each language (seeded content per language), by their email. */
import type { Lang } from '../../../../core';

export const DEMO_INTROS: Record<string, Record<Lang, string>> = {
  'demo.copy.alpha@example.com': {
    en: 'Demo account: simulated BTC trend trades on demo balances, not real funds.',
    zh: '演示账户：用演示余额模拟 BTC 趋势交易，非真实资金。',
    hk: '示範帳戶：以示範餘額模擬 BTC 趨勢交易，並非真實資金。',
    th: 'บัญชีทดลอง: จำลองการเทรดตามเทรนด์ BTC ด้วยยอดเงินทดลอง ไม่ใช่เงินจริง',
    jp: 'デモアカウント：デモ残高で BTC のトレンドを追う模擬取引です。実際の資金ではありません。',
    ko: '데모 계정: 데모 잔액으로 BTC 추세를 따르는 모의 거래입니다. 실제 자금이 아닙니다.',
    fra: 'Compte de démo : trading de tendance simulé sur BTC avec un solde de démo, pas de fonds réels.',
    spa: 'Cuenta demo: operaciones simuladas de tendencia en BTC con saldo demo, no son fondos reales.',
  },
  'demo.copy.beta@example.com': {
    en: 'Demo account: short ETH swings on demo balances, not real funds.',
    zh: '演示账户：用演示余额做 ETH 短线波段，非真实资金。',
    hk: '示範帳戶：以示範餘額做 ETH 短線波段，並非真實資金。',
    th: 'บัญชีทดลอง: เทรดสวิงระยะสั้น ETH ด้วยยอดเงินทดลอง ไม่ใช่เงินจริง',
    jp: 'デモアカウント：デモ残高で ETH の短期スイングを狙います。実際の資金ではありません。',
    ko: '데모 계정: 데모 잔액으로 ETH 단기 스윙 거래를 합니다. 실제 자금이 아닙니다.',
    fra: 'Compte de démo : swings courts sur ETH avec un solde de démo, pas de fonds réels.',
    spa: 'Cuenta demo: swings cortos en ETH con saldo demo, no son fondos reales.',
  },
  'demo.copy.gamma@example.com': {
    en: 'Demo account: mixed majors on demo balances, not real funds.',
    zh: '演示账户：用演示余额交易多种主流币，非真实资金。',
    hk: '示範帳戶：以示範餘額交易多種主流幣，並非真實資金。',
    th: 'บัญชีทดลอง: เทรดเหรียญหลักหลายตัวด้วยยอดเงินทดลอง ไม่ใช่เงินจริง',
    jp: 'デモアカウント：デモ残高で主要銘柄を幅広く取引します。実際の資金ではありません。',
    ko: '데모 계정: 데모 잔액으로 주요 코인을 두루 거래합니다. 실제 자금이 아닙니다.',
    fra: 'Compte de démo : principales cryptos variées avec un solde de démo, pas de fonds réels.',
    spa: 'Cuenta demo: varias criptos principales con saldo demo, no son fondos reales.',
  },
};
