/**
 * Checks a blind-box series from outside: fetches its public view (manifest, commitment, revealed
 * seed, purchase list) and recomputes every box with core's verifier.
 *   npx tsx scripts/verify-boxes.ts http://localhost:8080 BOX-3001
 * Exit code 0: every box matches the committed seed; 1: a mismatch (printed); 2: not revealed yet.
 */
import { verifyBoxes, type NftBoxSeries, type NftDetail } from '../core';

async function main(): Promise<number> {
  const [base, code] = process.argv.slice(2);
  if (!base || !code) {
    console.error('usage: verify-boxes <server url> <series code>');
    return 2;
  }
  const res = await fetch(`${base.replace(/\/$/, '')}/api/bind_box/getBoxDetail?code=${encodeURIComponent(code)}`);
  const body = (await res.json()) as { type: string; message: NftDetail | string };
  if (body.type !== 'ok' || typeof body.message === 'string') throw new Error(String(body.message));
  const s = body.message.series as NftBoxSeries | null;
  if (!s) throw new Error(`${code} is not a blind-box series`);
  if (!s.seed) {
    console.log(`${code}: ${s.sold}/${s.total} sold, seed not revealed yet (commitment ${s.commitment})`);
    return 2;
  }
  const check = verifyBoxes({
    seed: s.seed,
    commitment: s.commitment,
    seriesId: s.id,
    manifest: s.manifest,
    purchases: s.purchases.map((p) => ({ k: p.k, prize: p.prize ?? '' })),
  });
  console.log(JSON.stringify(check, null, 2));
  return check.ok ? 0 : 1;
}

main().then(
  (c) => process.exit(c),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
