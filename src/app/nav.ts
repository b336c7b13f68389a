/**
 * Navigation for code that lives outside React (the API client's 999/998 handling).
 * The router registers itself here at start-up; importing the router from api/ would form a cycle.
 */
type Go = (path: string, replace?: boolean) => void;

let go: Go = (path) => {
  window.location.hash = `#${path}`;
};

export function setNavigator(fn: Go): void {
  go = fn;
}

export function navigateTo(path: string, replace = false): void {
  go(path, replace);
}

export const PATHS = {
  home: '/pages/index/index',
  login: '/pages/common/login',
  register: '/pages/common/register',
  forget: '/pages/common/forget',
  market: '/pages/market/market',
  realMark: '/pages/setting/real_mark',
  denied: '/pages/canNot/jujuefangwen',
  setting: '/pages/setting/setting',
} as const;
