/**
 * Finds Simplified-only characters in Hong Kong text. A character is flagged when OpenCC changes it
 * both under cn → hk and under cn → t (standard Traditional): the second test keeps HK variant
 * spellings (户, 兑, 閲) and their Taiwan twins (戶, 兌, 閱) alike legal, since both are Traditional.
 * Whole strings are converted so OpenCC's phrase tables keep valid uses (公里, 皇后) untouched.
 */
import { Converter } from 'opencc-js/cn2t';

const cnToHk = Converter({ from: 'cn', to: 'hk' });
const cnToT = Converter({ from: 'cn', to: 't' });

/** Characters that may stay although OpenCC changes them. */
const HK_ALLOWED: ReadonlySet<string> = new Set<string>([
  '折', // 折合 / 折扣 are Traditional too; OpenCC's phrase table turns 折合 into 摺合.
]);

export function simplifiedChars(text: string): string[] {
  const a = [...text];
  const hk = [...cnToHk(text)];
  const t = [...cnToT(text)];
  const aligned = hk.length === a.length && t.length === a.length;
  const bad = a.filter(
    (ch, i) => !HK_ALLOWED.has(ch) && (aligned ? ch !== hk[i] && ch !== t[i] : cnToHk(ch) !== ch && cnToT(ch) !== ch),
  );
  return [...new Set(bad)];
}
