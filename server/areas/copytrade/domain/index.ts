/** The one door of copy trading: traders, follows, mirroring and the local demo's traders. */
export { applyTrader, myTrader, listApplications, reviewTrader, checkApplication } from './trader-applications';
export { listTraders, traderDetail } from './trader-views';
export { recomputeTraderStats } from './trader-stats';
export { followTrader, cancelFollow, myFollows, checkFollowNumber } from './follows';
export { mirrorOpened } from './mirror-open';
export { mirrorClosed, followerPositionClosed } from './mirror-close';
export { reconcile } from './mirror-sweep';
export { selfHold } from './self-hold';
export { copyHistory } from './copy-history';
export { followerLots } from './sizing';
export { seedDemoTraders, demoDriver, DEMO_TRADERS, DEMO_FOLLOWERS, DEMO_TRADER_PASSWORD } from './demo';
