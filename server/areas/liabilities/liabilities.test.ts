/**
 * Proof of liabilities against the database: snapshots equal the ledger at their journal position
 * (also while transfers run), proofs verify and are the caller's own only, snapshots cannot be
 * changed, `npm run verify` catches a tampered stored leaf, and the standalone CLI checks a real
 * proof, a tampered one and the leaf list.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACCOUNT_TYPES,
  decodeProofText,
  encodeProof,
  encodeProofText,
  toBase64url,
  toUnits,
  verifyEncodedProof,
  verifyProof,
  type LiabilityLeafList,
  type LiabilityProof,
  type LiabilitySnapshotSummary,
} from '../../../core';
import { credit, freeze } from '../../db/ledger';
import { transfer } from '../../db/ledger-transfer';
import { inTransaction } from '../../db/tx';
import { call, closeKit, kit, operator, user, type TestUser } from '../../testing/funds-kit';
import type { TestApp } from '../../testing/app';
import { sha256Async, takeSnapshot } from './domain';
import { scheduleNextDaily } from './jobs';
import { liabilitiesChecker } from './verify';

const BTC = 1;
const USDT = 4;
const run = promisify(execFile);

let t: TestApp;
let op: string;
let a: TestUser;
let b: TestUser;

async function grant(
  userId: number,
  currencyId: number,
  amount: string,
  type: number = ACCOUNT_TYPES.change,
): Promise<void> {
  await inTransaction(t.app.db, (trx) => credit(trx, { userId, currencyId, type, amount, reason: 'test_grant' }));
}

const okOf = async <T>(p: Promise<{ type: string; message: unknown }>): Promise<T> => {
  const r = await p;
  if (r.type !== 'ok') throw new Error(JSON.stringify(r));
  return r.message as T;
};
const snapshotNow = (reason = 'month-end audit') =>
  okOf<LiabilitySnapshotSummary>(call(t, 'POST', '/admin/api/liabilities/snapshot', op, { reason }));
/** the served proof (core's binary layout as base64url text), decoded */
const proofOf = async (u: TestUser, id: number): Promise<LiabilityProof> =>
  decodeProofText(await okOf<string>(call(t, 'GET', `/api/liabilities/${id}/proof`, u.token)));

beforeAll(async () => {
  t = await kit();
  op = await operator(t);
  a = await user(t);
  b = await user(t);
  await grant(a.id, USDT, '1234.5');
  await grant(a.id, BTC, '0.000000000000000001', ACCOUNT_TYPES.lever);
  await grant(b.id, USDT, '10');
  await grant(b.id, BTC, '2.5');
  await inTransaction(t.app.db, (trx) =>
    freeze(trx, { userId: b.id, currencyId: BTC, type: ACCOUNT_TYPES.change, amount: '0.5', reason: 'test_freeze' }),
  );
});
afterAll(() => closeKit(t));

