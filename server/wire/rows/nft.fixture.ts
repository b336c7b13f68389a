/** Conformance rows (WIRE.md "NFT", /bind_box/): see shared.ts. The item is made in conformance.test.ts. */
import { expect } from 'vitest';
import { arr, num, ok, w, type Row } from './shared.fixture';

export const NFT_ROWS: Row[] = [
  {
    call: 'bind_box/getBoxList (GET) {currency, pay_type 1, status 1, type ""}: a plain array with the tile fields',
    method: 'GET',
    path: 'bind_box/getBoxList',
    fields: { currency: '4', pay_type: '1', status: '1', type: '' },
    auth: false,
    check: (b) => {
      ok(b);
      const item = arr(b.message).find((i) => i.code === w.nft.code)!;
      expect(item).toMatchObject({
        id: w.nft.id,
        code: w.nft.code,
        name: expect.any(String),
        image: expect.any(String),
        rarity: expect.stringMatching(/^(N|R|SR)$/),
        collect: 0,
        pay_type: 1,
        author_name: 'Family Artist',
        price: '100',
        per_increase: expect.stringMatching(num),
      });
      for (const f of ['author_id', 'author_avatar', 'start_time', 'end_time']) expect(item).toHaveProperty(f);
      for (const i of arr(b.message)) expect(i).toMatchObject({ pay_type: 1, status: 1 });
    },
  },
  {
    call: 'bind_box/getBoxDetail {id}: author, description, margin, resell_nft_status, rarity_status 1 (not a sealed box)',
    method: 'GET',
    path: 'bind_box/getBoxDetail',
    fields: () => ({ id: String(w.nft.id) }),
    auth: false,
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({
        code: w.nft.code,
        description: expect.any(String),
        author_name: 'Family Artist',
        margin: expect.stringMatching(num),
        resell_nft_status: expect.anything(),
        rarity_status: 1,
      });
    },
  },
  {
    call: 'bind_box/getBoxDetail {id} of a blind box (pay_type 3): rarity_status 0, sealed (the client offers "open")',
    method: 'GET',
    path: 'bind_box/getBoxDetail',
    fields: () => ({ id: String(w.nftBox.id) }),
    auth: false,
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({ code: w.nftBox.code, pay_type: 3, rarity_status: 0 });
    },
  },
  {
    call: 'bind_box/collect {code}: a heart on the item',
    method: 'POST',
    path: 'bind_box/collect',
    fields: () => ({ code: w.nft.code }),
    check: (b) => expect(b).toMatchObject({ type: 'ok', message: true }),
  },
  {
    call: "bind_box/getCollection: the user's favourites (hearts), not a collection of works",
    method: 'GET',
    path: 'bind_box/getCollection',
    fields: {},
    check: (b) => expect(arr(b.message).map((i) => i.code)).toEqual([w.nft.code]),
  },
  {
    call: 'bind_box/buyNFT {code}: bought at the fixed price',
    method: 'POST',
    path: 'bind_box/buyNFT',
    fields: () => ({ code: w.nft.code }),
    check: (b) => ok(b),
  },
  {
    call: 'bind_box/getBoxList after the sale: the item is no longer on sale (status 1)',
    method: 'GET',
    path: 'bind_box/getBoxList',
    fields: { status: '1', pay_type: '1' },
    auth: false,
    check: (b) => expect(arr(b.message).map((i) => i.code)).not.toContain(w.nft.code),
  },
  {
    call: 'bind_box/getNeedPayNFTOrder: won auctions awaiting payment (none)',
    method: 'GET',
    path: 'bind_box/getNeedPayNFTOrder',
    fields: {},
    check: (b) => expect(b).toMatchObject({ type: 'ok', message: [] }),
  },
];
