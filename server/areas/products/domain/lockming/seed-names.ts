/** The demo lock-up, DeFi and cloud products' names in every language (by seed key). */
export const LOCK_NAMES: Record<string, Record<string, string>> = {
  'lock-7': { en: 'USDT 7-day lock-up', zh: 'USDT 7天锁仓', hk: 'USDT 7天鎖倉', jp: 'USDT 7日間ロック', ko: 'USDT 7일 락업', th: 'ล็อก USDT 7 วัน', fra: 'Blocage USDT 7 jours', spa: 'Bloqueo USDT 7 días' },
  'lock-15': { en: 'USDT 15-day lock-up', zh: 'USDT 15天锁仓', hk: 'USDT 15天鎖倉', jp: 'USDT 15日間ロック', ko: 'USDT 15일 락업', th: 'ล็อก USDT 15 วัน', fra: 'Blocage USDT 15 jours', spa: 'Bloqueo USDT 15 días' },
  'lock-30': { en: 'USDT 30-day lock-up', zh: 'USDT 30天锁仓', hk: 'USDT 30天鎖倉', jp: 'USDT 30日間ロック', ko: 'USDT 30일 락업', th: 'ล็อก USDT 30 วัน', fra: 'Blocage USDT 30 jours', spa: 'Bloqueo USDT 30 días' },
  'defi-7': { en: 'DeFi liquidity 7 days', zh: 'DeFi 流动性 7天', hk: 'DeFi 流動性 7天', jp: 'DeFi 流動性 7日間', ko: 'DeFi 유동성 7일', th: 'สภาพคล่อง DeFi 7 วัน', fra: 'Liquidité DeFi 7 jours', spa: 'Liquidez DeFi 7 días' },
  'defi-15': { en: 'DeFi liquidity 15 days', zh: 'DeFi 流动性 15天', hk: 'DeFi 流動性 15天', jp: 'DeFi 流動性 15日間', ko: 'DeFi 유동성 15일', th: 'สภาพคล่อง DeFi 15 วัน', fra: 'Liquidité DeFi 15 jours', spa: 'Liquidez DeFi 15 días' },
  'cloud-15': { en: 'Cloud hash power 15 days', zh: '云算力 15天', hk: '雲算力 15天', jp: 'クラウドハッシュパワー 15日間', ko: '클라우드 해시파워 15일', th: 'คลาวด์แฮชพาวเวอร์ 15 วัน', fra: 'Puissance de calcul cloud 15 jours', spa: 'Potencia de hash en la nube 15 días' },
  'cloud-30': { en: 'Cloud hash power 30 days', zh: '云算力 30天', hk: '雲算力 30天', jp: 'クラウドハッシュパワー 30日間', ko: '클라우드 해시파워 30일', th: 'คลาวด์แฮชพาวเวอร์ 30 วัน', fra: 'Puissance de calcul cloud 30 jours', spa: 'Potencia de hash en la nube 30 días' },
};