describe('snapshots and proofs', () => {
  it('an operator snapshot holds each user total (available + frozen, all account types) and logs the reason', async () => {
    const s = await snapshotNow();
    const coins = s.coins.map((c) => c.symbol);
    const units = (coin: string, v: string) => toUnits(v, s.coins[coins.indexOf(coin)].decimals).toString();
    expect(s.coins[coins.indexOf('BTC')].decimals).toBe(18);
    const pa = await proofOf(a, s.id);
    const pb = await proofOf(b, s.id);
    expect(pa.leaf.balances[coins.indexOf('USDT')]).toBe(units('USDT', '1234.5'));
    expect(pa.leaf.balances[coins.indexOf('BTC')]).toBe('1');
    expect(pb.leaf.balances[coins.indexOf('BTC')]).toBe(units('BTC', '2.5'));
    for (const p of [pa, pb]) expect(await verifyProof(p, sha256Async)).toMatchObject({ ok: true });
    const served = await okOf<string>(call(t, 'GET', `/api/liabilities/${s.id}/proof`, a.token));
    expect(served).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await verifyEncodedProof(served, sha256Async)).result.ok).toBe(true);
    const logged = await t.app.db
      .selectFrom('operator_actions')
      .select(['action', 'reason', 'target'])
      .where('action', '=', 'liabilities_snapshot')
      .execute();
    expect(logged).toContainEqual({
      action: 'liabilities_snapshot',
      reason: 'month-end audit',
      target: `liability_snapshot:${s.id}`,
    });
    expect((await call(t, 'POST', '/admin/api/liabilities/snapshot', op, { reason: '' })).type).toBe('error');
  });

  it('the public routes give the latest, the history newest first, one snapshot, and the leaf list without ids or salts', async () => {
    const first = await snapshotNow('first');
    const second = await snapshotNow('second');
    expect((await okOf<LiabilitySnapshotSummary>(call(t, 'GET', '/api/liabilities/latest'))).id).toBe(second.id);
    const list = await okOf<LiabilitySnapshotSummary[]>(call(t, 'GET', '/api/liabilities'));
    expect(list.map((s) => s.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(await okOf(call(t, 'GET', `/api/liabilities/${first.id}`))).toEqual(first);
    const res = await t.app.inject({ method: 'GET', url: `/api/liabilities/${first.id}/leaves` });
    expect(res.headers['content-disposition']).toContain('attachment');
    const doc = JSON.parse(res.body) as LiabilityLeafList;
    expect(doc.leaves).toHaveLength(first.leafCount);
    expect(Object.keys(doc.leaves[0]).sort()).toEqual(['balances', 'hash']);
    expect(res.body).not.toContain((await proofOf(a, first.id)).leaf.salt);
    expect((await call(t, 'GET', '/api/liabilities/999999')).message).toBe('This liabilities snapshot does not exist');
  });

  it("another user's proof is unreachable: the proof is always the caller's, and needs a token", async () => {
    const s = await snapshotNow();
    const asked = decodeProofText(
      await okOf<string>(call(t, 'GET', `/api/liabilities/${s.id}/proof?user_id=${a.id}`, b.token)),
    );
    expect(asked.leaf.userId).toBe(String(b.id));
    expect((await call(t, 'GET', `/api/liabilities/${s.id}/proof`)).type).not.toBe('ok');
    // each salt differs per user and per snapshot
    const again = await snapshotNow();
    expect((await proofOf(a, again.id)).leaf.salt).not.toBe((await proofOf(a, s.id)).leaf.salt);
    const late = await user(t);
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/liabilities/${s.id}/proof`,
      headers: { authorization: late.token, lang: 'fra' },
    });
    expect(JSON.parse(r.body)).toMatchObject({
      type: 'error',
      message: "Vous n'aviez pas encore de compte lors de cet instantané : il ne contient aucun solde à votre nom",
    });
  });

  it('a daily snapshot is taken once per day, and the next one is queued for midnight UTC', async () => {
    const one = await takeSnapshot(t.app.db, { kind: 'daily', day: '2031-01-02' });
    const two = await takeSnapshot(t.app.db, { kind: 'daily', day: '2031-01-02' });
    expect(two?.id).toBe(one?.id);
    expect(await scheduleNextDaily(t.app.db, Date.UTC(2031, 0, 2, 13))).toBe('2031-01-03');
    expect(await takeSnapshot(t.app.db, { kind: 'start' })).toBeUndefined();
  });
});

describe('immutability', () => {
  it('the database refuses to update, delete or truncate a published snapshot; no route edits one', async () => {
    const s = await snapshotNow();
    const db = t.app.db;
    await expect(
      sql`UPDATE liability_snapshots SET root_hash = ${'0'.repeat(64)} WHERE id = ${s.id}`.execute(db),
    ).rejects.toThrow(/cannot be changed/);
    await expect(
      sql`UPDATE liability_leaves SET balances = '{0,0}' WHERE snapshot_id = ${s.id}`.execute(db),
    ).rejects.toThrow(/cannot be changed/);
    await expect(sql`DELETE FROM liability_balances WHERE snapshot_id = ${s.id}`.execute(db)).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(sql`TRUNCATE liability_leaves`.execute(db)).rejects.toThrow(/cannot be changed/);
    for (const method of ['PUT', 'DELETE', 'PATCH', 'POST'] as const) {
      const r = await t.app.inject({ method, url: `/admin/api/liabilities/${s.id}`, headers: { authorization: op } });
      expect(r.statusCode).toBe(404);
    }
  });
});

describe('the ledger moving during a snapshot', () => {
  it('a snapshot taken while transfers run equals the ledger replayed to its journal position', async () => {
    const users = [a, b, await user(t), await user(t)];
    for (const u of users) await grant(u.id, USDT, '1000');
    let stop = false;
    const mover = async (i: number) => {
      let n = 0;
      while (!stop || n < 5) {
        const from = users[(i + n) % users.length];
        const to = users[(i + n + 1) % users.length];
        await transfer(t.app.db, {
          from: { userId: from.id, currencyId: USDT, type: 2, reason: 'transfer_out' },
          to: { userId: to.id, currencyId: USDT, type: 2, reason: 'transfer_in' },
          amount: '0.01',
        });
        n++;
      }
      return n;
    };
    const movers = [0, 1, 2].map(mover);
    const snaps: Array<LiabilitySnapshotSummary | undefined> = [];
    for (let i = 0; i < 3; i++)
      snaps.push(await takeSnapshot(t.app.db, { kind: 'operator', reason: `during transfers ${i}` }));
    stop = true;
    expect((await Promise.all(movers)).every((n) => n >= 5)).toBe(true);
    const rows = await liabilitiesChecker.check(t.app.db);
    expect(rows.filter((r) => !r.ok)).toEqual([]);
    for (const s of snaps) expect(rows.some((r) => r.id === `snapshot ${s!.id} leaves` && r.ok)).toBe(true);
    const later = await snapshotNow('after transfers');
    for (const s of snaps) {
      const totals = await sql<{
        total: string;
      }>`SELECT SUM(delta_available + delta_frozen)::text AS total FROM journal WHERE currency_id = ${USDT} AND id <= ${s!.journalId}`.execute(
        t.app.db,
      );
      const usdt = s!.coins.findIndex((c) => c.symbol === 'USDT');
      expect(s!.totals[usdt]).toBe(toUnits(totals.rows[0].total, s!.coins[usdt].decimals).toString());
    }
    expect(later.totals.map((v, j) => toUnits(v, 0) * 10n ** BigInt(18 - later.coins[j].decimals))).toEqual(
      snaps[2]!.totals.map((v, j) => toUnits(v, 0) * 10n ** BigInt(18 - snaps[2]!.coins[j].decimals)),
    );
  });
});

describe('npm run verify', () => {
  it('catches a tampered stored leaf, naming the snapshot and the leaf', async () => {
    const s = await snapshotNow('to tamper');
    const db = t.app.db;
    const p = await proofOf(b, s.id);
    const bad = p.leaf.balances.map((v, i) => (i === 0 ? String(BigInt(v) + 1n) : v));
    await sql`ALTER TABLE liability_leaves DISABLE TRIGGER liability_leaves_immutable`.execute(db);
    try {
      await sql`UPDATE liability_leaves SET balances = ${bad} WHERE snapshot_id = ${s.id} AND user_id = ${b.id}`.execute(
        db,
      );
      const failed = (await liabilitiesChecker.check(db)).filter((r) => !r.ok).map((r) => r.id);
      const leaf = `snapshot ${s.id} leaf ${p.leaf.index} (user ${b.id})`;
      expect(failed).toContain(leaf);
      expect(failed).toContain(`snapshot ${s.id} root`);
      expect(failed).toContain(`${leaf} ${s.coins[0].symbol}`);
    } finally {
      await sql`UPDATE liability_leaves SET balances = ${p.leaf.balances} WHERE snapshot_id = ${s.id} AND user_id = ${b.id}`.execute(
        db,
      );
      await sql`ALTER TABLE liability_leaves ENABLE TRIGGER liability_leaves_immutable`.execute(db);
    }
    expect((await liabilitiesChecker.check(db)).filter((r) => !r.ok)).toEqual([]);
  });
});

describe('the standalone verifier (scripts/verify-liabilities.ts)', () => {
  const cli = async (...args: string[]) => {
    try {
      const r = await run(process.execPath, ['--import', 'tsx', 'scripts/verify-liabilities.ts', ...args], {
        cwd: process.cwd(),
      });
      return { code: 0, out: r.stdout };
    } catch (e) {
      const x = e as { code: number; stdout: string };
      return { code: x.code, out: x.stdout };
    }
  };

  it('verifies a real proof and the leaf list, and names the broken step of a tampered proof', async () => {
    const s = await snapshotNow('for the CLI');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pol-'));
    const envelope = (
      await t.app.inject({ method: 'GET', url: `/api/liabilities/${s.id}/proof`, headers: { authorization: a.token } })
    ).body;
    await fs.writeFile(path.join(dir, 'proof.json'), envelope);
    const proof = decodeProofText(JSON.parse(envelope).message as string);
    await fs.writeFile(path.join(dir, 'proof.bin'), encodeProof(proof));
    proof.leaf.balances[0] = String(BigInt(proof.leaf.balances[0]) + 1n);
    await fs.writeFile(path.join(dir, 'tampered.txt'), encodeProofText(proof));
    await fs.writeFile(
      path.join(dir, 'leaves.json'),
      (await t.app.inject({ method: 'GET', url: `/api/liabilities/${s.id}/leaves` })).body,
    );
    const [good, raw, tampered, leaves] = await Promise.all([
      cli(path.join(dir, 'proof.json')),
      cli(path.join(dir, 'proof.bin')),
      cli(path.join(dir, 'tampered.txt')),
      cli('--leaves', path.join(dir, 'leaves.json')),
    ]);
    expect(good).toMatchObject({ code: 0, out: expect.stringContaining('VERIFIED') });
    expect(raw).toMatchObject({ code: 0, out: expect.stringContaining('VERIFIED') });
    expect(tampered.code).toBe(1);
    expect(tampered.out).toContain('FAIL leaf');
    expect(leaves).toMatchObject({ code: 0, out: expect.stringContaining('ok   root') });
    await fs.rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('fails on any changed byte of the leaf or the path (sibling hashes and sums), naming where', async () => {
    const s = await snapshotNow('for the CLI, tampered');
    const p = await proofOf(b, s.id);
    const bytes = encodeProof(p);
    const leafStart = leafStartOf(p);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pol-'));
    // a process per case: a few random cases here, the full property runs in core (proof-bytes.test.ts)
    const cases = fc.sample(
      fc.tuple(fc.nat({ max: bytes.length - leafStart - 1 }), fc.integer({ min: 1, max: 255 })),
      6,
    );
    const outs = await Promise.all(
      cases.map(async ([off, xor], i) => {
        const bad = bytes.slice();
        bad[leafStart + off] ^= xor;
        const file = path.join(dir, `bad-${i}.txt`);
        await fs.writeFile(file, toBase64url(bad));
        return cli(file);
      }),
    );
    for (const [i, r] of outs.entries()) {
      expect(r.code, `byte ${leafStart + cases[i][0]}`).toBe(1);
      expect(r.out).toMatch(/FAIL (format|leaf|step \d+|root): /);
    }
    await fs.rm(dir, { recursive: true, force: true });
  }, 120_000);
});

/** where the leaf starts in p's encoding: after the snapshot part (header, coin list, totals) */
function leafStartOf(p: LiabilityProof): number {
  const bare = { ...p, leaf: { ...p.leaf, userId: '', balances: p.leaf.balances.map(() => '0') }, path: [] };
  // an empty leaf is its index (4), user id length (1), salt and hash (64), one zero byte per coin, the step count (1)
  return encodeProof(bare).length - (4 + 1 + 64 + p.leaf.balances.length + 1);
}
