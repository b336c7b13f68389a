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
