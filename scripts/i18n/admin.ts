/**
 * The back office's own tables (src/admin/i18n/<lang>.json, en and zh; src/admin/i18n/index.ts):
 * every key English has is in Chinese and no other, each with the same placeholders and Chinese
 * plural forms only; no key that the back office's code does not use; no Chinese text left in
 * English. Keys the code builds from a server value (t.or(`admin.queue.state.${s}`, s)) are listed in
 * ADMIN_DYNAMIC_KEYS, and a template key no entry covers is reported.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareLang, type Problem } from './check';
import { flatten, type FlatTable } from './tables';
import { isUsed, undocumentedTemplates, type CodeUsage } from './usage';

export type AdminTables = Record<'en' | 'zh', FlatTable>;

/** Back-office keys built at run time, as globs (`*` = any run of characters). */
const ADMIN_DYNAMIC_KEYS: readonly string[] = [
  'admin.queue.name.*',
  'admin.queue.state.*', // a review queue's noun and its items' status (queues.tsx)
  'admin.kyc.idTypes.*',
  'admin.withdraw.method.*', // core ID_TYPES, a withdrawal's method
  'admin.users.type.*', // balance account types by number: legal, change, lever, micro
  'admin.settings.field.*', // Editable's field names: the setting keys themselves (settings.tsx, game.tsx)
  'admin.service.state.*',
  'admin.service.ref.*', // conversation state, core SERVICE_REF_TYPES
  'admin.game.result.*',
  'admin.game.refund.*', // core GameOutcome / GameRoundStatus / GameSide, GameRefundReason
  'admin.jobs.state.*', // core AdminJobState (jobs.tsx)
  'admin.otc.orderStatus.*',
  'admin.otc.adStatus.*',
  'admin.otc.merchantStatus.*', // core OtcOrderStatus / OtcAdStatus / OtcMerchantStatus (otc.tsx, otcOrder.tsx)
  'admin.nft.listing.*',
  'admin.nft.edit.rule.*', // core NftListing (nft.tsx), NftEditPhase (nftEdit.tsx)
  'admin.otc.event.*',
  'admin.otc.actor.*',
  'admin.otc.payKind.*', // core OtcEventKind, OtcActor (+ an ad's closed_by, a chat line's sender), OTC_PAY_KINDS
  // the old console (server/admin/page.html): its tabs, a queue item's state, an NFT form's field names, account types 1-4
  'admin.console.tab.*',
  'admin.console.state.*',
  'admin.console.nft.field.*',
  'admin.console.user.type*',
  'admin.console.settings.flag.*',
];

const WHERE = 'src/admin/i18n/<lang>.json';
const CJK = /[\u3400-\u9fff]/;
const WORD = /[A-Za-z]{2,}/;

export function readAdminTables(dir: string): AdminTables {
  const read = (lang: string) => flatten(JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')));
  return { en: read('en'), zh: read('zh') };
}

export function checkAdminTables(tables: AdminTables, usage: CodeUsage): Problem[] {
  const out: Problem[] = compareLang(WHERE, 'zh', tables.en, tables.zh, false);
  for (const [key, text] of Object.entries(tables.zh)) {
    const words = text.replace(/\{\{[^}]*\}\}/g, '');
    if (WORD.test(tables.en[key]?.replace(/\{\{[^}]*\}\}/g, '') ?? '') && !CJK.test(words))
      out.push({ kind: 'untranslated', where: `${WHERE} [zh]`, key, detail: text });
  }
  for (const key of Object.keys(tables.en)) {
    if (!key.startsWith('admin.'))
      out.push({ kind: 'extra', where: WHERE, key, detail: 'back-office keys start with admin.' });
    else if (!isUsed(key, usage, ADMIN_DYNAMIC_KEYS)) out.push({ kind: 'unused', where: WHERE, key });
  }
  for (const tpl of undocumentedTemplates(usage, ADMIN_DYNAMIC_KEYS)) {
    if (tpl.startsWith('admin.'))
      out.push({
        kind: 'dynamic',
        where: 'src/admin',
        key: tpl,
        detail: 'template key not covered by ADMIN_DYNAMIC_KEYS (scripts/i18n/admin.ts)',
      });
  }
  return out;
}
