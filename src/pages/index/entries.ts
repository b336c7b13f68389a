import type { ComponentType } from 'react';
import {
  TransportQRcodeOutline,
  HistogramOutline,
  ClockCircleOutline,
  PieOutline,
  TeamOutline,
  PayCircleOutline,
  LockOutline,
  CollectMoneyOutline,
  FolderOutline,
  GiftOutline,
  PicturesOutline,
  ShopbagOutline,
  BillOutline,
} from 'antd-mobile-icons';
import { pathOf, TRADE_ROUTES } from '../../nav/paths';

export interface Entry {
  key: string;
  to: string;
  Icon: ComponentType<{ 'aria-hidden'?: boolean }>;
}

/**
 * Home shortcuts (spec §1 areas). DeFi and cloud mining have no page of their own in spec §2;
 * both open the lock-mining list filtered to that kind of product (src/nav/paths.ts).
 */
export const ENTRIES: Entry[] = [
  { key: 'spot', to: pathOf(TRADE_ROUTES.pairPicker), Icon: TransportQRcodeOutline },
  { key: 'contract', to: pathOf(TRADE_ROUTES.contract), Icon: HistogramOutline },
  { key: 'seconds', to: pathOf(TRADE_ROUTES.seconds), Icon: ClockCircleOutline },
  { key: 'stocks', to: '/pages/market/market?tab=stock', Icon: PieOutline },
  { key: 'copy', to: '/pages/copytrade/copy', Icon: TeamOutline },
  { key: 'invest', to: '/pages/invest/invest', Icon: PayCircleOutline },
  { key: 'lockming', to: '/pages/lockming/lockming', Icon: LockOutline },
  { key: 'defi', to: '/pages/lockming/lockming?kind=defi', Icon: CollectMoneyOutline },
  { key: 'cloud', to: '/pages/lockming/lockming?kind=cloud', Icon: FolderOutline },
  { key: 'ieo', to: '/pages/ieo/ieo', Icon: GiftOutline },
  { key: 'nft', to: '/pages/nft/nft', Icon: PicturesOutline },
  { key: 'otc', to: '/pages/otc/otc', Icon: ShopbagOutline },
  // quick buy (spec §1): the P2P page's quick tab, a quote from the best ad
  { key: 'quickbuy', to: '/pages/otc/otc?tab=quick', Icon: BillOutline },
];
