/** The one door of copy trading: traders, follows, mirroring and the local demo's traders. */
export { applyTrader, myTrader, listApplications, reviewTrader, checkApplication } from './trader-applications';
export { listTraders, traderDetail } from './trader-views';
export { recomputeTraderStats } from './trader-stats';
export { followTrader, cancelFollow, myFollows, checkFollowNumber } from './follows';
export { mirrorOpened, mirrorClosed, followerPositionClosed, selfHold, copyHistory, reconcile } from './mirror';
export { followerLots } from './sizing';
export { seedDemoTraders, demoDriver, DEMO_TRADERS, DEMO_FOLLOWERS, DEMO_TRADER_PASSWORD } from './demo';
