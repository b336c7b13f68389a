/**
 * Which interface keys the code uses. A key counts as used when its full dotted path appears as a
 * string literal in src/ (t('a.b'), label: 'a.b', i18nKey="a.b"), or when it matches DYNAMIC_KEYS.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Keys built at run time (t(`acct.account.${field}`)). Each entry is a glob over a dotted key: `*`
 * stands for any run of characters. Every template key in src must match one of these (checked), so a
 * new dynamic key has to be written down here.
 */
const DYNAMIC_KEYS: readonly string[] = [
  'acct.*Required',
  'acct.*Rule', // userInfo form rules: acct.${field}Required / Rule
  'acct.account.*',
  'acct.bankField.*',
  'acct.idTypes.*',
  'acct.kycState.*',
  'acct.level.*',
  'acct.method.*',
  'acct.reasons.*',
  'acct.status.*',
  'acct.tab.*',
  'acct.filter.kind.*',
  'acct.filter.period.*', // the records filter bar: JOURNAL_KINDS and its periods
  'copy.side.*',
  'copy.skip.*',
  'copy.state.*',
  'copy.status.*',
  'copy.tabs.*',
  'home.entry.*',
  'kline.period.*',
  'nft.payType.*',
  'nft.review.*',
  'nft.verifyWhy.*',
  'nft.mediaType.*',
  'nft.kind.*',
  'service.ref.*', // t(`service.ref.${type}`): the record a conversation is about (core SERVICE_REF_TYPES)
  'loans.status.*',
  'loans.level.*',
  'loans.event.*', // loan states, live LTV levels and history events (core/types/loans.ts)
  'otc.kind.*',
  'otc.status.*',
  'otc.event.*',
  'otc.tab.*', // P2P payment kinds, order states, timeline steps and the page's tabs (core/types/otc.ts)
  'kline.param.*', // t(`kline.param.${field.label}`): the indicator settings' fields (core/indicators/params.ts)
  'proof.lever.rule.*', // t(`proof.lever.rule.${close_reason}`): the close rule in words (src/components/proof/views.ts)
  'proof.spot.*', // t(`proof.spot.${role}`): a fill's label by its role, taker or maker (src/components/proof/views.ts)
  'prod.dual.err.*',
  'prod.dual.failReason.*',
  'prod.dual.type.*',
  'prod.dual.typeHint.*',
  'prod.hub.*',
  'prod.ieo.closed.*',
  'prod.lock.kind.*',
  'prod.lock.kindHint.*',
  'prod.lock.noOrders.*',
  'prod.lock.redeemTypes.*',
  'prod.status.*',
  'route.*', // page titles: titleKey(name) for every route in src/app
  'trade.kind.*',
  'trade.lever.*',
  'trade.notice.*',
  'trade.seconds.*',
  'trade.spotStatus.*',
  'trade.tabs.*',
];

/** Template keys whose values are a closed set: the template → the keys it can produce. */
const ENUMERATED_KEYS: Readonly<Record<string, readonly string[]>> = {
  'trade.*': ['trade.buy', 'trade.sell', 'trade.market', 'trade.limit'], // t(`trade.${side}`), t(`trade.${kind}`)
};

const PLURAL = /_(zero|one|two|few|many|other)$/;

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('*')
    .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

export interface CodeUsage {
  literals: Set<string>;
  /** Template keys as globs: `acct.${x}Required` → `acct.*Required`. */
  templates: Set<string>;
}

function sourceFiles(dir: string, skip: readonly string[], out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (skip.includes(p)) continue;
    if (statSync(p).isDirectory()) sourceFiles(p, skip, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

export function scanSource(text: string, into: CodeUsage): void {
  for (const m of text.matchAll(/(['"`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g)) into.literals.add(m[2]!);
  for (const m of text.matchAll(/`([A-Za-z][\w.]*\$\{[^`]*)`/g)) {
    into.templates.add(m[1]!.replace(/\$\{[^}]*\}/g, '*'));
  }
}

/** `skip`: folders left out (the back office has its own tables and its own check, scripts/i18n/admin.ts). */
export function scanCode(dirs: string[], skip: readonly string[] = []): CodeUsage {
  const usage: CodeUsage = { literals: new Set(), templates: new Set() };
  for (const dir of dirs) for (const f of sourceFiles(dir, skip)) scanSource(readFileSync(f, 'utf8'), usage);
  return usage;
}

export function isUsed(key: string, usage: CodeUsage, dynamic: readonly string[] = DYNAMIC_KEYS): boolean {
  const base = key.replace(PLURAL, '');
  if (usage.literals.has(key) || usage.literals.has(base)) return true;
  if (Object.values(ENUMERATED_KEYS).some((keys) => keys.includes(base))) return true;
  return dynamic.some((g) => globToRegExp(g).test(base));
}

/** Template keys in the code that no DYNAMIC_KEYS entry covers (the list must say how keys are built). */
export function undocumentedTemplates(usage: CodeUsage, dynamic: readonly string[] = DYNAMIC_KEYS): string[] {
  const dyn = new Set(dynamic);
  return [...usage.templates].filter((tpl) => {
    // Only templates that look like keys (a known namespace before the first `*`).
    if (!/^[a-z]+\./i.test(tpl) || tpl.includes('/') || tpl.includes(' ')) return false;
    if (dyn.has(tpl) || tpl in ENUMERATED_KEYS) return false;
    const sample = tpl.replace(/\*/g, 'x');
    return !dynamic.some((g) => globToRegExp(g).test(sample));
  });
}
