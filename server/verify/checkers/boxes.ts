/** Blind boxes: every box sold recomputed from its series' seed, commitment and purchase order (core proveBoxes). */
import { proveBoxes } from '../../../core';
import type {} from '../../areas/nft/domain'; // the NFT tables join Database there
import type { OutcomeChecker, VerifyRow } from '../../db/outcome-checker';
import { rowOf } from '../rows';

export const boxesChecker: OutcomeChecker = {
  product: 'blind boxes',
  async check(db) {
    const series = await db.selectFrom('nft_box_series').selectAll().where('sold', '>', 0).orderBy('id').execute();
    const out: VerifyRow[] = [];
    for (const s of series) {
      const boxes = await db
        .selectFrom('nft_boxes')
        .select(['id', 'code', 'k', 'prize'])
        .where('series_id', '=', s.id)
        .orderBy('k')
        .execute();
      const proofs = proveBoxes({
        seriesId: s.id,
        seed: s.secret_seed,
        commitment: s.commitment,
        manifest: s.manifest,
        boxes,
      });
      for (const b of boxes) {
        const proof = proofs.get(b.k);
        if (proof) out.push(rowOf(b.code, proof));
      }
    }
    return out;
  },
};
