/**
 * Every area of the app, in registration order: seed steps run in this order (content first: the
 * catalogue the others need), and jobs start in it (copy trading needs trading's context).
 * A new area is one folder under server/areas/ plus one line here.
 */
import type { Area } from '../plugins/area';
import { contentArea } from './content';
import { accountsArea } from './accounts';
import { securityArea } from './security';
import { kycArea } from './kyc';
import { fundsArea } from './funds';
import { favouritesArea } from './favourites';
import { tradeArea } from './trade';
import { copytradeArea } from './copytrade';
import { productsArea } from './products';
import { backofficeArea } from './backoffice';
import { nftArea } from './nft';
import { serviceArea } from './service';
import { gameArea } from './game';
import { chatroomArea } from './chatroom';
import { loansArea } from './loans';
import { otcArea } from './otc';
import { devArea } from './dev';
import { jobsArea } from './jobs';
import { liabilitiesArea } from './liabilities';

export const AREAS: readonly Area[] = [
  contentArea,
  accountsArea,
  securityArea,
  kycArea,
  fundsArea,
  favouritesArea,
  tradeArea,
  copytradeArea,
  productsArea,
  nftArea,
  serviceArea,
  gameArea,
  chatroomArea,
  loansArea,
  otcArea,
  devArea,
  jobsArea,
  backofficeArea,
  liabilitiesArea,
];
