/**
 * The static app shell's head: its stylesheet, the inline script that picks which
 * route's shell shows, and the one after the shells that removes the others. The markup is
 * server/http/app-shell.ts.
 *
 * The scripts are inline so the pick costs no request before the first paint; the CSP allows them by
 * their hashes only (`SHELL_SCRIPT_CSP`, added to the index route's script-src), never 'unsafe-inline'.
 * It is constant text: the hash is computed once, and a copy of the HTML in the service worker's
 * cache carries its own matching header.
 *
 * What it does, before the body is parsed:
 * - picks the shell from location.hash (the app routes by hash; none or "/" is Home), "none" for a
 *   route without one (without the script — JavaScript off — the stylesheet shows Home's);
 * - shows none when the user's saved language is not the shell's (a cached copy of the HTML);
 * - marks a saved login (`data-authed`), so the contract shell's buttons read as the page's will;
 * - applies the user's saved theme and price colours (stores/ui.ts keeps them under "ui"), so a
 *   dark-theme user sees no white flash;
 * - hides the shell's prices when the quotes snapshot is older than a minute (a cached copy of
 *   the HTML): the layout still paints, a price from an old snapshot never does.
 */
import { createHash } from 'node:crypto';

/** hash path → shell name (the landing routes of scripts/build/route-preload.ts that have a shell) */
const SHELL_ROUTES: Readonly<Record<string, string>> = {
  '/pages/index/index': 'home',
  '/pages/market/market': 'markets',
  '/pages/common/login': 'login',
  '/pages/transaction/contract': 'contract',
};
/** the meta element that names the shell's language */
export const SHELL_LANG_META = 'shell-lang';
/** the snapshot's age past which its prices are not shown (src/market/snapshot.ts uses the same) */
const SNAPSHOT_MAX_AGE_MS = 60_000;

export const SHELL_SCRIPT =
  `(function(){var d=document.documentElement,p=location.hash.slice(1).split('?')[0];if(!p||p==='/')p='/pages/index/index';` +
  `var r=${JSON.stringify(SHELL_ROUTES)}[p]||'none';` +
  // a copy of the HTML from the service worker's cache can be in a language the user has since left
  `try{var x=JSON.parse(localStorage.getItem('session')||'{}'),g=x.lang,h=document.querySelector('meta[name=${SHELL_LANG_META}]');if(g&&h&&g!==h.content)r='none';if(x.token)d.setAttribute('data-authed','')}catch(e){}` +
  `d.setAttribute('data-shell',r);` +
  `try{var u=JSON.parse(localStorage.getItem('ui')||'{}');if(u.theme==='dark'){d.setAttribute('data-theme','dark');d.setAttribute('data-prefers-color-scheme','dark')}` +
  `if(u.priceMode==='red-up'||u.priceMode==='purple')d.setAttribute('data-price',u.priceMode)}catch(e){}` +
  `var s=document.getElementById('quotes-snapshot'),m=s&&/"at":(\\d+)/.exec(s.textContent||'');` +
  `if(!m||Math.abs(Date.now()-Number(m[1]))>${SNAPSHOT_MAX_AGE_MS})d.setAttribute('data-shell-stale','')})();`;

/**
 * After the shells in #root: removes the ones not shown, so the page holds one copy of its header
 * and text at most (tests and tools that look for "the" title find one), none on other routes.
 * Without scripts nothing is removed and the stylesheet shows Home's.
 */
export const SHELL_PRUNE_SCRIPT = `(function(){var r=document.documentElement.getAttribute('data-shell'),l=document.querySelectorAll('#root>.sh');for(var i=0;i<l.length;i++)if(l[i].getAttribute('data-for')!==r)l[i].remove()})();`;

const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
/** the CSP sources that allow exactly these two scripts */
export const SHELL_SCRIPT_CSP = `${sha(SHELL_SCRIPT)} ${sha(SHELL_PRUNE_SCRIPT)}`;

/**
 * Sizes copy the React pages' CSS modules (PageFrame, TabLayout, index/index, market/market,
 * common/auth), so the page that replaces the shell lands where the shell was: no jump, and no
 * element larger than the shell's largest (which would be a later LCP). The tokens (--bg-2…) and
 * the font come from the app's stylesheets, which the head loads before the first paint anyway.
 */
