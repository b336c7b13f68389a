/**
 * The load hook, label/value rows and money confirmation sheet the funds pages already use,
 * re-exported from one seam so the product pages share them rather than fork them; when they move
 * to src/components only this file changes.
 */
export { useLoad } from '../load/useLoad';
export { DetailRows, type Row } from '../funds/DetailRows';
export { confirmMoney } from '../funds/confirmMoney';
export { when } from '../funds/format';