export const SHELL_STYLE = `<style>
.sh{display:none;min-height:100vh;background:var(--bg);color:var(--text)}
html:not([data-shell]) .sh[data-for=home],html[data-shell=home] .sh[data-for=home],html[data-shell=markets] .sh[data-for=markets],html[data-shell=login] .sh[data-for=login],html[data-shell=contract] .sh[data-for=contract]{display:block}
html[data-shell-stale] .sh-px{visibility:hidden}
.sh-hd{border-bottom:1px solid var(--border);background:var(--bg)}
.sh-hd h1{margin:0;height:48px;line-height:48px;text-align:center;font-size:17px;font-weight:600;overflow:hidden}
.sh-tabs{position:fixed;left:0;right:0;bottom:0;z-index:100;display:flex;height:53px;border-top:1px solid var(--border);background:var(--tabbar-bg)}
.sh-tabs span{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;color:var(--tab);font-size:11px;line-height:1.2;text-decoration:none;white-space:nowrap}
.sh-tabs .on{color:var(--tab-active);font-weight:600}
.sh-tabs i{width:22px;height:22px;border-radius:6px;background:currentColor;opacity:.18}
.sh-home{padding:8px 0 16px}
.sh-banner{margin:0 16px;aspect-ratio:2.3/1;border-radius:var(--radius);background:var(--bg-2);overflow:hidden}
.sh-banner img{display:block;width:100%;aspect-ratio:2.3/1;object-fit:cover}
.sh-notice{margin:10px 16px 0;height:40px;padding:0 12px 0 40px;border-radius:8px;background:var(--bg-2);color:var(--text-2);font-size:14px;line-height:40px;white-space:nowrap;overflow:hidden}
.sh-assets{margin:12px 16px 4px;padding:16px;border-radius:14px;background:var(--bg-2)}
.sh-assets .l{color:var(--text-2);font-size:13px}
.sh-assets .v{display:flex;align-items:center;gap:12px}
.sh-assets .v b{margin:6px 0 12px;font-size:28px;font-weight:700}
.sh-assets .v span{color:var(--brand);font-size:14px}
.sh-assets .a{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.sh-assets .a span{display:flex;align-items:center;justify-content:center;min-height:44px;border:1px solid var(--primary);border-radius:4px;color:var(--primary);font-size:17px}
.sh-assets .a span:first-child{background:var(--primary);color:var(--primary-contrast)}
.sh-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:4px;margin:12px 8px 0}
.sh-grid span{display:flex;flex-direction:column;align-items:center;gap:6px;min-height:72px;padding:8px 2px;font-size:12px;line-height:1.2;text-align:center;overflow-wrap:anywhere}
.sh-grid i{width:40px;height:40px;border-radius:12px;background:var(--bg-2)}
.sh-cards{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin-top:12px;padding:0 16px}
.sh-cards span{display:flex;flex-direction:column;gap:4px;min-width:0;padding:12px 10px;border:1px solid var(--border);border-radius:12px;font-size:12px}
.sh-cards small{color:var(--text-2);font-size:12px;white-space:nowrap}
.sh-cards b{font-size:16px;font-weight:700;overflow:hidden;text-overflow:ellipsis}
.sh-up{color:var(--up)}.sh-down{color:var(--down)}.sh-flat{color:var(--flat)}
.sh-search{display:flex;align-items:center;width:calc(100% - 32px);height:36px;margin:4px 16px 0;padding:0 12px 0 34px;border-radius:18px;background:var(--bg-2);color:var(--text-2);font-size:14px}
.sh-mtabs{display:flex;border-bottom:1px solid var(--border)}
.sh-mtabs span{flex:auto;padding:12px 12px 10px;text-align:center;font-size:15px;line-height:16px;color:var(--text)}
.sh-mtabs .on{color:var(--brand);font-weight:500}
.sh-sort{display:grid;grid-template-columns:1fr 1fr 92px;gap:8px;height:37px;padding:0 16px;border-bottom:1px solid var(--border);color:var(--text-2);font-size:12px;line-height:36px}
.sh-sort span:last-child{text-align:right}
.sh-row{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr) 92px;grid-template-rows:22px 16px;align-content:center;column-gap:8px;row-gap:2px;height:64px;padding:0 16px;border-bottom:1px solid var(--border);overflow:hidden}
.sh-row .p{white-space:nowrap;overflow:hidden}.sh-row .p b{font-size:16px;font-weight:600}.sh-row .p small{margin-left:2px;color:var(--text-2);font-size:12px}
.sh-row .o{grid-row:2;color:var(--text-2);font-size:12px;line-height:16px;white-space:nowrap;overflow:hidden}
.sh-row .x{grid-column:2;grid-row:1/span 2;align-self:center;font-size:16px;font-weight:500;line-height:24px;text-align:right;font-variant-numeric:tabular-nums}
.sh-row .c{grid-column:3;grid-row:1/span 2;align-self:center;justify-self:end;display:inline-flex;align-items:center;justify-content:center;min-width:76px;height:32px;padding:0 8px;border-radius:6px;color:var(--on-price);font-size:14px;font-weight:600}
.sh-row .c.sh-up{background:var(--up)}.sh-row .c.sh-down{background:var(--down)}.sh-row .c.sh-flat{background:var(--flat)}
.sh-kinds{display:flex;gap:24px;height:48px;padding:0 22px;align-items:center;font-size:16px;color:var(--text-2)}
.sh-kinds .on{color:var(--text);font-weight:600}
.sh-pair{display:flex;align-items:center;gap:8px;height:52px;padding:0 12px;border-bottom:1px solid var(--border)}
.sh-pair b{flex:1;font-size:20px;font-weight:700}.sh-pair>span:nth-child(2){font-size:18px;font-weight:700}
.sh-pair .c{display:inline-flex;align-items:center;justify-content:center;min-width:76px;height:32px;margin-right:52px;padding:0 8px;border-radius:6px;color:var(--on-price);font-size:14px;font-weight:600}
.sh-pair .c.sh-up{background:var(--up)}.sh-pair .c.sh-down{background:var(--down)}.sh-pair .c.sh-flat{background:var(--flat)}
.sh-chart{display:flex;align-items:center;min-height:49px;padding:0 12px;border-top:1px solid var(--border);border-bottom:8px solid var(--bg-2);color:var(--text-2);font-size:13px}
.sh-split{display:grid;grid-template-columns:minmax(0,1.25fr) minmax(0,1fr);align-items:start}
.sh-f{padding:8px 12px 12px}
.sh-f .k{display:flex;gap:16px;margin-bottom:8px}
.sh-f .k span{display:flex;align-items:center;min-height:36px;color:var(--text-3);font-size:14px}
.sh-f .k .on{color:var(--text);font-weight:600}
.sh-f .mp{display:flex;align-items:center;justify-content:space-between;min-height:44px;margin-bottom:8px;padding:0 12px;border-radius:8px;background:var(--bg-2);color:var(--text-3);font-size:13px}
.sh-f .fl{margin:4px 0 6px;color:var(--text-3);font-size:12px}
.sh-f .ch{display:flex;flex-wrap:wrap;gap:6px;margin-bottom:8px}
.sh-f .ch i{min-width:52px;height:36px;border:1px solid var(--border);border-radius:6px;background:var(--bg)}
.sh-f .bx{display:flex;align-items:center;min-height:44px;margin-bottom:8px;padding:0 12px;border:1px solid var(--border);border-radius:8px;background:var(--bg-2);color:var(--text-3);font-size:13px}
.sh-f .tp{display:flex;align-items:center;gap:6px;min-height:32px;font-size:13px}
.sh-f .tp i{width:16px;height:16px;border:1px solid var(--text-3);border-radius:3px}
.sh-f .sm{margin:8px 0 10px;font-size:13px}
.sh-f .sm div{display:flex;justify-content:space-between;gap:8px;padding:3px 0}
.sh-f .sm span:first-child{color:var(--text-3)}
.sh-f .bt{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:10px}
.sh-btn{display:flex;align-items:center;justify-content:center;padding:7px 4px;border:1px solid var(--up);border-radius:4px;background:var(--up);color:var(--on-price);font-size:15px;font-weight:600;line-height:1.4;text-align:center}
.sh-btn+.sh-btn{border-color:var(--down);background:var(--down)}
.sh-btn b{font-weight:600}
html[data-authed] .sh-btn .out,html:not([data-authed]) .sh-btn .in{display:none}
.sh-bk{display:flex;flex-direction:column;min-width:0;padding:8px 12px 8px 0;font-size:12px}
.sh-bk .h{display:flex;justify-content:space-between;margin-bottom:4px;color:var(--text-3);font-size:11px;line-height:14px}
.sh-bk .h span+span{text-align:right}
.sh-bk .r{height:180px}
.sh-bk .m{display:flex;align-items:center;min-height:36px;margin:2px 0;font-size:16px;font-weight:700;font-variant-numeric:tabular-nums}
.sh-auth{padding:8px 16px 24px}
.sh-auth h2{margin:16px 4px 8px;font-size:26px;font-weight:700}
.sh-auth p{margin:0 4px 16px;color:var(--text-2);font-size:14px}
.sh-auth label{display:block;padding:12px 4px 0;color:var(--text-2);font-size:15px;line-height:21px}
.sh-auth .in{display:flex;align-items:center;height:58px;margin-top:5px;padding:0 4px 13px;border-bottom:1px solid var(--border);color:var(--text-3);font-size:16px}
.sh-auth .go{display:flex;align-items:center;justify-content:center;height:48px;margin:19px 4px 0;border-radius:4px;background:var(--primary);color:var(--primary-contrast);font-size:18px}
.sh-auth .k{display:flex;justify-content:space-between;align-items:center;min-height:44px;margin-top:16px;padding:0 4px;color:var(--brand);font-size:14px}
</style>`;
